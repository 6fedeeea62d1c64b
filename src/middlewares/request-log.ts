/**
 * strapi::logger's access-log line (LOG_LEVEL=http), in its place and format, with the query values of
 * everything but the website's contract redacted (src/lib/request-log.ts).
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { requestLine } from '../lib/request-log';

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async function requestLog(ctx: Context, next: Next) {
    const started = Date.now();
    await next();
    strapi.log.http(requestLine(ctx.method, ctx.originalUrl, Math.ceil(Date.now() - started), ctx.status));
  };
