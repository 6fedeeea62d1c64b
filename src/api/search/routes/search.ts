import type { Core } from '@strapi/strapi';
import { siteRoute } from '../../../lib/site-routes';
import { PROJECTS_SURROGATE_KEY } from '../../off-plan/services/off-plan';
import { LISTINGS_SURROGATE_KEY } from '../../properties/services/properties';
import { PAGES_SURROGATE_KEY } from '../../pages/services/pages';

/** Suggestions show both catalogues and the area guides: a CDN purges them with any. */
const SUGGEST_CACHE_POLICY = { kind: 'provider', surrogateKeys: [PROJECTS_SURROGATE_KEY, LISTINGS_SURROGATE_KEY, PAGES_SURROGATE_KEY] } as const;

// Not asked by a start: its lane answers only a query the full path answered before, so an ask would warm that one query.
const routes = [siteRoute({ path: '/v1/search/suggest', handler: 'search.suggest', cache: SUGGEST_CACHE_POLICY, fastLane: true, askedAtStart: false })];

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default { type: 'content-api', routes } satisfies Core.RouterInput;
