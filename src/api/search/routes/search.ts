import type { Core } from '@strapi/strapi';
import type { CachePolicy } from '../../../lib/http-caching';
import { siteRoute } from '../../../lib/site-routes';
import { catalogueSurrogateKeys } from '../../catalogues/services/registry';
import { PAGES_SURROGATE_KEY } from '../../pages/services/pages';

/**
 * Suggestions show every catalogue and the area guides: a CDN purges them with any. The catalogues' keys are the
 * registry's, read when an answer is sent (this module loads before the catalogues register, decision 215).
 */
const SUGGEST_CACHE_POLICY: CachePolicy = {
  kind: 'provider',
  get surrogateKeys() {
    return [...catalogueSurrogateKeys(), PAGES_SURROGATE_KEY];
  },
};

// Not asked by a start: its lane answers only a query the full path answered before, so an ask would warm that one query.
const routes = [siteRoute({ path: '/v1/search/suggest', handler: 'search.suggest', cache: SUGGEST_CACHE_POLICY, fastLane: true, askedAtStart: false })];

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default { type: 'content-api', routes } satisfies Core.RouterInput;
