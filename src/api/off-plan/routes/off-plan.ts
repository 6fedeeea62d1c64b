import type { Core } from '@strapi/strapi';
import { MEDIA_SURROGATE_KEY } from '../../../lib/http-caching';
import { siteRoute } from '../../../lib/site-routes';

/** What the off-plan answers are built from, as a CDN purges them (declared beside their cache tags too). */
export const OFFPLAN_PAGE_SURROGATE_KEY = 'offplan-page';
export const PROJECTS_SURROGATE_KEY = 'projects';
/** The projects' map (decision 121): a page's live map section names it (decision 168). */
export const PROJECTS_MAP_PATH = '/v1/off-plan/projects/map';
/** One project's answer beside the collection's key: its detail arriving purges that page alone. */
export const projectSurrogateKey = (id: string) => `project-${id}`;
/** One developer's answer: purged when an editor writes its page (decision 113). */
export const developerSurrogateKey = (slug: string) => `developer-${slug}`;

const PAGE = 'api::off-plan.off-plan-page';
/** A signed-in buyer's copy of a listing or project answer says which projects they favourited (the account domain's). */
const FAVORITE_FLAGS = ['api::account.favorite-flags'];
/** The provider routes the off-plan page reads: no drafts of their own, the page's preview tokens accepted. */
const providerRoute = (path: string, handler: string, surrogateKeys: string[], middlewares?: string[]) =>
  siteRoute({ path, handler, cache: { kind: 'provider', surrogateKeys }, fastLane: true, shows: [PAGE], middlewares });

/** The listing's caching, which the map shares (decision 123): purged with it. */
const LISTING_CACHE = {
  kind: 'provider',
  surrogateKeys: [PROJECTS_SURROGATE_KEY, OFFPLAN_PAGE_SURROGATE_KEY, MEDIA_SURROGATE_KEY],
  localized: [OFFPLAN_PAGE_SURROGATE_KEY],
} as const;

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    siteRoute({
      path: '/v1/off-plan',
      handler: 'off-plan.legacy',
      cache: { kind: 'pages', surrogateKeys: [OFFPLAN_PAGE_SURROGATE_KEY, MEDIA_SURROGATE_KEY], localized: [OFFPLAN_PAGE_SURROGATE_KEY] },
      fastLane: true,
      shows: [PAGE],
      page: 'off-plan',
    }),
    siteRoute({
      path: '/v1/off-plan/projects',
      handler: 'off-plan.projects',
      cache: LISTING_CACHE,
      fastLane: true,
      shows: [PAGE],
      middlewares: FAVORITE_FLAGS,
    }),
    // Before /:projectId, which would otherwise take "map" for an id.
    // Not asked by a start: a map answers only with the bounds and zoom of a reader's screen.
    siteRoute({ path: PROJECTS_MAP_PATH, handler: 'off-plan.map', cache: LISTING_CACHE, fastLane: true, askedAtStart: false }),
    // Before /:projectId, which would otherwise take "filters" for an id (the fast lane likewise tries exact paths first).
    providerRoute('/v1/off-plan/projects/filters', 'off-plan.filters', [PROJECTS_SURROGATE_KEY]),
    // Each answer carries its own keys (the project's beside the collection's): these are the fallback.
    providerRoute('/v1/off-plan/projects/:projectId', 'off-plan.project', [PROJECTS_SURROGATE_KEY], FAVORITE_FLAGS),
    // Each answer carries its developer's key beside the collection's too.
    providerRoute('/v1/off-plan/developers/:slug', 'off-plan.developer', [PROJECTS_SURROGATE_KEY]),
  ],
} satisfies Core.RouterInput;
