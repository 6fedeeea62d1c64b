/**
 * The listings on the one catalogue service (catalogues/services/catalogue-service.ts, decision 217): the
 * homes' description of their catalogue (the advertisable listings of the last sync and those that left
 * the market within PROPERTIES_GONE_DAYS, the slug kind `listing`, the index and its answers), and what
 * is the homes' own: the advertising rule (a permit, decision 149), the days a listing that left is
 * answered 410, the cards and references a favourite or a lead names, the sitemap's listings and a page's
 * live section.
 */
import type { Core } from '@strapi/strapi';
import { ownEdgeHeaders } from '../../../lib/http-caching';
import type { Locale } from '../../../lib/locale';
import { jsonRepresentation, Representation } from '../../../lib/representation';
import { currencyView } from '../../../lib/catalogue/engine/currency';
import { renderMapAnswer } from '../../../lib/catalogue/engine/map-answer';
import { liveAnswer } from '../../../lib/catalogue/engine/live-result';
import type { WarmUpStep } from '../../../lib/warm-up';
import { catalogueService, LISTINGS_TAG, projectsService, type ListedRow } from '../../../plugins/extsource/server/src/public';
import { appCatalogueDeps, createCatalogueService, type ItemFound } from '../../catalogues/services/catalogue-service';
import type { CatalogueDescription } from '../../catalogues/services/catalogue-description';
import { cardsByKey } from '../../catalogues/services/registry';
import type { Currency, LiveResult } from '../../catalogues/services/vocabulary';
import { listingIndexBuild, listingIndexIn, type ListingIndex, type SharedListingIndex } from '../lib/listing-catalogue';
import { goneListingOf, listingOf, mayAdvertise, offSiteReason, type GoneListing, type Listing, type Purpose } from '../lib/listing';
import { listingCard } from '../lib/card';
import { LISTING_VIEWS } from '../lib/listing-views';
import { parseListingMapQuery, parseListingQuery, parsePurpose, type ListingMapQuery, type ListingQuery } from '../lib/query';
import { filtersBody, goneBody, listingBody, renderListingPage } from '../lib/response';
import { readPropertiesQuery } from './listing-query';
import { LISTING_PAGES_SURROGATE_KEY, LISTINGS_SURROGATE_KEY, listingSurrogateKey, ROUTE_WORDS } from '../routes/properties';
import { CATALOGUE_CACHE_KEY, indexCacheKey, LISTINGS_CACHE, SHARED_INDEX_CACHE_KEY } from './properties-cache';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The types of the homes' catalogue, as the catalogue service names them. */
interface Homes {
  item: Listing;
  gone: GoneListing;
  shared: SharedListingIndex;
  index: ListingIndex;
  pageQuery: ListingQuery;
  mapQuery: ListingMapQuery;
  filtersKey: Purpose;
  goneBody: ReturnType<typeof goneBody>;
}

/** A listing key's answer: the listing's, the current slug a former one moved to, or the 410 of one that left the market. */
export type ListingFound = ItemFound<Homes['goneBody']>;

/** A listing's answer, with its own surrogate key and its similar listings' beside every listing's. */
function listingRepresentation(index: ListingIndex, position: number): Representation {
  const { body, similar } = listingBody(index, position);
  const keys = [LISTING_PAGES_SURROGATE_KEY, ...[position, ...similar].map((item) => listingSurrogateKey(index.listings[item].reference))];
  return jsonRepresentation(body, true, ownEdgeHeaders('provider', keys));
}

function createPropertiesService(strapi: Core.Strapi) {
  const goneDays = () => strapi.config.get<number>('properties.goneDays', 30);

  const requirePermit = () => strapi.config.get<boolean>('properties.requirePermit', true);

  /** The index's prices and cards in `currency` (CURRENCY_RATES, every catalogue's). */
  const currencyOf = (current: ListingIndex, currency: Currency | undefined) => currencyView(current, LISTING_VIEWS, currency, projectsService(strapi).currencyRates());
  const inCurrency = (current: ListingIndex, query: ListingQuery) => currencyOf(current, query.filters.currency);

  const homes: CatalogueDescription<Homes> = {
    name: "properties: the listings' index",
    cache: { tag: LISTINGS_TAG, options: LISTINGS_CACHE, read: CATALOGUE_CACHE_KEY, shared: SHARED_INDEX_CACHE_KEY, index: indexCacheKey },
    source: {
      slugKind: 'listing',
      items: async (pause) => (await catalogueService(strapi).activeListings(pause, listingOf)).filter((listing) => mayAdvertise(listing, requirePermit())),
      gone: (pause) => catalogueService(strapi).listingsGoneSince(new Date(Date.now() - goneDays() * DAY_MS), pause, goneListingOf),
      named: (listing) => ({ owner: listing.reference, name: listing.title || listing.reference }),
      routeWords: ROUTE_WORDS,
    },
    sharedBuild: ({ items, slugs }) => listingIndexBuild(items, slugs.slugOf),
    localeIndex: listingIndexIn,
    positions: {
      current: (index, key) => index.bySlug.get(key) ?? index.byReference.get(key),
      ofKey: (index, reference) => index.byReference.get(reference),
      ofId: (index, id) => index.byId.get(id),
      idAt: (index, position) => index.listings[position].id,
    },
    pages: { parse: parseListingQuery, render: (index, query) => new Representation(renderListingPage(index, inCurrency(index, query), query)) },
    maps: { parse: parseListingMapQuery, render: (index, query) => new Representation(renderMapAnswer(index, LISTING_VIEWS, inCurrency(index, query), query)) },
    filters: {
      parse(raw, locale) {
        const purpose = parsePurpose(raw, locale);
        return purpose.ok ? purpose.purpose : undefined;
      },
      render: (index, purpose) => jsonRepresentation(filtersBody(index, purpose)),
    },
    item: {
      render: listingRepresentation,
      // Not `<=`: a listing whose leaving has no date stays gone.
      stillGone: (listing) => !(Date.now() - listing.left_at > goneDays() * DAY_MS),
      goneBody,
    },
    surrogateKeys: { catalogue: LISTINGS_SURROGATE_KEY, everyItem: LISTING_PAGES_SURROGATE_KEY },
    lanes: {
      page: 'api::properties.properties.list',
      map: 'api::properties.properties.map',
      filters: 'api::properties.properties.filters',
      item: 'api::properties.properties.listing',
    },
  };

  const engine = createCatalogueService(homes, appCatalogueDeps(strapi));

  return {
    ...engine,

    /**
     * What a page's live section shows of a listing query string naming its purpose (decision 168): its
     * first `limit` cards, its figures and box; null for a query the listing no longer reads.
     */
    async live(queryString: string, locale: Locale, limit: number): Promise<LiveResult | null> {
      const parsed = readPropertiesQuery(queryString, locale);
      if (!parsed.ok) return null;
      // The index of the latest sync, waited for while it is built: a page keeps what it shows until the next
      // change, and must not keep the previous index's (decision 167's window).
      const current = await engine.latestIndex(locale);
      return liveAnswer(current, LISTING_VIEWS, inCurrency(current, parsed.query), { ...parsed.query, page: 1, perPage: limit });
    },

    /** Why an active synced row is kept off the website (the plugin's admin page says it), or null. */
    offSite(row: Record<string, unknown>): string | null {
      return offSiteReason(listingOf(row as ListedRow), requirePermit());
    },

    /** The cards of the listings of `references` on the public routes now, by reference (others are left out). */
    async cardsOf(references: readonly string[], locale: Locale): Promise<Map<string, Record<string, unknown>>> {
      const current = await engine.index(locale);
      return cardsByKey(references, (reference) => current.byReference.get(reference), (position) => current.card(position));
    },

    /** The reference of the listing on the public routes now that `key` names as a lead's does, or undefined. */
    async referenceOf(key: string, locale: Locale): Promise<string | undefined> {
      const found = await engine.named(key, locale);
      return found && found.index.listings[found.position].reference;
    },

    /**
     * The listing on the public routes now that a lead names (its id, a slug it has or had, or its reference), as its
     * card in `locale` with what a lead keeps beside it (its agent's e-mail, its brochure); null when none.
     */
    async enquiredListing(key: string, locale: Locale) {
      const found = await engine.named(key, locale);
      if (!found) return null;
      const { index: current, position } = found;
      const listing = current.listings[position];
      const card = listingCard(listing, current.slugs[position], locale);
      return { ...card, agent_email: listing.agent_email, brochure_url: listing.brochure_url || null };
    },

    /** The English index built last (what a match of buyers' alerts reads), or undefined before the first build. */
    currentIndex(): ListingIndex | undefined {
      return engine.peekIndex('en');
    },

    /** The prices and cards of `index` in `currency` (AED when undefined), as the listing page shows them. */
    inCurrency: currencyOf,

    /** Each advertised listing's current slug and when the provider last changed it: the sitemap's listings part. */
    async sitemapListings(): Promise<Array<{ slug: string; lastModified: number | undefined }>> {
      const { items: advertised, slugs } = await engine.read();
      return advertised.map((listing) => ({ slug: slugs.slugOf.get(listing.reference) ?? listing.reference, lastModified: listing.listed_at || undefined }));
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
  catalogueService(strapi).explainOffSite((row) => service.offSite(row));
  service.start();
}
