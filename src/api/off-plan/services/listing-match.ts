/**
 * The projects as another domain matches listing queries against them: the buyers' alerts (their part of
 * the registry's entry, decision 213) and the search box's counts. Read by the listing's own parser and
 * search index (lib/query.ts, lib/project-catalogue.ts), without pages or facets: the current index when
 * it is of the projects matched, else one built here over them, in slices (decision 93).
 */
import type { Core } from '@strapi/strapi';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../lib/locale';
import { parseQueryString } from '../../../lib/query-string';
import { inSlices, projectsService, slicer, type NormalisedProject, type Pause, type ProjectCollection } from '../../../plugins/extsource/server/src/public';
import { bitsetOf, count, intersect, members, type Bitset } from '../../../lib/catalogue/bitset';
import { currencyView } from '../../../lib/catalogue/engine/currency';
import { PROJECT_VIEWS } from '../lib/project-views';
import type { AlertItems, AlertSearch, CatalogueAlerts } from '../../catalogues/services/registry';
import { SITE_CURRENCY, type Currency } from '../../catalogues/services/vocabulary';
import { pageUrl } from '../../website/services/site-pages';
import { indexBuild, matchingSet, type ProjectIndex } from '../lib/project-catalogue';
import { projectIn } from '../lib/project-locale';
import { parseListingQuery } from '../lib/query';
import { offPlanService } from './off-plan';

export type { ProjectIndex };

/** A listing query matched against one project index, its prices in each currency a query names kept. */
class ProjectSearch implements AlertSearch {
  private readonly pricesIn = new Map<Currency, Float64Array>();

  /** `rates`: AED per unit of each other currency, for queries priced in one (CURRENCY_RATES). */
  constructor(private readonly index: ProjectIndex, private readonly rates: Record<string, number>) {}

  names(id: string): Record<Locale, string> {
    const project = this.index.projects[this.index.byId.get(id)!];
    return Object.fromEntries(LOCALES.map((locale) => [locale, projectIn(project, locale).name])) as Record<Locale, string>;
  }

  setOf(ids?: readonly string[]): Bitset {
    return bitsetOf(this.index.projects.length, ids ? ids.map((id) => this.index.byId.get(id)!) : this.index.projects.keys());
  }

  matching(query: string, within: Bitset): string[] | null {
    const parsed = parseListingQuery(parseQueryString(query), DEFAULT_LOCALE);
    if (!parsed.ok) return null;
    const { filters } = parsed.query;
    const matches = matchingSet(this.index, filters, this.prices(filters.currency ?? SITE_CURRENCY));
    return members(matches ? intersect([matches, within])! : within).map((position) => this.index.projects[position].id);
  }

  private prices(currency: Currency): Float64Array {
    if (currency === SITE_CURRENCY) return this.index.prices;
    let prices = this.pricesIn.get(currency);
    if (!prices) {
      prices = currencyView(this.index, PROJECT_VIEWS, currency, this.rates).prices;
      this.pricesIn.set(currency, prices);
    }
    return prices;
  }
}

/** How many projects of `index` the off-plan listing shows for `query` (a listing query string); 0 when it does not read. */
export function countProjects(index: ProjectIndex, query: string): number {
  const parsed = parseListingQuery(parseQueryString(query), DEFAULT_LOCALE);
  if (!parsed.ok) return 0;
  const matches = matchingSet(index, parsed.query.filters);
  return matches ? count(matches) : index.projects.length;
}

/** A search of `projects` on an index built here over them, a slice at a time. */
export async function projectSearchOf(projects: NormalisedProject[], rates: Record<string, number>, pause: Pause = slicer()): Promise<AlertSearch> {
  return new ProjectSearch(await inSlices(indexBuild(projects), pause), rates);
}

/** A search of `projects` on the listing's own English index when it is of them, else on one built over them. */
async function projectSearch(strapi: Core.Strapi, projects: NormalisedProject[], pause: Pause): Promise<AlertSearch> {
  const rates = projectsService(strapi).currencyRates();
  const current = await offPlanService(strapi).projectIndex();
  return current.projects === projects ? new ProjectSearch(current, rates) : projectSearchOf(projects, rates, pause);
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
