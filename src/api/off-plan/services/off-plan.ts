/**
 * The off-plan endpoints' data per locale, from the app's cache: the published page content (under
 * `offplan_page_data`, `offplan_page_data:ar` in Arabic, cleared when an editor publishes the page in
 * English or in that language, or changes its media), the project index (built once per project
 * collection, dropped with it), its cards and prices in each other currency (built when first asked
 * for, dropped with it), the finished legacy page JSON, and the listing pages, map answers and filters
 * asked for last: every catalogue's lists (catalogues/services/catalogue-lists.ts), kept beside the
 * index with the currency view, page content or developers they were rendered in, and answered by the
 * fast lane from memory alone. A locale's project index is built from the projects as that locale shows them
 * (`projectIn`), searched by their names and places in every language. The draft page and legacy
 * answers (a preview, decision 60) are built from the page's draft each time and never cached.
 * A project's and a developer's `seo` come with the editors' published overrides (seo-overrides.ts);
 * a developer's answer is cached per slug and locale as long as the developers and its page are.
 */
import type { Core } from '@strapi/strapi';
import { cache, type CacheEntry } from '../../../lib/cache';
import type { ReadVersions } from '../../../lib/drafts';
import { success } from '../../../lib/envelope';
import { projectsService } from '../../../plugins/extsource/server/src/public';
import { DEFAULT_LOCALE, localized, type Locale } from '../../../lib/locale';
import { mediaUrlsFor } from '../../../lib/media';
import { jsonRepresentation, Representation } from '../../../lib/representation';
import type { LiveResult } from '../../catalogues/services/vocabulary';
import { parseQueryString } from '../../../lib/query-string';
import { eachSliced, inSlices, slicer, type Developer, type NormalisedProject, type Pause, type ProjectCollection } from '../../../plugins/extsource/server/src/public';
import { indexBuild, searchBuild, type ProjectIndex } from '../lib/project-catalogue';
import { currencyView } from '../../../lib/catalogue/engine/currency';
import { liveAnswer } from '../../../lib/catalogue/engine/live-result';
import { PROJECT_VIEWS } from '../lib/project-views';
import { filtersData, prepareIndex, prepareCurrency, renderListing, type PreparedIndex, type PreparedCurrency, type PreparedPage } from '../lib/listing-response';
import { renderMapAnswer } from '../../../lib/catalogue/engine/map-answer';
import { catalogueLists } from '../../catalogues/services/catalogue-lists';
import { cardsByKey } from '../../catalogues/services/registry';
import { SITE_CURRENCY, type Currency } from '../../catalogues/services/vocabulary';
import type { OffPlanPageContent } from '../lib/page-content';
import { movedProject, PROJECT_ID, projectRepresentation, type ProjectContext, type SeoSource } from '../lib/project-response';
import { parseMapQuery, type MapQuery } from '../lib/map-query';
import { projectIn } from '../lib/project-locale';
import { parseListingQuery, type ListingQuery } from '../lib/query';
import { similarBuildOf, type SimilarProjects } from '../lib/similar-projects';
import { PROJECT_INDEX_CACHE, PROJECT_INDEX_CACHE_KEY, currencyCacheKey, LEGACY_CACHE_KEY, pageCache } from './off-plan-cache';
import { offPlanPage } from './off-plan-page';
import { collectionSlugs, type CollectionSlugs } from './collection-slugs';
import { developerAnswers } from './developer-answers';
import { DEVELOPER_PAGE_UID, PROJECT_SEO_UID, seoOverrides } from './seo-overrides';
import { pageLinks } from '../../website/services/site-pages';
import { oncePerCollection, versionedBuilds } from '../../catalogues/services/catalogue-versions';

/** The one filters answer of a project index: its route reads no query. */
const FILTERS = 'filters';

interface IndexedCollection extends PreparedIndex {
  /** The collection version it was built from. */
  version: number;
  /** Each project's similar projects (positions in the index, the same in every locale). */
  similar: SimilarProjects;
  /** The slugs it was built with: a project answer names them and reads its similar projects here, never a mix of two collections'. */
  slugs: CollectionSlugs;
}

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

/** A project the sitemap lists, its current slug, and when its page last changed (epoch ms), when known. */
export interface SitemapProject {
  project: NormalisedProject;
  slug: string;
  lastModified: number | undefined;
}

/** Each collection's similar projects, and its name and place search: the same for the indexes of every locale. */
const similarOnce = oncePerCollection((collection: ProjectCollection) => inSlices(similarBuildOf(collection.projects)));
const searchOnce = oncePerCollection((collection: ProjectCollection) => inSlices(searchBuild(collection.projects)));

/** The projects as `locale` shows them, mapped in slices. */
async function inLocale(projects: NormalisedProject[], locale: Locale, pause: Pause): Promise<NormalisedProject[]> {
  const shown: NormalisedProject[] = [];
  await eachSliced(projects, (project) => shown.push(projectIn(project, locale)), pause);
  return shown;
}

/**
 * The collection's project index in `locale`: its projects as that locale shows them, found by every
 * language's names. Built in slices (a second or more at 10,000 projects), visitors answered meanwhile.
 */
async function indexFor(collection: ProjectCollection, locale: Locale, slugs: CollectionSlugs): Promise<IndexedCollection> {
  const { projects } = collection;
  const pause = slicer();
  const shown = locale === DEFAULT_LOCALE ? projects : await inLocale(projects, locale, pause);
  const index = await inSlices(indexBuild(shown, { locale, search: await searchOnce(collection), slugs: slugs.projects.slugOf, developerSlugs: slugs.developers }), pause);
  return { version: collection.version, similar: await similarOnce(collection), slugs, ...prepareIndex(index) };
}

/** What a project path's last segment names: a project (by its current slug or its id), a former slug's project, or none. */
export type ProjectLookup = { representation: Representation } | { moved: ReturnType<typeof movedProject> } | null;

// The page's SEO (decision 111) is on the page's own answer, not repeated in every listing page.
const legacyBody = (page: OffPlanPageContent, locale: Locale) =>
  success({ hero: page.hero, guide: page.guide, sold_section: page.soldSection, seo: page.seo, ...pageLinks('off-plan', locale) });

const createOffPlanService = ({ strapi }: { strapi: Core.Strapi }) => {
  const page = offPlanPage(strapi);
  const slugs = collectionSlugs(strapi);
  const overrides = seoOverrides(strapi);
  const optionalImage = () => mediaUrlsFor(strapi).optionalImage;
  const developers = developerAnswers(strapi, overrides);

  /** The project answers' SEO overrides in `locale` (published), read once per change of them. */
  async function projectSeoSource(locale: Locale): Promise<SeoSource> {
    return { overrides: (await overrides.published(PROJECT_SEO_UID, locale)).seo, image: optionalImage() };
  }

  /** A project answer's context from memory alone (the fast lane's), or undefined. */
  function peekContext(prepared: IndexedCollection, id: string, locale: Locale): ProjectContext | undefined {
    const seo = overrides.peek(PROJECT_SEO_UID, locale)?.seo;
    return seo && { slugs: slugs.slugsOf(prepared.slugs, id), seo: { overrides: seo, image: optionalImage() }, similar: prepared };
  }

  /** Each collection's indexes, prepared before it is served (decision 221), and their currency views. */
  const builds = versionedBuilds<ProjectCollection, IndexedCollection, Currency>(
    {
      cache: { options: PROJECT_INDEX_CACHE, build: (locale) => localized(PROJECT_INDEX_CACHE_KEY, locale), view: currencyCacheKey },
      collection: () => projectsService(strapi).collection(),
      peek: () => projectsService(strapi).peek(),
      build: async (collection, locale) => indexFor(collection, locale, await slugs.of(collection)),
      prepareWith: (prepare) => projectsService(strapi).prepareWith(prepare),
    },
    cache
  );
  const projectIndex = builds.built;
  const peekIndex = builds.peek;

  /** The project index's cards and prices in `currency` (built once per currency, locale and collection). */
  async function inCurrency(prepared: IndexedCollection, currency: Currency): Promise<PreparedCurrency> {
    if (currency === SITE_CURRENCY) return prepared.aed;
    return builds.view(prepared, prepared.index.locale, currency, () =>
      prepareCurrency(prepared.index, currencyView(prepared.index, PROJECT_VIEWS, currency, projectsService(strapi).currencyRates()))
    );
  }

  /** The same from memory alone, or undefined. */
  function peekCurrency(prepared: IndexedCollection, currency: Currency): PreparedCurrency | undefined {
    return currency === SITE_CURRENCY ? prepared.aed : builds.peekView<PreparedCurrency>(prepared, prepared.index.locale, currency);
  }

  /** The currency view a query's prices and cards are in, made when missing, or from memory alone. */
  const currencyOf = (prepared: IndexedCollection, filters: { currency?: Currency }) => inCurrency(prepared, filters.currency ?? SITE_CURRENCY);
  const peekCurrencyOf = (prepared: IndexedCollection, filters: { currency?: Currency }) => peekCurrency(prepared, filters.currency ?? SITE_CURRENCY);
  /** Whether `currency`, a view of `prepared`, is the one its currency's answers are rendered in now. */
  const currentIn = (prepared: IndexedCollection, currency: PreparedCurrency) => currency === peekCurrency(prepared, currency.view.currency);

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
        context: async (prepared, query, locale) => [await currencyOf(prepared, query.filters), await page.published(locale)],
        peekContext(prepared, query, locale) {
          const currency = peekCurrencyOf(prepared, query.filters);
          const content = page.peek(locale);
          return currency && content && [currency, content];
        },
        current: (prepared, locale, [currency, content]) => content === page.peek(locale) && currentIn(prepared, currency),
        // Compressed fast rather than small: a listing page is asked for far fewer times than a page.
        render: (prepared, query, [currency, content]) => new Representation(renderListing(prepared, currency, content, query), false),
      },
      maps: {
        parse: parseMapQuery,
        context: async (prepared, query) => [await currencyOf(prepared, query.filters)],
        peekContext(prepared, query) {
          const currency = peekCurrencyOf(prepared, query.filters);
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
      const currency = await inCurrency(prepared, parsed.query.filters.currency ?? SITE_CURRENCY);
      return liveAnswer(prepared.index, PROJECT_VIEWS, currency.view, { ...parsed.query, page: 1, perPage: limit });
    },

    /** The listing with the page's draft blocks around the current project index, rendered now and kept nowhere. */
    async draftListing(query: ListingQuery, locale: Locale, versions: ReadVersions): Promise<Representation> {
      const [prepared, content] = await Promise.all([projectIndex(locale), page.load(locale, versions)]);
      const currency = await inCurrency(prepared, query.filters.currency ?? SITE_CURRENCY);
      return new Representation(renderListing(prepared, currency, content, query), false);
    },

    map: lists.map,

    filters: (locale: Locale) => lists.filters(FILTERS, locale),

    /** The fast lane's lookups of the three list routes (at bootstrap). */
    registerListLanes: lists.registerLanes,

    /** Each listed project's current slug, by id (decision 109). */
    async projectSlugs(): Promise<ReadonlyMap<string, string>> {
      return (await slugs.of(await projectsService(strapi).collection())).projects.slugOf;
    },

    developerSlugs: slugs.developerSlugs,

    /** The id of the project of the current feed `key` names by its id or a slug it has or had (decision 191), or undefined. */
    async projectIdOf(key: string): Promise<string | undefined> {
      const book = await slugs.of(await projectsService(strapi).collection());
      const { id } = slugs.resolve(book, key);
      return book.projects.slugOf.has(id) ? id : undefined;
    },

    /**
     * The project of the current feed a lead names (decision 142), by its id or a slug it has or had,
     * with its current slug; null when the feed lists none. Its detail where held (brochure, agent).
     */
    async enquiredProject(key: string): Promise<{ project: NormalisedProject; slug: string } | null> {
      const book = await slugs.of(await projectsService(strapi).collection());
      const found = slugs.resolve(book, key);
      const answer = PROJECT_ID.test(found.id) ? await projectsService(strapi).project(found.id) : null;
      return answer && { project: answer.project, slug: slugs.slugsOf(book, found.id).slug };
    },

    /**
     * The project `key` names (its current slug or its id) in `locale` (decision 25), the same answer
     * either way; a former slug's move (decision 110); or null for a key the service does not know.
     */
    async projectResponse(key: string, locale: Locale): Promise<ProjectLookup> {
      const prepared = await projectIndex(locale);
      const found = slugs.resolve(prepared.slugs, key);
      if ('moved' in found) return { moved: movedProject(found.id, found.moved, locale) };
      const project = PROJECT_ID.test(found.id) ? await projectsService(strapi).project(found.id) : null;
      if (!project) return null;
      const context = { slugs: slugs.slugsOf(prepared.slugs, found.id), seo: await projectSeoSource(locale), similar: prepared };
      return { representation: projectRepresentation(project, locale, context) };
    },

    /**
     * The same from memory alone, or undefined (no collection, slugs or index loaded, a former slug, or a
     * key the full path answers with a 404). Like the full path, it starts the background read of a detail that is due.
     */
    fastProject(key: string, locale: Locale): Representation | undefined {
      const prepared = peekIndex(locale);
      if (!prepared) return undefined;
      const found = slugs.resolve(prepared.slugs, key);
      const project = 'moved' in found || !PROJECT_ID.test(found.id) ? undefined : projectsService(strapi).peekProject(found.id);
      const context = project && peekContext(prepared, found.id, locale);
      return project && context ? projectRepresentation(project, locale, context) : undefined;
    },

    /** Decision 113: a developer's answer in `locale`, or null for a slug the provider's developers do not have. */
    developerResponse: developers.respond,

    /** The same from memory alone, or undefined. */
    fastDeveloper: developers.peek,

    /** Ids of the projects an editor marked noindex (published, in English: the entry's own), for the sitemap. */
    async noindexProjects(): Promise<ReadonlySet<string>> {
      return (await overrides.published(PROJECT_SEO_UID, DEFAULT_LOCALE)).noindex;
    },

    /**
     * The projects the sitemap lists: every one of the current collection with a slug but those an editor
     * marked noindex, with its slug and when what its page shows last changed (its detail, else the collection's fetch).
     */
    async sitemapProjects(): Promise<SitemapProject[]> {
      const projects = projectsService(strapi);
      const collection = await projects.collection();
      const [book, changedAt, hidden] = await Promise.all([slugs.of(collection), projects.detailsChangedAt(), overrides.published(PROJECT_SEO_UID, DEFAULT_LOCALE)]);
      const fetchedAt = Date.parse(collection.fetchedAt) || undefined;
      const slugOf = book.projects.slugOf;
      return collection.projects
        .filter((project) => slugOf.has(project.id) && !hidden.noindex.has(project.id))
        .map((project) => ({ project, slug: slugOf.get(project.id)!, lastModified: changedAt.get(project.id) || fetchedAt }));
    },

    /** Slugs of the developers whose page an editor marked noindex (published, in English), for the sitemap. */
    async noindexDevelopers(): Promise<ReadonlySet<string>> {
      return (await overrides.published(DEVELOPER_PAGE_UID, DEFAULT_LOCALE)).noindex;
    },

    /** The listing's cards (AED) of the projects `ids` the current collection holds, by id: the others are not in the feed. */
    async cardsOf(ids: readonly string[], locale: Locale): Promise<Map<string, Record<string, unknown>>> {
      const { index } = await projectIndex(locale);
      return cardsByKey(ids, (id) => index.byId.get(id), (position) => index.cardBytes[position]);
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
