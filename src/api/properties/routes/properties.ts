import type { Core } from '@strapi/strapi';
import { siteRoute } from '../../../lib/site-routes';

/** What every listings answer is built from, as a CDN purges it (declared beside its cache tag too). */
export const LISTINGS_SURROGATE_KEY = 'listings';

const LISTINGS_CACHE_POLICY = { kind: 'provider', surrogateKeys: [LISTINGS_SURROGATE_KEY] } as const;

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    siteRoute({ path: '/v1/properties', handler: 'properties.list', cache: LISTINGS_CACHE_POLICY, fastLane: true }),
    // Before /:key, which would otherwise take "filters" for a slug.
    siteRoute({ path: '/v1/properties/filters', handler: 'properties.filters', cache: LISTINGS_CACHE_POLICY, fastLane: true }),
    siteRoute({ path: '/v1/properties/:key', handler: 'properties.listing', cache: LISTINGS_CACHE_POLICY, fastLane: true }),
  ],
} satisfies Core.RouterInput;
