/**
 * The projects as another domain matches listing queries against them: the buyers' alerts (their part of
 * the registry's entry, decision 213) and the search box's counts. Read by the listing's own parser and
 * search index (lib/query.ts, lib/project-catalogue.ts), without pages or facets: the current index when
 * it is of the projects matched, else one built here over them, in slices (decision 93).
 */
import type { Core } from '@strapi/strapi';
import { DEFAULT_LOCALE, LOCALES } from '../../../lib/locale';
import { parseQueryString } from '../../../lib/query-string';
import { inSlices, projectsService, slicer, type NormalisedProject, type Pause, type ProjectCollection } from '../../../plugins/extsource/server/src/public';
import { currencyView } from '../../../lib/catalogue/engine/currency';
import { PROJECT_VIEWS } from '../lib/project-views';
import { alertSearchOf, countSelected, type AlertItems, type AlertSearch, type CatalogueAlerts, type ItemSelection } from '../../catalogues/services/registry';
import { pageUrl } from '../../website/services/site-pages';
import { indexBuild, matchingSet, type ProjectIndex } from '../lib/project-catalogue';
import { projectIn } from '../lib/project-locale';
import { parseListingQuery } from '../lib/query';
import { offPlanService } from './off-plan';

export type { ProjectIndex };

/**
 * The projects of `index` a stored listing query string selects, read by the listing's own parser; its
 * prices in the query's currency when `rates` are given (an alert's), else in AED (the search box's
 * counts, whose queries name no currency).
 */
function projectSelection(index: ProjectIndex, rates?: Record<string, number>): ItemSelection {
  return {
    count: index.projects.length,
    keyAt: (position) => index.projects[position].id,
    positionOf: (id) => index.byId.get(id),
    select(query) {
      const parsed = parseListingQuery(parseQueryString(query), DEFAULT_LOCALE);
      if (!parsed.ok) return null;
      const { filters } = parsed.query;
      return matchingSet(index, filters, rates ? currencyView(index, PROJECT_VIEWS, filters.currency, rates).prices : index.prices);
    },
  };
}

/** A listing query matched against one project index; `rates`: AED per unit of each other currency (CURRENCY_RATES). */
const projectSearchIn = (index: ProjectIndex, rates: Record<string, number>): AlertSearch =>
  alertSearchOf(projectSelection(index, rates), (position) => Object.fromEntries(LOCALES.map((locale) => [locale, projectIn(index.projects[position], locale).name])));

/** How many projects of `index` the off-plan listing shows for `query` (a listing query string); 0 when it does not read. */
export const countProjects = (index: ProjectIndex, query: string): number => countSelected(projectSelection(index), query);

/** A search of `projects` on an index built here over them, a slice at a time. */
export async function projectSearchOf(projects: NormalisedProject[], rates: Record<string, number>, pause: Pause = slicer()): Promise<AlertSearch> {
  return projectSearchIn(await inSlices(indexBuild(projects), pause), rates);
}

/** A search of `projects` on the listing's own English index when it is of them, else on one built over them. */
async function projectSearch(strapi: Core.Strapi, projects: NormalisedProject[], pause: Pause): Promise<AlertSearch> {
  const rates = projectsService(strapi).currencyRates();
  const current = await offPlanService(strapi).projectIndex();
  return current.projects === projects ? projectSearchIn(current, rates) : projectSearchOf(projects, rates, pause);
}

/** `projects` read from `source` (a collection, fetched at `fetchedAt`, or the records of an earlier match). */
function projectItems(strapi: Core.Strapi, projects: NormalisedProject[], source: object, fetchedAt?: string): AlertItems {
  return {
    source,
    fetchedAt,
    count: projects.length,
    keyAt: (position) => projects[position].id,
    priceAt: (position) => projects[position].price.starting_from ?? null,
    recordAt: (position) => projects[position],
    search: (pause) => projectSearch(strapi, projects, pause),
  };
}

const collectionItems = (strapi: Core.Strapi, collection: ProjectCollection) => projectItems(strapi, collection.projects, collection, collection.fetchedAt);

/** The projects to the buyers' alerts: matched once per collection across instances, as soon as an instance adopts it. */
export const projectAlerts: CatalogueAlerts = {
  seenTable: 'app_alert_seen',
  lease: 'alerts:match',
  keyPrefix: '',
  matchedMark: 'matched',
  loaded(strapi) {
    const collection = projectsService(strapi).peek();
    return collection && collectionItems(strapi, collection);
  },
  onAdopt(strapi, match) {
    projectsService(strapi).prepareWith(async (collection) => () => match(collectionItems(strapi, collection)));
  },
  earlier: (strapi, records) => projectItems(strapi, records as NormalisedProject[], records),
  async pages(strapi, locale) {
    const slugs = await offPlanService(strapi).projectSlugs();
    return (id) => pageUrl('project', locale, { slug: slugs.get(id) ?? id });
  },
  pricesFrom: true,
};
