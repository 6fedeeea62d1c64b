import type { Core } from '@strapi/strapi';
import { catalogues } from '../../catalogues/services/registry';
import { favouriteRoute } from '../lib/favourite-route';

/**
 * A signed-in buyer's route: Strapi's own auth is off (its roles grant nothing here); the buyer is
 * checked by `api::account.signed-in`, which answers 401 otherwise and keeps every answer private.
 * Not `siteRoute()`: those declare public answers that shared caches keep.
 */
const buyerRoute = (method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', path: string, handler: string, config: object = {}): Core.RouteInput => ({
  method,
  path: `/v1/me${path}`,
  handler,
  config: { auth: false, middlewares: ['api::account.signed-in'], ...config },
});

/** PUT and DELETE of each catalogue's favourites at its path, a bare path after the others. */
function favouriteRoutes(): Core.RouteInput[] {
  const kinds = catalogues().map(({ favourites }) => favourites);
  const ordered = [...kinds.filter(({ path }) => path.includes('/')), ...kinds.filter(({ path }) => !path.includes('/'))];
  return ordered.flatMap(({ kind, path }) => [
    buyerRoute('PUT', `/favorites/${path}`, 'favorites.put', favouriteRoute(kind, path)),
    buyerRoute('DELETE', `/favorites/${path}`, 'favorites.remove', favouriteRoute(kind, path)),
  ]);
}

// A factory: Strapi calls it when it mounts the routes, after `register()` has registered the catalogues
// (the file itself is read before). Strapi marks every API router content-api itself; written out so the
// file satisfies Strapi's router type.
export default (): Core.RouterInput => ({
  type: 'content-api',
  routes: [
    buyerRoute('GET', '', 'me.show'),
    buyerRoute('PATCH', '', 'me.update'),
    buyerRoute('DELETE', '', 'me.remove'),
    buyerRoute('GET', '/favorites', 'favorites.list'),
    ...favouriteRoutes(),
    buyerRoute('GET', '/saved-searches', 'saved-searches.list'),
    buyerRoute('POST', '/saved-searches', 'saved-searches.create'),
    buyerRoute('GET', '/saved-searches/:id', 'saved-searches.show'),
    buyerRoute('PATCH', '/saved-searches/:id', 'saved-searches.update'),
    buyerRoute('DELETE', '/saved-searches/:id', 'saved-searches.remove'),
  ],
});
