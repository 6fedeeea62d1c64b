import type { Core } from '@strapi/strapi';

/**
 * A signed-in buyer's route: Strapi's own auth is off (its roles grant nothing here); the buyer is
 * checked by `api::account.signed-in`, which answers 401 otherwise and keeps every answer private.
 * Not `siteRoute()`: those declare public answers that shared caches keep.
 */
const buyerRoute = (method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', path: string, handler: string): Core.RouteInput => ({
  method,
  path: `/v1/me${path}`,
  handler,
  config: { auth: false, middlewares: ['api::account.signed-in'] },
});

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    buyerRoute('GET', '', 'me.show'),
    buyerRoute('PATCH', '', 'me.update'),
    buyerRoute('DELETE', '', 'me.remove'),
    buyerRoute('GET', '/favorites', 'favorites.list'),
    buyerRoute('PUT', '/favorites/listings/:reference', 'favorites.putListing'),
    buyerRoute('DELETE', '/favorites/listings/:reference', 'favorites.removeListing'),
    buyerRoute('PUT', '/favorites/:projectId', 'favorites.put'),
    buyerRoute('DELETE', '/favorites/:projectId', 'favorites.remove'),
    buyerRoute('GET', '/saved-searches', 'saved-searches.list'),
    buyerRoute('POST', '/saved-searches', 'saved-searches.create'),
    buyerRoute('GET', '/saved-searches/:id', 'saved-searches.show'),
    buyerRoute('PATCH', '/saved-searches/:id', 'saved-searches.update'),
    buyerRoute('DELETE', '/saved-searches/:id', 'saved-searches.remove'),
  ],
} satisfies Core.RouterInput;
