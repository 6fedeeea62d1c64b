/**
 * Strapi mounts its routers on the Koa app when it listens; the app mounts them at the end of its
 * bootstrap instead, so that its own routes can answer before the server listens (lane-warm-up.ts).
 *
 * Strapi internals, checked against @strapi/core 5.54.0 and @koa/router 12: `server.mount()` copies each
 * API's routes into the main router and adds the router to Koa, with no guard against a second call,
 * which `listen` skips once mounted but Strapi's own commands (`strapi routes:list`, `strapi openapi
 * generate`) make after loading the app; so once mounted, `mount` does nothing. After the bootstrap, an
 * API's routes added with `strapi.server.routes()` are not copied any more, and Koa middleware added with
 * `app.use` runs after the router: register both in `register` or a plugin's bootstrap, as the app does.
 * Routes added to `server.router` itself still answer (the admin's watcher in development): the router
 * reads its own stack per request.
 */
import type { Core } from '@strapi/strapi';

export function mountRoutesBeforeListening(strapi: Core.Strapi): void {
  const { server } = strapi;
  server.mount();
  server.mount = () => server;
}
