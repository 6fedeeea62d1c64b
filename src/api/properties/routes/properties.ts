import type { Core } from '@strapi/strapi';
import { siteRoute } from '../../../lib/site-routes';

/** The listings' catalogue answers (pages, maps, filters), as a CDN purges them (declared beside their cache tags too). */
export const LISTINGS_SURROGATE_KEY = 'listings';
/** Every listing's own answer: purged when a sync changed more listings than it names one by one. */
export const LISTING_PAGES_SURROGATE_KEY = 'listing-pages';
/** One listing's own answer, and the answers showing it as similar: purged when a sync changes it. */
export const listingSurrogateKey = (reference: string) => `listing-${encodeURIComponent(reference)}`;

/** The listings' map: a page's live map section names it (decision 168). */
export const PROPERTIES_MAP_PATH = '/v1/properties/map';

const LISTINGS_CACHE_POLICY = { kind: 'provider', surrogateKeys: [LISTINGS_SURROGATE_KEY] } as const;
/** Each listing's answer carries its own keys and its similar listings' (services/properties.ts): these are the fallback. */
const LISTING_CACHE_POLICY = { kind: 'provider', surrogateKeys: [LISTING_PAGES_SURROGATE_KEY] } as const;

/** A signed-in buyer's copy of a listing answer says which listings they favourited (the account domain's). */
const FAVORITE_FLAGS = ['api::account.favorite-flags'];

const routes = [
  siteRoute({ path: '/v1/properties', handler: 'properties.list', cache: LISTINGS_CACHE_POLICY, fastLane: true, askedAtStart: 'purpose=sale', middlewares: FAVORITE_FLAGS }),
  // Before /:key, which would otherwise take "filters" and "map" for slugs.
  siteRoute({ path: '/v1/properties/filters', handler: 'properties.filters', cache: LISTINGS_CACHE_POLICY, fastLane: true, askedAtStart: 'purpose=sale' }),
  // Not asked by a start: a map answers only with the bounds and zoom of a reader's screen.
  siteRoute({ path: PROPERTIES_MAP_PATH, handler: 'properties.map', cache: LISTINGS_CACHE_POLICY, fastLane: true, askedAtStart: false }),
  siteRoute({ path: '/v1/properties/:key', handler: 'properties.listing', cache: LISTING_CACHE_POLICY, fastLane: true, middlewares: FAVORITE_FLAGS }),
];

/** The fixed words beside `/:key` ("filters", "map"): no listing's slug, or its page would be out of reach. */
export const ROUTE_WORDS: ReadonlySet<string> = new Set(routes.map(({ path }) => /^\/v1\/properties\/([a-z-]+)$/.exec(path)?.[1]).filter((word): word is string => !!word));

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default { type: 'content-api', routes } satisfies Core.RouterInput;
