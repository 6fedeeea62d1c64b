/**
 * Counts and times every request Strapi answers (the full lane; the fast lane counts its own), by the
 * route pattern the router matched (`/api/v1/off-plan/projects/:projectId`), never the raw path:
 * `static` for the static-file catch-all (strapi::public, a pattern that matches any path), `unmatched`
 * when no route answered.
 */
import type { Context, Next } from 'koa';
import { metrics } from '../lib/metrics';

function routeOf(ctx: Context, status: number): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched === undefined) return 'unmatched';
  const route = String(matched);
  // A catch-all's pattern says nothing of the path; a miss there is no route at all.
  if (route.includes('(')) return status < 400 ? 'static' : 'unmatched';
  return route;
}

export default () =>
  async function requestMetrics(ctx: Context, next: Next) {
    if (!metrics.enabled) return next();
    const began = performance.now();
    let status = 0;
    try {
      await next();
      status = ctx.status;
    } catch (error) {
      status = (error as { status?: number }).status ?? 500;
      throw error;
    } finally {
      metrics.request(routeOf(ctx, status), ctx.method, status, 'full', (performance.now() - began) / 1000);
    }
  };
