/**
 * The off-plan endpoints' data per locale, from the app's cache: the published page content (under
 * `offplan_page_data`, `offplan_page_data:ar` in Arabic, cleared when an editor publishes the page in
 * English or in that language, or changes its media), the catalogue
 * index (built once per project collection, dropped with it), its cards and prices in each other
 * currency (built when first asked for, dropped with it), the finished filters and legacy page JSON,
 * and the last 256 listing pages asked for (each with its ETag and compressed variants, kept while
 * the data they were rendered from stays current).
 * `fastListing` answers from memory alone, for the fast lane; the controller's path loads whatever is
 * missing first. A locale's catalogue is built from the projects as that locale shows them
 * (`projectIn`), searched by their names and places in every language. The draft page and legacy
 * answers (a preview, decision 60) are built from the page's draft each time and never cached.
 */
import type { Core } from '@strapi/strapi';
import LRUCache from 'lru-cache';
import { cache, CACHE_LIFETIMES, declareCacheTags, MEDIA_TAG, type CacheEntry } from '../../../lib/cache';
import { PUBLISHED_VERSIONS, versionOf, type ReadVersions } from '../../../lib/drafts';
import { success } from '../../../lib/envelope';
import { projectsService } from '../../../lib/extsource';
import { fastLane, fastLaneUnder, type LaneRequest } from '../../../lib/fast-lane';
import { declareLocalizedSurrogateKey, declareSurrogateKey, declareSurrogateKeyFamily, projectEdgeHeaders, projectSurrogateKey, SURROGATE_KEYS } from '../../../lib/http-caching';
import { DEFAULT_LOCALE, everyLocaleOf, LOCALES, localized, localizedSources, withFallback, type Locale } from '../../../lib/locale';
import { mediaUrlsFor } from '../../../lib/media';
import { Representation, representationOf } from '../../../lib/representation';
import { sharedFields } from '../../../lib/translations';
import { PROJECT_TAG_PREFIX, PROJECTS_TAG, sqmOf, type NormalisedProject, type ProjectAnswer, type ProjectCollection } from '../../../plugins/extsource/server/src/public';
import { buildIndex, card, type CatalogueIndex } from '../lib/catalogue-index';
import { currencyView, SITE_CURRENCY } from '../lib/currency';
import {
  filtersData, prepareCatalogue, prepareCurrency, preparePage, renderListing, type PreparedCatalogue, type PreparedCurrency, type PreparedPage,
} from '../lib/listing-response';
import type { Currency } from '../lib/options';
import { buildPageContent, type OffPlanPageContent, type OffPlanPageRecord } from '../lib/page-content';
import { projectIn } from '../lib/project-locale';
import { parseListingQuery, type ListingQuery } from '../lib/query';
import { LISTING_WORDS } from '../lib/words';

export const OFFPLAN_PAGE_CACHE_KEY = 'offplan_page_data';
const CATALOGUE_CACHE_KEY = 'offplan:catalogue';
const currencyCacheKey = (currency: Currency, locale: Locale) => localized(`offplan:catalogue:${currency}`, locale);
const LEGACY_CACHE_KEY = 'offplan_legacy_data';
const filtersCacheKey = (version: number, locale: Locale) => localized(`offplan:filters:${version}`, locale);
const PAGE_UID = 'api::off-plan.off-plan-page';
const LISTING_PATH = '/api/v1/off-plan/projects';
const FILTERS_PATH = '/api/v1/off-plan/projects/filters';
/** GET /api/v1/off-plan/projects/{id} */
const PROJECT_PATH_PREFIX = '/api/v1/off-plan/projects/';
const LEGACY_PATH = '/api/v1/off-plan';

/** What a project id may look like; anything else is not one (a 404, without asking anyone). */
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

const pageCache = (locale: Locale) => ({ tags: [...localizedSources([PAGE_UID], locale), MEDIA_TAG], lifetime: CACHE_LIFETIMES.editedPage });
const CATALOGUE_CACHE = { tags: [PROJECTS_TAG], lifetime: CACHE_LIFETIMES.states };

declareCacheTags(...everyLocaleOf([PAGE_UID]));
declareLocalizedSurrogateKey(SURROGATE_KEYS.offPlanPage, PAGE_UID);
declareSurrogateKey(SURROGATE_KEYS.projects, PROJECTS_TAG);
declareSurrogateKeyFamily(PROJECT_TAG_PREFIX, projectSurrogateKey(''));

/** A listing page as rendered, with what it was rendered from: reused while all three are current. */
interface RenderedListing {
  catalogue: PreparedCatalogue;
  currency: PreparedCurrency;
  page: PreparedPage;
  representation: Representation;
}

const RENDERED_LISTINGS = 256;

/** A project's response per locale, made once per project object (a detail read, or the collection's card). */
interface ProjectResponse {
  pending: boolean;
  representation: Representation;
}
const projectResponses = Object.fromEntries(LOCALES.map((locale) => [locale, new WeakMap<NormalisedProject, ProjectResponse>()])) as Record<
  Locale,
  WeakMap<NormalisedProject, ProjectResponse>
>;

interface Catalogue extends PreparedCatalogue {
  /** The collection version it was built from. */
  version: number;
}

interface InCurrency extends PreparedCurrency {
  /** The collection version of the catalogue it was converted from. */
  version: number;
}

const link = { populate: { links: true } };

/** The collection's catalogue in `locale`: its projects as that locale shows them, found by every language's names. */
function catalogueOf(collection: ProjectCollection, locale: Locale): Catalogue {
  const { projects } = collection;
  const shown = locale === DEFAULT_LOCALE ? projects : projects.map((project) => projectIn(project, locale));
  return { version: collection.version, ...prepareCatalogue(buildIndex(shown, { locale, searchedAs: projects })) };
}

const legacyBody = (page: OffPlanPageContent) => success({ hero: page.hero, guide: page.guide, sold_section: page.soldSection });

/**
 * Decision 25: every card field and the detail fields; decision 68: unit sizes in m² beside sq.ft, and
 * floor plans, brochure and handover day ([] and "" when the provider sent none); decision 67:
 * `detail_status: "pending"` while only the card is held.
 */
function projectData({ project, pending }: ProjectAnswer) {
  const { description, facilities, coordinates, gallery, payment_plans } = project;
  const apartments = project.apartments.map((unit) => ({ ...unit, size_from_sqm: sqmOf(unit.size_from_sqft), size_to_sqm: sqmOf(unit.size_to_sqft) }));
  const extras = { floor_plans: project.floor_plans ?? [], brochure_url: project.brochure_url ?? '', handover_date: project.handover_date ?? '' };
  return { ...card(project), description, apartments, facilities, coordinates, gallery, payment_plans, ...extras, ...(pending ? { detail_status: 'pending' } : {}) };
}

/** The project's response in `locale`, made once per project object and state, whichever path asks first. */
function projectRepresentation(answer: ProjectAnswer, locale: Locale): Representation {
  const kept = projectResponses[locale].get(answer.project);
  if (kept?.pending === answer.pending) return kept.representation;
  const data = projectData({ project: projectIn(answer.project, locale), pending: answer.pending });
  const body = Buffer.from(JSON.stringify(success(data, 200, LISTING_WORDS[locale].projectMessage)));
  const representation = new Representation(body, true, projectEdgeHeaders(answer.project.id, answer.pending));
  projectResponses[locale].set(answer.project, { pending: answer.pending, representation });
  return representation;
}

const createOffPlanService = ({ strapi }: { strapi: Core.Strapi }) => {
  const rendered = new LRUCache<string, RenderedListing>({ max: RENDERED_LISTINGS });

  /** The listing page for `queryString` (its raw form: the key of the pages kept), rendered unless kept. */
  function listingPage(queryString: string, query: ListingQuery, catalogue: PreparedCatalogue, currency: PreparedCurrency, page: PreparedPage): Representation {
    const kept = rendered.get(queryString);
    if (kept && kept.catalogue === catalogue && kept.currency === currency && kept.page === page) return kept.representation;
    // Compressed fast rather than small: a listing page is asked for far fewer times than a page.
    const representation = new Representation(renderListing(catalogue, currency, page, query), false);
    rendered.set(queryString, { catalogue, currency, page, representation });
    return representation;
  }

  /** The page in `locale`: a translation is that of the English document when there is one. */
  async function recordIn(versions: ReadVersions, locale: Locale, english?: OffPlanPageRecord | null): Promise<OffPlanPageRecord | null> {
    const params = {
      status: versionOf(versions, PAGE_UID, locale),
      locale,
      populate: {
        guide_image: true,
        explore_by_city_columns: link,
        recommended_searches: link,
        other_property_types: link,
        useful_links: link,
        faq_items: true,
        seo: true,
      },
    };
    const documentId = (english as { documentId?: string } | null | undefined)?.documentId;
    const record = documentId ? await strapi.documents(PAGE_UID).findOne({ documentId, ...params }) : await strapi.documents(PAGE_UID).findFirst(params);
    return (record ?? null) as OffPlanPageRecord | null;
  }

  async function loadPage(locale: Locale, versions: ReadVersions = PUBLISHED_VERSIONS): Promise<PreparedPage> {
    const english = await recordIn(versions, DEFAULT_LOCALE);
    const record = locale === DEFAULT_LOCALE ? english : withFallback(await recordIn(versions, locale, english), english, sharedFields(strapi, PAGE_UID));
    return preparePage(buildPageContent(record, mediaUrlsFor(strapi).image, locale));
  }

  async function preparedPage(locale: Locale): Promise<PreparedPage> {
    return (await cache.get(localized(OFFPLAN_PAGE_CACHE_KEY, locale), () => loadPage(locale), pageCache(locale))).value;
  }

  /** The catalogue of the current collection in `locale` (rebuilt if the cached one is of an older collection). */
  async function catalogue(locale: Locale): Promise<Catalogue> {
    const collection = await projectsService(strapi).collection();
    const key = localized(CATALOGUE_CACHE_KEY, locale);
    const cached = await cache.get(key, async () => catalogueOf(collection, locale), CATALOGUE_CACHE);
    if (cached.value.version === collection.version) return cached.value;
    return cache.set(key, catalogueOf(collection, locale), CATALOGUE_CACHE).value;
  }

  /** The catalogue's cards and prices in `currency` (built once per currency, locale and collection). */
  async function inCurrency(prepared: Catalogue, currency: Currency): Promise<PreparedCurrency> {
    if (currency === SITE_CURRENCY) return prepared.aed;
    const convert = async (): Promise<InCurrency> => ({
      version: prepared.version,
      ...prepareCurrency(prepared.index, currencyView(prepared.index, currency, projectsService(strapi).currencyRates())),
    });
    const key = currencyCacheKey(currency, prepared.index.locale);
    const cached = await cache.get(key, convert, CATALOGUE_CACHE);
    if (cached.value.version === prepared.version) return cached.value;
    return cache.set(key, await convert(), CATALOGUE_CACHE).value;
  }

  /** The same from memory alone, or undefined. */
  function peekCurrency(prepared: Catalogue, currency: Currency): PreparedCurrency | undefined {
    if (currency === SITE_CURRENCY) return prepared.aed;
    const cached = cache.peek<InCurrency>(currencyCacheKey(currency, prepared.index.locale))?.value;
    return cached?.version === prepared.version ? cached : undefined;
  }

  /** The catalogue in `locale` from memory alone, when it is of the collection in memory. */
  function peekCatalogue(locale: Locale): Catalogue | undefined {
    const collection = projectsService(strapi).peek();
    const prepared = cache.peek<Catalogue>(localized(CATALOGUE_CACHE_KEY, locale))?.value;
    return collection && prepared?.version === collection.version ? prepared : undefined;
  }

  const service = {
    async pageContent(locale: Locale = DEFAULT_LOCALE): Promise<OffPlanPageContent> {
      return (await preparedPage(locale)).content;
    },

    async catalogue(locale: Locale = DEFAULT_LOCALE): Promise<CatalogueIndex> {
      return (await catalogue(locale)).index;
    },

    async listing(queryString: string, query: ListingQuery, locale: Locale): Promise<Representation> {
      const [prepared, page] = await Promise.all([catalogue(locale), preparedPage(locale)]);
      return listingPage(queryString, query, prepared, await inCurrency(prepared, query.filters.currency ?? SITE_CURRENCY), page);
    },

    /** The listing with the page's draft blocks around the current catalogue, rendered now and kept nowhere. */
    async draftListing(query: ListingQuery, locale: Locale, versions: ReadVersions): Promise<Representation> {
      const [prepared, page] = await Promise.all([catalogue(locale), loadPage(locale, versions)]);
      const currency = await inCurrency(prepared, query.filters.currency ?? SITE_CURRENCY);
      return new Representation(renderListing(prepared, currency, page, query), false);
    },

    /** The listing from memory alone, or undefined (not loaded yet, or a query the full path must answer). */
    fastListing({ query, queryString, locale }: LaneRequest): Representation | undefined {
      const parsed = parseListingQuery(query, locale);
      const page = cache.peek<PreparedPage>(localized(OFFPLAN_PAGE_CACHE_KEY, locale))?.value;
      const prepared = peekCatalogue(locale);
      if (!parsed.ok || !page || !prepared) return undefined;
      const currency = peekCurrency(prepared, parsed.query.filters.currency ?? SITE_CURRENCY);
      return currency && listingPage(queryString, parsed.query, prepared, currency, page);
    },

    /** The filters response in `locale`, built once per collection (and developers' lifetime). */
    async filtersResponse(locale: Locale): Promise<CacheEntry<unknown>> {
      const prepared = await catalogue(locale);
      const build = async () => success(filtersData(prepared.index, await projectsService(strapi).developers()));
      return cache.get(filtersCacheKey(prepared.version, locale), build, {
        tags: [PROJECTS_TAG],
        lifetime: projectsService(strapi).developersTtlSeconds(),
        json: true,
      });
    },

    /** The filters response from memory alone (built for the current collection), or undefined. */
    fastFilters(locale: Locale): Representation | undefined {
      const prepared = peekCatalogue(locale);
      const entry = prepared && cache.peek(filtersCacheKey(prepared.version, locale));
      return entry ? representationOf(entry) : undefined;
    },

    /** The project's response in `locale` (decision 25), or null for an id the service does not hold. */
    async projectResponse(id: string, locale: Locale): Promise<Representation | null> {
      const project = PROJECT_ID.test(id) ? await projectsService(strapi).project(id) : null;
      return project ? projectRepresentation(project, locale) : null;
    },

    /**
     * The same from memory alone, or undefined (no collection loaded, or an id the full path answers with
     * a 404). Like the full path, it starts the background read of a detail that is due.
     */
    fastProject(id: string, locale: Locale): Representation | undefined {
      const project = PROJECT_ID.test(id) ? projectsService(strapi).peekProject(id) : undefined;
      return project ? projectRepresentation(project, locale) : undefined;
    },

    /** Decision 26: the legacy page response in `locale`, cached as the page is. */
    async legacyResponse(locale: Locale): Promise<CacheEntry<unknown>> {
      const build = async () => legacyBody(await service.pageContent(locale));
      return cache.get(localized(LEGACY_CACHE_KEY, locale), build, { ...pageCache(locale), json: true });
    },

    /** The same from the page's draft, built now and kept nowhere. */
    async draftLegacyResponse(locale: Locale, versions: ReadVersions) {
      return legacyBody((await loadPage(locale, versions)).content);
    },
  };
  return service;
};

export default createOffPlanService;
export type OffPlanService = ReturnType<typeof createOffPlanService>;
export const offPlanService = (strapi: Core.Strapi) => strapi.service('api::off-plan.off-plan') as OffPlanService;

/** Puts the listing, filters, projects and the legacy page on the fast lane (at bootstrap, when the service exists). */
export function registerListingFastLane(strapi: Core.Strapi): void {
  const service = offPlanService(strapi);
  fastLane(LISTING_PATH, (request) => service.fastListing(request));
  fastLane(FILTERS_PATH, ({ locale }) => service.fastFilters(locale));
  // An exact lane comes first: /filters is never taken for a project id.
  fastLaneUnder(PROJECT_PATH_PREFIX, 'projectId', ({ path, locale }) => service.fastProject(path.slice(PROJECT_PATH_PREFIX.length), locale));
  fastLane(LEGACY_PATH, ({ locale }) => {
    const entry = cache.peek(localized(LEGACY_CACHE_KEY, locale));
    return entry && representationOf(entry);
  });
}
