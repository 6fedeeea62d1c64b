/**
 * CORS is about cross-origin reads, so a request without an Origin header gets no CORS headers.
 * `strapi::cors` answers such a request `Access-Control-Allow-Origin: *` whatever CORS_ORIGINS says; a
 * shared cache that ignores `Vary: Origin` could then hand that answer to a browser on a refused origin.
 * Sits right after `strapi::cors`, which has set its headers by then.
 */
import type { Context, Next } from 'koa';

const CORS_RESPONSE_HEADERS = ['Access-Control-Allow-Origin', 'Access-Control-Allow-Credentials', 'Access-Control-Expose-Headers'];

export default () =>
  async function corsScope(ctx: Context, next: Next): Promise<void> {
    if (!ctx.get('Origin')) for (const name of CORS_RESPONSE_HEADERS) ctx.remove(name);
    await next();
  };
