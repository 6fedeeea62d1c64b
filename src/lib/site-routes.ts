/**
 * A public GET of the website's contract says what it is once, in its domain's route file: how the edge
 * may cache it (kind and surrogate keys), whether the fast lane answers it, which editorial types its
 * answer shows (their drafts can be read) and the website page that shows them (where the Preview panel
 * opens). The edge caching (global::http-cache), the fast lane, draft reads, the Preview panel and the
 * metrics (the route's pattern is its label on both lanes) read it from the route, never from a list
 * of paths kept elsewhere. Generic: the domains hold the values.
 */
import type { Core } from '@strapi/strapi';
import { draftsReadable } from './drafts';
import type { CachePolicy } from './http-caching';

export interface SiteRoute {
  /** Strapi's path under the content API prefix, e.g. `/v1/luxury` or `/v1/off-plan/projects/:projectId`. */
  path: string;
  /** The controller action, e.g. `luxury.page`. */
  handler: string;
  cache: CachePolicy;
  /** Answered from memory by the fast lane when it can (the domain registers the lookup: `laneLookup`). */
  fastLane?: boolean;
  /**
   * How a start asks a fast-lane route before listening, once per language (decision 182): without a
   * query (true, the default), with this query string (`purpose=sale`, for a route that refuses a request
   * without one), or not at all (false). A route with a path parameter is never asked.
   */
  askedAtStart?: boolean | string;
  /** Editorial types the answer is built from (uids, `api::x.*` for every type of an API): drafts may be read. */
  shows?: readonly string[];
  /** The kind of website page that shows those types (its path per locale: the site's paths map): where the Preview panel opens for them. */
  page?: string;
  /** Route middlewares after the draft reads, e.g. one that makes the answer a signed-in reader's own (src/lib/private-answer.ts). */
  middlewares?: readonly string[];
}

interface SiteRouteConfig extends Core.RouteConfig {
  site: SiteRoute;
}

/** The Strapi route of a public GET: open to all, its drafts to API tokens and preview tokens of the types it shows. */
export function siteRoute(route: SiteRoute): Core.RouteInput {
  const drafts = draftsReadable(...(route.shows ?? []));
  const config: SiteRouteConfig = { ...drafts, middlewares: [...drafts.middlewares, ...(route.middlewares ?? [])], site: route };
  return { method: 'GET', path: route.path, handler: route.handler, config };
}

/** What the matched route (`ctx.state.route`) says of itself, or undefined for any other route. */
export const siteRouteOf = (route: unknown): SiteRoute | undefined => (route as { config?: Partial<SiteRouteConfig> } | undefined)?.config?.site;

/** The website page of each type the routes show, from the routes that name a page. */
export function previewPages(routes: readonly SiteRoute[]): Record<string, string> {
  return Object.fromEntries(routes.flatMap(({ shows = [], page }) => (page ? shows.map((type) => [type, page]) : [])));
}

export interface DeclaredRoute {
  /** The path as clients and the router see it (`/api/v1/luxury`): the metrics label of both lanes. */
  path: string;
  /** `api::<api>.<handler>`, as API tokens' permissions name it. */
  action: string;
  route: SiteRoute;
}

interface ApiRouter {
  routes?: Array<{ config?: Partial<SiteRouteConfig> }>;
}

/** Every site route of the app's APIs, with its full path. */
export function declaredRoutes(strapi: Core.Strapi): DeclaredRoute[] {
  const prefix = strapi.config.get<string>('api.rest.prefix', '/api');
  return Object.entries(strapi.apis).flatMap(([apiName, api]) =>
    Object.values((api as { routes?: Record<string, ApiRouter> }).routes ?? {}).flatMap((router) =>
      (router.routes ?? []).flatMap((candidate) => {
        const route = candidate.config?.site;
        return route ? [{ path: `${prefix}${route.path}`, action: `api::${apiName}.${route.handler}`, route }] : [];
      })
    )
  );
}
