import type { Core } from '@strapi/strapi';
import { siteRoute } from '../../../lib/site-routes';

/** What every listings answer is built from, as a CDN purges it (declared beside its cache tag too). */
export const LISTINGS_SURROGATE_KEY = 'listings';

const LISTINGS_CACHE_POLICY = { kind: 'provider', surrogateKeys: [LISTINGS_SURROGATE_KEY] } as const;

/** A signed-in buyer's copy of a listing answer says which listings they favourited (the account domain's). */
const FAVORITE_FLAGS = ['api::account.favorite-flags'];

const routes = [
  siteRoute({ path: '/v1/properties', handler: 'properties.list', cache: LISTINGS_CACHE_POLICY, fastLane: true, middlewares: FAVORITE_FLAGS }),
  // Before /:key, which would otherwise take "filters" and "map" for slugs.
  siteRoute({ path: '/v1/properties/filters', handler: 'properties.filters', cache: LISTINGS_CACHE_POLICY, fastLane: true }),
  siteRoute({ path: '/v1/properties/map', handler: 'properties.map', cache: LISTINGS_CACHE_POLICY, fastLane: true }),
  siteRoute({ path: '/v1/properties/:key', handler: 'properties.listing', cache: LISTINGS_CACHE_POLICY, fastLane: true, middlewares: FAVORITE_FLAGS }),
];

/** The fixed words beside `/:key` ("filters", "map"): no listing's slug, or its page would be out of reach. */
export const ROUTE_WORDS: ReadonlySet<string> = new Set(routes.map(({ path }) => /^\/v1\/properties\/([a-z-]+)$/.exec(path)?.[1]).filter((word): word is string => !!word));

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default { type: 'content-api', routes } satisfies Core.RouterInput;
