import type { Core } from '@strapi/strapi';
import { MEDIA_SURROGATE_KEY } from '../../../lib/http-caching';
import { siteRoute } from '../../../lib/site-routes';

/** What the luxury page's answer is built from, as a CDN purges it (declared beside its cache tags too). */
export const LUXURY_SURROGATE_KEY = 'luxury';

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    siteRoute({
      path: '/v1/luxury',
      handler: 'luxury.page',
      cache: { kind: 'pages', surrogateKeys: [LUXURY_SURROGATE_KEY, MEDIA_SURROGATE_KEY], localized: [LUXURY_SURROGATE_KEY] },
      fastLane: true,
      shows: ['api::luxury.*'],
      page: 'luxury',
    }),
  ],
} satisfies Core.RouterInput;
