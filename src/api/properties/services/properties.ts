/**
 * The listings' data per locale, from the app's cache: the advertisable listings of the last sync with
 * their slugs (the one slug service's kind `listing`, settled once per set of listings), the index
 * built from them in slices and each locale's view of it (its cards), and the answers asked for last (listing pages and maps per query string, the
 * filters per purpose, listings per key: each with its ETag and compressed variants, kept while the index
 * they were rendered from is current). A sync run that changed a listing drops all of it on every
 * instance, and each instance builds it again at once, off the request path (decision 155): until the
 * new index is built, the previous one answers. The `fast*` lookups answer from memory alone, for the
 * fast lane; the controller's path builds whatever was never built first.
 */
import type { Core } from '@strapi/strapi';
import { KeptPerBuild } from '../../../lib/kept-per-build';
import { cache, purgeAtCdn } from '../../../lib/cache';
import { slugStore } from '../../catalogues/services/slugs';
import { canonicalNumber } from '../../../lib/catalogue/keys';
import { findInBook, type SlugBook } from '../../../lib/catalogue/slugs';
import { catalogueService, projectsService } from '../../../plugins/extsource/server/src/public';
import { laneLookup, type LaneRequest } from '../../../lib/fast-lane';
import { ownEdgeHeaders } from '../../../lib/http-caching';
import { LOCALES, type Locale } from '../../../lib/locale';
import { Representation } from '../../../lib/representation';
import { errorMessage } from '../../../lib/errors';
import { inSlices, LISTINGS_TAG, slicer, type ListedRow } from '../../../plugins/extsource/server/src/public';
import { listingIndexBuild, listingIndexIn, type ListingIndex } from '../lib/listing-catalogue';
import { goneListingOf, listingOf, mayAdvertise, offSiteReason, type GoneListing, type Listing, type Purpose } from '../lib/listing';
import { listingCard } from '../lib/card';
import { currencyView } from '../../../lib/catalogue/engine/currency';
import { renderMapAnswer } from '../../../lib/catalogue/engine/map-answer';
import { liveAnswer } from '../../../lib/catalogue/engine/live-result';
import { LISTING_VIEWS } from '../lib/listing-views';
import type { Currency } from '../../catalogues/services/vocabulary';
import { parseListingMapQuery, parseListingQuery, parsePurpose, type ListingMapQuery, type ListingQuery } from '../lib/query';
import { filtersBody, goneBody, listingBody, renderListingPage } from '../lib/response';
import type { LiveResult } from '../../catalogues/services/vocabulary';
import type { WarmUpStep } from '../../../lib/warm-up';
import { readPropertiesQuery } from './listing-query';
import { LISTING_PAGES_SURROGATE_KEY, LISTINGS_SURROGATE_KEY, listingSurrogateKey, ROUTE_WORDS } from '../routes/properties';
import { CATALOGUE_CACHE_KEY, indexCacheKey, LISTINGS_CACHE, SHARED_INDEX_CACHE_KEY } from './properties-cache';

/** The advertisable listings of one sync, those that left the market lately (by reference), and the slugs of both. */
interface Catalogue {
  listings: Listing[];
  gone: ReadonlyMap<string, GoneListing>;
  slugs: SlugBook;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A locale's index and the catalogue it was built from (the slugs and the listings gone of that same read). */
interface Built {
  index: ListingIndex;
  catalogue: Catalogue;
}

/** Answers kept per kind (listing pages, maps, listings) and index: the query strings and keys asked for last. */
const KEPT_ANSWERS = 256;

/** A listing key's answer: the listing's, the current slug a former one moved to, or the 410 of one that left the market. */
export type ListingFound = { representation: Representation } | { moved: { id: number; slug: string } } | { gone: ReturnType<typeof goneBody> };

/** A path segment as the router reads it; undefined when it is not valid percent-encoding (the full path answers). */
function pathSegment(raw: string): string | undefined {
  try {
    return raw.includes('%') ? decodeURIComponent(raw) : raw;
  } catch {
    return undefined;
  }
}

const json = (body: unknown) => new Representation(Buffer.from(JSON.stringify(body)));

/** A listing's answer, with its own surrogate key and its similar listings' beside every listing's. */
function listingRepresentation(index: ListingIndex, position: number): Representation {
  const { body, similar } = listingBody(index, position);
  const keys = [LISTING_PAGES_SURROGATE_KEY, ...[position, ...similar].map((item) => listingSurrogateKey(index.listings[item].reference))];
  return new Representation(Buffer.from(JSON.stringify(body)), true, ownEdgeHeaders('provider', keys));
}

/** Answers rendered from one index, found again while that index is current (per index: its locale's). */
type KeptAnswers = KeptPerBuild<ListingIndex, Representation>;

function createPropertiesService(strapi: Core.Strapi) {
  const pages: KeptAnswers = new KeptPerBuild(KEPT_ANSWERS);
  const maps: KeptAnswers = new KeptPerBuild(KEPT_ANSWERS);
  const filters: KeptAnswers = new KeptPerBuild(KEPT_ANSWERS);
  const listings: KeptAnswers = new KeptPerBuild(KEPT_ANSWERS);

  const goneDays = () => strapi.config.get<number>('properties.goneDays', 30);

  const requirePermit = () => strapi.config.get<boolean>('properties.requirePermit', true);

  /** The advertisable listings and those gone lately, read a page at a time, and the slugs of both settled. */
  async function readCatalogue(): Promise<Catalogue> {
    const pause = slicer();
    const advertised = (await catalogueService(strapi).activeListings(pause, listingOf)).filter((listing) => mayAdvertise(listing, requirePermit()));
    const goneListings = await catalogueService(strapi).listingsGoneSince(new Date(Date.now() - goneDays() * DAY_MS), pause, goneListingOf);
    const gone = new Map(goneListings.map((listing) => [listing.reference, listing]));
    const references = new Set([...advertised.map((listing) => listing.reference), ...gone.keys()]);
    const owners = [...advertised, ...gone.values()].map((listing) => ({ owner: listing.reference, name: listing.title || listing.reference }));
    // A slug is never another listing's reference, which a path may name too, nor a route's own word.
    const slugs = await slugStore(strapi).settle('listing', owners, (slug) => references.has(slug) || ROUTE_WORDS.has(slug));
    return { listings: advertised, gone, slugs };
  }

  const catalogue = async (): Promise<Catalogue> => (await cache.get(CATALOGUE_CACHE_KEY, readCatalogue, LISTINGS_CACHE)).value;

  /** The last build per locale: what answers while the next is built. */
  const latest = new Map<Locale, Built>();

  /** The index every locale shares, built in slices, and the catalogue it was built from. */
  const sharedIndex = async () =>
    (await cache.get(SHARED_INDEX_CACHE_KEY, async () => {
      const held = await catalogue();
      return { shared: await inSlices(listingIndexBuild(held.listings, held.slugs.slugOf), slicer()), catalogue: held };
    }, LISTINGS_CACHE)).value;

  async function build(locale: Locale): Promise<Built> {
    const entry = await cache.get(indexCacheKey(locale), async (): Promise<Built> => {
      const { shared, catalogue: held } = await sharedIndex();
      return { index: listingIndexIn(shared, locale), catalogue: held };
    }, LISTINGS_CACHE);
    latest.set(locale, entry.value);
    return entry.value;
  }

  let rebuilding: Promise<void> = Promise.resolve();

  /** Builds every locale's index again (one build for all who ask meanwhile). */
  function rebuild(): void {
    rebuilding = Promise.all(LOCALES.map(build)).then(
      () => purgeInterimAnswers(),
      (error: unknown) => {
        strapi.log.warn(`properties: the listings' index could not be built: ${errorMessage(error)}`);
      }
    );
  }

  /** The surrogate keys of the answers sent from a previous index while the next was built. */
  const interimKeys = new Set<string>();

  /**
   * Once every locale's new index answers, a CDN drops what it was sent from the previous one meanwhile
   * (decision 174); a build replaced by a later one before it was kept leaves them to that one.
   */
  function purgeInterimAnswers(): void {
    if (interimKeys.size === 0 || !LOCALES.every((locale) => cache.peek(indexCacheKey(locale)))) return;
    purgeAtCdn([...interimKeys]);
    interimKeys.clear();
  }

  const peekBuilt = (locale: Locale): Built | undefined => cache.peek<Built>(indexCacheKey(locale))?.value ?? latest.get(locale);

  /** What answers now: the current build, else the previous one while the next is built, else (never built) one built now. */
  async function built(locale: Locale): Promise<Built> {
    return peekBuilt(locale) ?? build(locale);
  }

  async function index(locale: Locale): Promise<ListingIndex> {
    return (await built(locale)).index;
  }

  /** The listing of `reference` if it left the market within the last `goneDays`. */
  function goneListing({ gone, slugs }: Catalogue, reference: string): { listing: GoneListing; slug: string } | undefined {
    const listing = gone.get(reference);
    if (!listing || Date.now() - listing.left_at > goneDays() * DAY_MS) return undefined;
    return { listing, slug: slugs.slugOf.get(listing.reference) ?? listing.reference };
  }

  const peekIndex = (locale: Locale) => peekBuilt(locale)?.index;

  /**
   * Where the listing on the public routes a key names is (decision 191): by a slug it has or had or its
   * reference, in any spelling, else by its id; undefined when none is.
   */
  function positionNamed({ index: current, catalogue: held }: Built, key: string): number | undefined {
    const reference = findInBook(held.slugs, key)?.owner;
    const id = canonicalNumber(key);
    return (reference === undefined ? undefined : current.byReference.get(reference)) ?? (id === undefined ? undefined : current.byId.get(id));
  }

  /**
   * An answer as sent in `locale`: while a rebuild replaces the index it was rendered from, with the
   * short edge lifetime of an interim answer (CACHE_CONTROL_PENDING): the sync's CDN purge came before
   * the new index, and a CDN must not keep the old answer for minutes (decision 167); its keys are purged
   * again once the new index answers (decision 174).
   */
  function sent(locale: Locale, representation: Representation): Representation {
    if (cache.peek(indexCacheKey(locale))) return representation;
    const keys = representation.edge ? representation.edge['Surrogate-Key'].split(' ') : [LISTINGS_SURROGATE_KEY];
    // Not `listing-pages`: every listing's answer carries it, those never sent meanwhile too.
    for (const key of keys) if (key !== LISTING_PAGES_SURROGATE_KEY) interimKeys.add(key);
    return new Representation(representation.body, false, ownEdgeHeaders('pending', keys));
  }

  /** The index's prices and cards in `currency` (CURRENCY_RATES, every catalogue's). */
  const currencyOf = (current: ListingIndex, currency: Currency | undefined) => currencyView(current, LISTING_VIEWS, currency, projectsService(strapi).currencyRates());
  const inCurrency = (current: ListingIndex, query: ListingQuery) => currencyOf(current, query.filters.currency);

  const pageOf = (current: ListingIndex, queryString: string, query: ListingQuery) =>
    pages.get(current, queryString) ?? pages.keep(current, queryString, new Representation(renderListingPage(current, inCurrency(current, query), query)));

  const mapOf = (current: ListingIndex, queryString: string, query: ListingMapQuery) =>
    maps.get(current, queryString) ?? maps.keep(current, queryString, new Representation(renderMapAnswer(current, LISTING_VIEWS, inCurrency(current, query), query)));

  /** An answer kept per query string, else rendered from the index in memory when its query reads; undefined when none is built. */
  function fastKept<Q>(
    { query, queryString, locale }: LaneRequest,
    kept: KeptAnswers,
    parse: (raw: LaneRequest['query'], locale: Locale) => { ok: true; query: Q } | { ok: false },
    render: (current: ListingIndex, queryString: string, query: Q) => Representation
  ): Representation | undefined {
    const current = peekIndex(locale);
    if (!current) return undefined;
    const found = kept.get(current, queryString);
    if (found) return sent(locale, found);
    const parsed = parse(query, locale);
    return parsed.ok ? sent(locale, render(current, queryString, parsed.query)) : undefined;
  }

  const filtersOf = (current: ListingIndex, purpose: Purpose) => filters.get(current, purpose) ?? filters.keep(current, purpose, json(filtersBody(current, purpose)));

  /** The answer of the listing `key` names by its current slug or reference, or undefined. */
  function listingAnswer(current: ListingIndex, key: string): Representation | undefined {
    const kept = listings.get(current, key);
    if (kept) return kept;
    const position = current.bySlug.get(key) ?? current.byReference.get(key);
    return position === undefined ? undefined : listings.keep(current, key, listingRepresentation(current, position));
  }

  return {
    /** A listing page, kept per query string and locale. */
    async listingPage(queryString: string, query: ListingQuery, locale: Locale): Promise<Representation> {
      return sent(locale, pageOf(await index(locale), queryString, query));
    },

    /**
     * What a page's live section shows of a listing query string naming its purpose (decision 168): its
     * first `limit` cards, its figures and box; null for a query the listing no longer reads.
     */
    async live(queryString: string, locale: Locale, limit: number): Promise<LiveResult | null> {
      const parsed = readPropertiesQuery(queryString, locale);
      if (!parsed.ok) return null;
      // The index of the latest sync, waited for while it is built: a page keeps what it shows until the next
      // change, and must not keep the previous index's (decision 167's window).
      const { index: current } = await build(locale);
      return liveAnswer(current, LISTING_VIEWS, inCurrency(current, parsed.query), { ...parsed.query, page: 1, perPage: limit });
    },

    /** A map of listings, kept per query string and locale. */
    async map(queryString: string, query: ListingMapQuery, locale: Locale): Promise<Representation> {
      return sent(locale, mapOf(await index(locale), queryString, query));
    },

    async filters(purpose: Purpose, locale: Locale): Promise<Representation> {
      return sent(locale, filtersOf(await index(locale), purpose));
    },

    /**
     * The listing a path segment names: by its current slug or its reference as given; by a former slug or
     * another spelling of either (moved, decision 192); one that left the market within PROPERTIES_GONE_DAYS,
     * by any of them (gone); undefined when none.
     */
    async listing(key: string, locale: Locale): Promise<ListingFound | undefined> {
      const { index: current, catalogue: held } = await built(locale);
      const representation = listingAnswer(current, key);
      if (representation) return { representation: sent(locale, representation) };
      const match = findInBook(held.slugs, key);
      const left = match && goneListing(held, match.owner);
      if (left) return { gone: goneBody(current, left.listing, left.slug) };
      if (!match || match.current) return undefined;
      const position = current.byReference.get(match.owner);
      return position === undefined ? undefined : { moved: { id: current.listings[position].id, slug: match.slug } };
    },

    /** Why an active synced row is kept off the website (the plugin's admin page says it), or null. */
    offSite(row: Record<string, unknown>): string | null {
      return offSiteReason(listingOf(row as ListedRow), requirePermit());
    },

    /** Builds the indexes again, off the request path: at start, and after each change of the listings. */
    rebuild,

    /** Resolves once the build started last has ended (a test, a benchmark). */
    async rebuilt(): Promise<void> {
      await new Promise((resolve) => setImmediate(resolve));
      await rebuilding;
    },

    /** The cards of the listings of `references` on the public routes now, by reference (others are left out). */
    async cardsOf(references: readonly string[], locale: Locale): Promise<Map<string, Record<string, unknown>>> {
      const current = await index(locale);
      const cards = new Map<string, Record<string, unknown>>();
      for (const reference of references) {
        const position = current.byReference.get(reference);
        if (position !== undefined) cards.set(reference, JSON.parse(current.card(position).toString('utf8')) as Record<string, unknown>);
      }
      return cards;
    },

    /** The reference of the listing on the public routes now that `key` names as a lead's does, or undefined. */
    async referenceOf(key: string, locale: Locale): Promise<string | undefined> {
      const found = await built(locale);
      const position = positionNamed(found, key);
      return position === undefined ? undefined : found.index.listings[position].reference;
    },

    /**
     * The listing on the public routes now that a lead names (its id, a slug it has or had, or its reference), as its
     * card in `locale` with what a lead keeps beside it (its agent's e-mail, its brochure); null when none.
     */
    async enquiredListing(key: string, locale: Locale) {
      const found = await built(locale);
      const position = positionNamed(found, key);
      if (position === undefined) return null;
      const current = found.index;
      const listing = current.listings[position];
      const card = listingCard(listing, current.slugs[position], locale);
      return { ...card, agent_email: listing.agent_email, brochure_url: listing.brochure_url || null };
    },

    /** The index answering in `locale` now (the previous one while the next is built; built now when never built). */
    listingIndex: index,

    /** The English index built last (what a match of buyers' alerts reads), or undefined before the first build. */
    currentIndex(): ListingIndex | undefined {
      return peekIndex('en');
    },

    /** The prices and cards of `index` in `currency` (AED when undefined), as the listing page shows them. */
    inCurrency: currencyOf,

    /** Each advertised listing's current slug and when the provider last changed it: the sitemap's listings part. */
    async sitemapListings(): Promise<Array<{ slug: string; lastModified: number | undefined }>> {
      const { listings: advertised, slugs } = await catalogue();
      return advertised.map((listing) => ({ slug: slugs.slugOf.get(listing.reference) ?? listing.reference, lastModified: listing.listed_at || undefined }));
    },

    /** The listing page from memory alone, or undefined (not built yet, or a query the full path must answer). */
    fastListingPage: (request: LaneRequest) => fastKept(request, pages, parseListingQuery, pageOf),

    fastMap: (request: LaneRequest) => fastKept(request, maps, parseListingMapQuery, mapOf),

    fastFilters({ query, locale }: LaneRequest): Representation | undefined {
      const current = peekIndex(locale);
      const purpose = current && parsePurpose(query, locale);
      return purpose?.ok ? sent(locale, filtersOf(current!, purpose.purpose)) : undefined;
    },

    fastListing({ path, locale }: LaneRequest): Representation | undefined {
      const current = peekIndex(locale);
      const key = current && pathSegment(path.slice(path.lastIndexOf('/') + 1));
      const answer = key === undefined ? undefined : listingAnswer(current!, key);
      return answer && sent(locale, answer);
    },
  };
}

export type PropertiesService = ReturnType<typeof createPropertiesService>;

const services = new WeakMap<Core.Strapi, PropertiesService>();

/** The one listings service of the app (its kept answers shared by the controller and the fast lane). */
export function propertiesService(strapi: Core.Strapi): PropertiesService {
  let service = services.get(strapi);
  if (!service) services.set(strapi, (service = createPropertiesService(strapi)));
  return service;
}

/** What purges the listings' answers at a CDN, for answers that show them too (the sitemap). */
export { LISTINGS_SURROGATE_KEY, PROPERTIES_MAP_PATH } from '../routes/properties';

/** Before a start listens (decision 175): the listings' indexes, whose build registerPropertiesLookups started. */
export function listingsWarmUp(strapi: Core.Strapi): WarmUpStep {
  return { name: "the listings' index", run: () => propertiesService(strapi).rebuilt() };
}

/** The fast lane's lookups of the listings routes, and the indexes built at start and after each change (at bootstrap, when the service exists). */
export function registerPropertiesLookups(strapi: Core.Strapi): void {
  const service = propertiesService(strapi);
  cache.rebuildOnInvalidation(LISTINGS_TAG, service.rebuild);
  catalogueService(strapi).explainOffSite((row) => service.offSite(row));
  service.rebuild();
  laneLookup('api::properties.properties.list', (request) => service.fastListingPage(request));
  laneLookup('api::properties.properties.map', (request) => service.fastMap(request));
  laneLookup('api::properties.properties.filters', (request) => service.fastFilters(request));
  laneLookup('api::properties.properties.listing', (request) => service.fastListing(request));
}
