/**
 * Strapi mounts its routers on the Koa app when it listens; the app mounts them at the end of its
 * bootstrap instead, so that its own routes can answer before the server listens (lane-warm-up.ts).
 *
 * Strapi internals, checked against @strapi/core 5.54.0: `server.mount()` marks the routers mounted and
 * `server.listen()` then mounts nothing more; routes added to `server.router` later (the admin's watcher
 * in development) still answer, as the router reads its stack per request. Whoever loads the app without
 * `listen` (the tests, the bench) must not mount again.
 */
import type { Core } from '@strapi/strapi';

export function mountRoutesBeforeListening(strapi: Core.Strapi): void {
  strapi.server.mount();
}
