/**
 * What the public routes declare of themselves (src/lib/site-routes.ts) put to work once the APIs are
 * loaded: the fast lane answers the routes that say so, and the Preview panel opens each type's page.
 */
import type { Core } from '@strapi/strapi';
import { serveOnFastLane } from '../lib/fast-lane';
import { SITE_PAGES } from '../api/website/services/site-pages';
import { declarePreviewPages } from '../lib/preview';
import { declaredRoutes, previewPages } from '../lib/site-routes';

export function serveDeclaredRoutes(strapi: Core.Strapi): void {
  const routes = declaredRoutes(strapi);
  serveOnFastLane(routes.map(({ path, action, route }) => ({ path, action, fastLane: route.fastLane, askedAtStart: route.askedAtStart, middlewares: route.middlewares })));
  declarePreviewPages(previewPages(routes.map(({ route }) => route)), SITE_PAGES);
}
