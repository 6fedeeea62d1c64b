/**
 * The off-plan endpoints' data per locale: the published page content (under `offplan_page_data`,
 * `offplan_page_data:ar` in Arabic, cleared when an editor publishes the page in English or in that
 * language, or changes its media), the finished legacy page JSON, and the listing pages, map answers and
 * filters asked for last: every catalogue's lists (catalogues/services/catalogue-lists.ts) on the
 * projects' builds (project-builds.ts), kept beside the index with the currency view, page content or
 * developers they were rendered in, and answered by the fast lane from memory alone. What else is the
 * projects' own is project-answers.ts's (one project, its slugs, a lead's project, the sitemap's) and
 * developer-answers.ts's. The draft page and legacy answers (a preview, decision 60) are built from the
 * page's draft each time and never cached.
 */
import type { Core } from '@strapi/strapi';
import { cache, type CacheEntry } from '../../../lib/cache';
import { liveAnswer } from '../../../lib/catalogue/engine/live-result';
import { renderMapAnswer } from '../../../lib/catalogue/engine/map-answer';
import type { ReadVersions } from '../../../lib/drafts';
import { success } from '../../../lib/envelope';
import { DEFAULT_LOCALE, localized, type Locale } from '../../../lib/locale';
import { parseQueryString } from '../../../lib/query-string';
import { jsonRepresentation, Representation } from '../../../lib/representation';
import { projectsService, type Developer } from '../../../plugins/extsource/server/src/public';
import { catalogueLists } from '../../catalogues/services/catalogue-lists';
import type { LiveResult } from '../../catalogues/services/vocabulary';
import { pageLinks } from '../../website/services/site-pages';
import { filtersData, renderListing, type PreparedCurrency, type PreparedPage } from '../lib/listing-response';
import type { OffPlanPageContent } from '../lib/page-content';
import type { ProjectIndex } from '../lib/project-catalogue';
import { PROJECT_VIEWS } from '../lib/project-views';
import { parseListingQuery, parseMapQuery, type ListingQuery, type MapQuery } from '../lib/query';
import { collectionSlugs } from './collection-slugs';
import { developerAnswers } from './developer-answers';
import { LEGACY_CACHE_KEY, pageCache } from './off-plan-cache';
import { offPlanPage } from './off-plan-page';
import { projectAnswers } from './project-answers';
import { projectBuilds, type IndexedCollection } from './project-builds';
import { DEVELOPER_PAGE_UID, seoOverrides } from './seo-overrides';

export type { ProjectLookup, SitemapProject } from './project-answers';

/** The one filters answer of a project index: its route reads no query. */
const FILTERS = 'filters';

/** The types of the off-plan lists (catalogues/services/catalogue-lists.ts). */
interface OffPlanLists {
  index: IndexedCollection;
  pageQuery: ListingQuery;
  mapQuery: MapQuery;
  filtersKey: typeof FILTERS;
  pageContext: readonly [PreparedCurrency, PreparedPage];
  mapContext: readonly [PreparedCurrency];
  filtersContext: readonly [Developer[]];
}

// The page's SEO (decision 111) is on the page's own answer, not repeated in every listing page.
const legacyBody = (page: OffPlanPageContent, locale: Locale) =>
  success({ hero: page.hero, guide: page.guide, sold_section: page.soldSection, seo: page.seo, ...pageLinks('off-plan', locale) });

const createOffPlanService = ({ strapi }: { strapi: Core.Strapi }) => {
  const page = offPlanPage(strapi);
  const slugs = collectionSlugs(strapi);
  const overrides = seoOverrides(strapi);
  const developers = developerAnswers(strapi, overrides);

  const builds = projectBuilds(strapi, slugs.of);
  const projects = projectAnswers(strapi, builds, slugs, overrides);
  const { built: projectIndex, peek: peekIndex, inCurrency, peekCurrency, currentIn } = builds;

  /**
   * The listing pages, map answers and filters asked for last (decisions 211, 222, 225): a listing page
   * kept while its currency view and page content are current, a map (decision 123) while its currency
   * view is, and the filters while the developers they name are the ones in memory (those live
   * `developersTtlSeconds`; once they have expired the answer is rendered again from the next).
   */
  const lists = catalogueLists<OffPlanLists>(
    {
      pages: {
        parse: parseListingQuery,
        context: async (prepared, query, locale) => [await inCurrency(prepared, query.filters.currency), await page.published(locale)],
        peekContext(prepared, query, locale) {
          const currency = peekCurrency(prepared, query.filters.currency);
          const content = page.peek(locale);
          return currency && content && [currency, content];
        },
        current: (prepared, locale, [currency, content]) => content === page.peek(locale) && currentIn(prepared, currency),
        // Compressed fast rather than small: a listing page is asked for far fewer times than a page.
        render: (prepared, query, [currency, content]) => new Representation(renderListing(prepared, currency, content, query), false),
      },
      maps: {
        parse: parseMapQuery,
        context: async (prepared, query) => [await inCurrency(prepared, query.filters.currency)],
        peekContext(prepared, query) {
          const currency = peekCurrency(prepared, query.filters.currency);
          return currency && [currency];
        },
        current: (prepared, _locale, [currency]) => currentIn(prepared, currency),
        render: (prepared, query, [currency]) => new Representation(renderMapAnswer(prepared.index, PROJECT_VIEWS, currency.view, query), false),
      },
      filters: {
        parse: () => FILTERS,
        context: async () => [await projectsService(strapi).developers()],
        peekContext() {
          const developers = projectsService(strapi).peekDevelopers();
          return developers && [developers];
        },
        render: (prepared, _key, [developers]) => jsonRepresentation(success(filtersData(prepared.index, developers))),
      },
      lanes: { page: 'api::off-plan.off-plan.projects', map: 'api::off-plan.off-plan.map', filters: 'api::off-plan.off-plan.filters' },
    },
    // A collection's builds are prepared before it is served: no answer is ever an interim one.
    { built: projectIndex, peek: peekIndex, sent: (_locale, representation) => representation }
  );

  const service = {
    ...projects,

    /** Each new collection's indexes prepared before it is served (at bootstrap). */
    start: builds.start,

    async pageContent(locale: Locale = DEFAULT_LOCALE): Promise<OffPlanPageContent> {
      return (await page.published(locale)).content;
    },

    async projectIndex(locale: Locale = DEFAULT_LOCALE): Promise<ProjectIndex> {
      return (await projectIndex(locale)).index;
    },

    listing: lists.page,

    /**
     * What a page's live section shows of a listing query string (decision 168): its first `limit` cards,
     * its figures and box; null for a query the listing no longer reads (it was checked when saved).
     */
    async live(queryString: string, locale: Locale, limit: number): Promise<LiveResult | null> {
      const parsed = parseListingQuery(parseQueryString(queryString), locale);
      if (!parsed.ok) return null;
      const prepared = await projectIndex(locale);
      const currency = await inCurrency(prepared, parsed.query.filters.currency);
      return liveAnswer(prepared.index, PROJECT_VIEWS, currency.view, { ...parsed.query, page: 1, perPage: limit });
    },

    /** The listing with the page's draft blocks around the current project index, rendered now and kept nowhere. */
    async draftListing(query: ListingQuery, locale: Locale, versions: ReadVersions): Promise<Representation> {
      const [prepared, content] = await Promise.all([projectIndex(locale), page.load(locale, versions)]);
      const currency = await inCurrency(prepared, query.filters.currency);
      return new Representation(renderListing(prepared, currency, content, query), false);
    },

    map: lists.map,

    filters: (locale: Locale) => lists.filters(FILTERS, locale),

    /** The fast lane's lookups of the three list routes (at bootstrap). */
    registerListLanes: lists.registerLanes,

    developerSlugs: slugs.developerSlugs,

    /** Decision 113: a developer's answer in `locale`, or null for a slug the provider's developers do not have. */
    developerResponse: developers.respond,

    /** The same from memory alone, or undefined. */
    fastDeveloper: developers.peek,

    /** Slugs of the developers whose page an editor marked noindex (published, in English), for the sitemap. */
    async noindexDevelopers(): Promise<ReadonlySet<string>> {
      return (await overrides.published(DEVELOPER_PAGE_UID, DEFAULT_LOCALE)).noindex;
    },

    /** Decision 26: the legacy page response in `locale`, cached as the page is. */
    async legacyResponse(locale: Locale): Promise<CacheEntry<unknown>> {
      const build = async () => legacyBody(await service.pageContent(locale), locale);
      return cache.get(localized(LEGACY_CACHE_KEY, locale), build, { ...pageCache(locale), json: true });
    },

    /** The same from the page's draft, built now and kept nowhere. */
    async draftLegacyResponse(locale: Locale, versions: ReadVersions) {
      return legacyBody((await page.load(locale, versions)).content, locale);
    },
  };
  return service;
};

export default createOffPlanService;
export type OffPlanService = ReturnType<typeof createOffPlanService>;
export const offPlanService = (strapi: Core.Strapi) => strapi.service('api::off-plan.off-plan') as OffPlanService;

/** The page's type and what purges the off-plan answers at a CDN, for answers that show them too (the sitemap). */
export { OFFPLAN_PAGE_SURROGATE_KEY, PROJECTS_MAP_PATH, PROJECTS_SURROGATE_KEY } from '../routes/off-plan';
export { PAGE_UID as OFFPLAN_PAGE_UID } from './off-plan-cache';
