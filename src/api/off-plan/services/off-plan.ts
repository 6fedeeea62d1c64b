/**
 * The off-plan endpoints' data per locale, from the app's cache: the published page content (under
 * `offplan_page_data`, `offplan_page_data:ar` in Arabic, cleared when an editor publishes the page in
 * English or in that language, or changes its media), the project index
 * index (built once per project collection, dropped with it), its cards and prices in each other
 * currency (built when first asked for, dropped with it), the finished filters and legacy page JSON,
 * and the last 256 listing pages asked for (each with its ETag and compressed variants, kept while
 * the data they were rendered from stays current).
 * `fastListing` answers from memory alone, for the fast lane; the controller's path loads whatever is
 * missing first. A locale's project index is built from the projects as that locale shows them
 * (`projectIn`), searched by their names and places in every language. The draft page and legacy
 * answers (a preview, decision 60) are built from the page's draft each time and never cached.
 */
import type { Core } from '@strapi/strapi';
import LRUCache from 'lru-cache';
import { cache, type CacheEntry } from '../../../lib/cache';
import type { ReadVersions } from '../../../lib/drafts';
import { success } from '../../../lib/envelope';
import { projectsService } from '../../../lib/extsource';
import { laneLookup, type LaneRequest } from '../../../lib/fast-lane';
import { DEFAULT_LOCALE, LOCALES, localized, type Locale } from '../../../lib/locale';
import { Representation, representationOf } from '../../../lib/representation';
import { eachSliced, inSlices, slicer, type Developer, type NormalisedProject, type Pause, type ProjectCollection } from '../../../plugins/extsource/server/src/public';
import { indexBuild, type ProjectIndex } from '../lib/project-index';
import { currencyView, SITE_CURRENCY } from '../lib/currency';
import { withFavoriteFlags } from '../lib/favorite-flags';
import { filtersData, prepareIndex, prepareCurrency, renderListing, type PreparedIndex, type PreparedCurrency, type PreparedPage } from '../lib/listing-response';
import type { Currency } from '../lib/options';
import type { OffPlanPageContent } from '../lib/page-content';
import { movedProject, PROJECT_ID, projectRepresentation } from '../lib/project-response';
import { developerNames, projectNames } from '../lib/project-pages';
import { matchSlug, type SlugBook } from '../lib/slugs';
import { projectIn } from '../lib/project-locale';
import { parseListingQuery, type ListingQuery } from '../lib/query';
import { PROJECT_INDEX_CACHE, PROJECT_INDEX_CACHE_KEY, currencyCacheKey, filtersCacheKey, LEGACY_CACHE_KEY, pageCache } from './off-plan-cache';
import { offPlanPage } from './off-plan-page';
import { slugStore } from './slugs';

/** A listing page as rendered, with what it was rendered from: reused while all three are current. */
interface RenderedListing {
  projectIndex: PreparedIndex;
  currency: PreparedCurrency;
  page: PreparedPage;
  representation: Representation;
}

const RENDERED_LISTINGS = 256;

interface IndexedCollection extends PreparedIndex {
  /** The collection version it was built from. */
  version: number;
}

interface InCurrency extends PreparedCurrency {
  /** The collection version of the project index it was converted from. */
  version: number;
}

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
  const index = await inSlices(indexBuild(shown, { locale, searchedAs: projects, slugs: slugs.projects.slugOf, developerSlugs: slugs.developers }), pause);
  return { version: collection.version, ...prepareIndex(index) };
}

/** A collection's project slugs (current and former) and its developers' current ones, by developer id. */
interface CollectionSlugs {
  projects: SlugBook;
  developers: ReadonlyMap<number, string>;
}

/** What a project path's last segment names: a project (by its current slug or its id), a former slug's project, or none. */
export type ProjectLookup = { representation: Representation } | { moved: ReturnType<typeof movedProject> } | null;

const legacyBody = (page: OffPlanPageContent) => success({ hero: page.hero, guide: page.guide, sold_section: page.soldSection });

const createOffPlanService = ({ strapi }: { strapi: Core.Strapi }) => {
  const rendered = new LRUCache<string, RenderedListing>({ max: RENDERED_LISTINGS });

  /** The listing page for `queryString` (its raw form: the key of the pages kept), rendered unless kept. */
  function listingPage(queryString: string, query: ListingQuery, projectIndex: PreparedIndex, currency: PreparedCurrency, page: PreparedPage): Representation {
    const kept = rendered.get(queryString);
    if (kept && kept.projectIndex === projectIndex && kept.currency === currency && kept.page === page) return kept.representation;
    // Compressed fast rather than small: a listing page is asked for far fewer times than a page.
    const representation = new Representation(renderListing(projectIndex, currency, page, query), false);
    rendered.set(queryString, { projectIndex, currency, page, representation });
    return representation;
  }

  const page = offPlanPage(strapi);
  const slugs = slugStore(strapi);

  /** Developers' slugs, by id, as kept (given now to those without one). */
  async function developerSlugs(developers: readonly Developer[]): Promise<ReadonlyMap<number, string>> {
    const book = await slugs.settle('developer', developerNames(developers));
    return new Map([...book.slugOf].map(([owner, slug]) => [Number(owner), slug]));
  }

  async function settle(collection: ProjectCollection): Promise<CollectionSlugs> {
    // A slug is never another listed project's id (decision 109).
    const ids = new Set(collection.projects.map((project) => project.id));
    const projects = await slugs.settle('project', projectNames(collection.projects), (slug) => ids.has(slug));
    return { projects, developers: await developerSlugs(collection.projects.map((project) => project.developer)) };
  }

  /** Each collection's slugs, settled once (whoever asks first), and the settled ones for the fast lane. */
  const settling = new WeakMap<ProjectCollection, Promise<CollectionSlugs>>();
  const settled = new WeakMap<ProjectCollection, CollectionSlugs>();
  function slugBookOf(collection: ProjectCollection): Promise<CollectionSlugs> {
    let book = settling.get(collection);
    if (!book) {
      book = settle(collection).then((done) => {
        settled.set(collection, done);
        return done;
      });
      // A failed settling (the database away) is tried again by the next reader.
      book.catch(() => settling.delete(collection));
      settling.set(collection, book);
    }
    return book;
  }

  /**
   * What `key` names in `collection`'s slugs: a current slug its project, a former one a move, else it is
   * read as an id. A slug comes first: it is never mistaken for another project's id.
   */
  function resolved(book: SlugBook, key: string): { id: string } | { moved: string; id: string } {
    const match = matchSlug(book, key);
    if (!match) return { id: key };
    return match.current ? { id: match.owner } : { moved: match.slug, id: match.owner };
  }

  /** A listed project's slugs (its id should it have none, which a settled collection never leaves). */
  const slugsOf = (book: CollectionSlugs, id: string) => ({ slug: book.projects.slugOf.get(id) ?? id, developers: book.developers });

  /** Index builds under way, one per collection version and locale, whoever asked first. */
  const building = new Map<string, Promise<IndexedCollection>>();
  function indexOnce(collection: ProjectCollection, locale: Locale): Promise<IndexedCollection> {
    const key = `${collection.version}:${locale}`;
    let build = building.get(key);
    if (!build) {
      build = slugBookOf(collection).then((book) => indexFor(collection, locale, book)).finally(() => building.delete(key));
      building.set(key, build);
    }
    return build;
  }

  /** The project index of the current collection in `locale` (rebuilt if the cached one is of an older collection). */
  async function projectIndex(locale: Locale): Promise<IndexedCollection> {
    const collection = await projectsService(strapi).collection();
    const key = localized(PROJECT_INDEX_CACHE_KEY, locale);
    const cached = await cache.get(key, () => indexOnce(collection, locale), PROJECT_INDEX_CACHE);
    if (cached.value.version === collection.version) return cached.value;
    return cache.set(key, await indexOnce(collection, locale), PROJECT_INDEX_CACHE).value;
  }

  /**
   * A new collection's indexes in every locale, built before it is served (projects.ts `prepareWith`):
   * until they are, visitors get the current collection; the returned commit caches them with it.
   */
  async function prepareIndexes(collection: ProjectCollection): Promise<() => void> {
    const built: Array<[Locale, IndexedCollection]> = [];
    for (const locale of LOCALES) built.push([locale, await indexOnce(collection, locale)]);
    return () => {
      for (const [locale, prepared] of built) cache.set(localized(PROJECT_INDEX_CACHE_KEY, locale), prepared, PROJECT_INDEX_CACHE);
    };
  }

  /** The project index's cards and prices in `currency` (built once per currency, locale and collection). */
  async function inCurrency(prepared: IndexedCollection, currency: Currency): Promise<PreparedCurrency> {
    if (currency === SITE_CURRENCY) return prepared.aed;
    const convert = async (): Promise<InCurrency> => ({
      version: prepared.version,
      ...prepareCurrency(prepared.index, currencyView(prepared.index, currency, projectsService(strapi).currencyRates())),
    });
    const key = currencyCacheKey(currency, prepared.index.locale);
    const cached = await cache.get(key, convert, PROJECT_INDEX_CACHE);
    if (cached.value.version === prepared.version) return cached.value;
    return cache.set(key, await convert(), PROJECT_INDEX_CACHE).value;
  }

  /** The same from memory alone, or undefined. */
  function peekCurrency(prepared: IndexedCollection, currency: Currency): PreparedCurrency | undefined {
    if (currency === SITE_CURRENCY) return prepared.aed;
    const cached = cache.peek<InCurrency>(currencyCacheKey(currency, prepared.index.locale))?.value;
    return cached?.version === prepared.version ? cached : undefined;
  }

  /** The project index in `locale` from memory alone, when it is of the collection in memory. */
  function peekIndex(locale: Locale): IndexedCollection | undefined {
    const collection = projectsService(strapi).peek();
    const prepared = cache.peek<IndexedCollection>(localized(PROJECT_INDEX_CACHE_KEY, locale))?.value;
    return collection && prepared?.version === collection.version ? prepared : undefined;
  }

  const service = {
    prepareIndexes,

    async pageContent(locale: Locale = DEFAULT_LOCALE): Promise<OffPlanPageContent> {
      return (await page.published(locale)).content;
    },

    async projectIndex(locale: Locale = DEFAULT_LOCALE): Promise<ProjectIndex> {
      return (await projectIndex(locale)).index;
    },

    async listing(queryString: string, query: ListingQuery, locale: Locale): Promise<Representation> {
      const [prepared, content] = await Promise.all([projectIndex(locale), page.published(locale)]);
      return listingPage(queryString, query, prepared, await inCurrency(prepared, query.filters.currency ?? SITE_CURRENCY), content);
    },

    /** The listing with the page's draft blocks around the current project index, rendered now and kept nowhere. */
    async draftListing(query: ListingQuery, locale: Locale, versions: ReadVersions): Promise<Representation> {
      const [prepared, content] = await Promise.all([projectIndex(locale), page.load(locale, versions)]);
      const currency = await inCurrency(prepared, query.filters.currency ?? SITE_CURRENCY);
      return new Representation(renderListing(prepared, currency, content, query), false);
    },

    /** The listing from memory alone, or undefined (not loaded yet, or a query the full path must answer). */
    fastListing({ query, queryString, locale }: LaneRequest): Representation | undefined {
      const parsed = parseListingQuery(query, locale);
      const content = page.peek(locale);
      const prepared = peekIndex(locale);
      if (!parsed.ok || !content || !prepared) return undefined;
      const currency = peekCurrency(prepared, parsed.query.filters.currency ?? SITE_CURRENCY);
      return currency && listingPage(queryString, parsed.query, prepared, currency, content);
    },

    /** The filters response in `locale`, built once per collection (and developers' lifetime). */
    async filtersResponse(locale: Locale): Promise<CacheEntry<unknown>> {
      const prepared = await projectIndex(locale);
      const build = async () => success(filtersData(prepared.index, await projectsService(strapi).developers()));
      return cache.get(filtersCacheKey(prepared.version, locale), build, {
        ...PROJECT_INDEX_CACHE,
        lifetime: projectsService(strapi).developersTtlSeconds(),
        json: true,
      });
    },

    /** The filters response from memory alone (built for the current collection), or undefined. */
    fastFilters(locale: Locale): Representation | undefined {
      const prepared = peekIndex(locale);
      const entry = prepared && cache.peek(filtersCacheKey(prepared.version, locale));
      return entry ? representationOf(entry) : undefined;
    },

    /** Each listed project's current slug, by id (decision 109). */
    async projectSlugs(): Promise<ReadonlyMap<string, string>> {
      return (await slugBookOf(await projectsService(strapi).collection())).projects.slugOf;
    },

    developerSlugs,

    /**
     * The project `key` names (its current slug or its id) in `locale` (decision 25), the same answer
     * either way; a former slug's move (decision 110); or null for a key the service does not know.
     */
    async projectResponse(key: string, locale: Locale): Promise<ProjectLookup> {
      const book = await slugBookOf(await projectsService(strapi).collection());
      const found = resolved(book.projects, key);
      if ('moved' in found) return { moved: movedProject(found.id, found.moved, locale) };
      const project = PROJECT_ID.test(found.id) ? await projectsService(strapi).project(found.id) : null;
      return project && { representation: projectRepresentation(project, locale, slugsOf(book, found.id)) };
    },

    /**
     * The same from memory alone, or undefined (no collection or slugs loaded, a former slug, or a key the
     * full path answers with a 404). Like the full path, it starts the background read of a detail that is due.
     */
    fastProject(key: string, locale: Locale): Representation | undefined {
      const collection = projectsService(strapi).peek();
      const book = collection && settled.get(collection);
      if (!book) return undefined;
      const found = resolved(book.projects, key);
      const project = 'moved' in found || !PROJECT_ID.test(found.id) ? undefined : projectsService(strapi).peekProject(found.id);
      return project ? projectRepresentation(project, locale, slugsOf(book, found.id)) : undefined;
    },

    /** The listing's cards (AED) of the projects `ids` the current collection holds, by id: the others are not in the feed. */
    async cardsOf(ids: readonly string[], locale: Locale): Promise<Map<string, Record<string, unknown>>> {
      const { index } = await projectIndex(locale);
      const cards = new Map<string, Record<string, unknown>>();
      for (const id of ids) {
        const position = index.byId.get(id);
        if (position !== undefined) cards.set(id, JSON.parse(index.cardBytes[position].toString('utf8')) as Record<string, unknown>);
      }
      return cards;
    },

    /** A listing or project answer's bytes with `is_favorited` on its cards, for one buyer (kept nowhere). */
    withFavoriteFlags,

    /** Decision 26: the legacy page response in `locale`, cached as the page is. */
    async legacyResponse(locale: Locale): Promise<CacheEntry<unknown>> {
      const build = async () => legacyBody(await service.pageContent(locale));
      return cache.get(localized(LEGACY_CACHE_KEY, locale), build, { ...pageCache(locale), json: true });
    },

    /** The same from the page's draft, built now and kept nowhere. */
    async draftLegacyResponse(locale: Locale, versions: ReadVersions) {
      return legacyBody((await page.load(locale, versions)).content);
    },
  };
  return service;
};

export default createOffPlanService;
export type OffPlanService = ReturnType<typeof createOffPlanService>;
export const offPlanService = (strapi: Core.Strapi) => strapi.service('api::off-plan.off-plan') as OffPlanService;

/**
 * Each new project collection reaches visitors with its slugs and indexes built, and the developers are
 * named by their kept slugs (at bootstrap, when the service exists).
 */
export function prepareOffPlanIndexes(strapi: Core.Strapi): void {
  const service = offPlanService(strapi);
  projectsService(strapi).prepareWith((collection) => service.prepareIndexes(collection));
  projectsService(strapi).slugDevelopersWith((developers) => service.developerSlugs(developers));
}

/** The fast lane's lookups of the off-plan routes (at bootstrap, when the service exists). */
export function registerOffPlanLookups(strapi: Core.Strapi): void {
  const service = offPlanService(strapi);
  laneLookup('api::off-plan.off-plan.projects', (request) => service.fastListing(request));
  laneLookup('api::off-plan.off-plan.filters', ({ locale }) => service.fastFilters(locale));
  laneLookup('api::off-plan.off-plan.project', ({ path, locale }) => service.fastProject(path.slice(path.lastIndexOf('/') + 1), locale));
  laneLookup('api::off-plan.off-plan.legacy', ({ locale }) => {
    const entry = cache.peek(localized(LEGACY_CACHE_KEY, locale));
    return entry && representationOf(entry);
  });
}

/** The page's type and what purges the off-plan answers at a CDN, for answers that show them too (the sitemap). */
export { OFFPLAN_PAGE_SURROGATE_KEY, PROJECTS_SURROGATE_KEY } from '../routes/off-plan';
export { PAGE_UID as OFFPLAN_PAGE_UID } from './off-plan-cache';
