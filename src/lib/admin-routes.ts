/**
 * The app's admin routes: Strapi's admin API at the root (`/leads/summary`, not `/api/...`), behind the
 * admin's session and RBAC policies. Each owner declares its routes in one table, `admin/routes.ts`,
 * shaped as Strapi's router files are; `src/index.ts` lists the tables. They are mounted here because
 * Strapi 5 mounts whatever sits in an API's `routes/` folder as content API under `/api`, whatever type
 * the file declares.
 */
import type { Core } from '@strapi/strapi';

type AdminRouterInput = Core.RouterInput & { type: 'admin' };

/** A table of admin routes, or Strapi's function-like router form when its handlers need `strapi`. */
export type AdminRouter = AdminRouterInput | ((params: { strapi: Core.Strapi }) => AdminRouterInput);

function mount(strapi: Core.Strapi, router: AdminRouterInput): void {
  strapi.server.routes({ ...router, routes: router.routes.map((route) => ({ ...route, info: { type: 'admin', ...route.info } })) });
}

/** Mounts the tables on the admin API; called from register, before Strapi builds its router. */
export function registerAdminRouters(strapi: Core.Strapi, routers: AdminRouter[]): void {
  for (const router of routers) mount(strapi, typeof router === 'function' ? router({ strapi }) : router);
}
