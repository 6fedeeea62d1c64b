/**
 * On the routes that serve editorial content (their route files list it): reads `?status=` once (a 422
 * for an unknown value) and lets `status=draft` through only with an API token that may read the route
 * (src/lib/drafts.ts). Controllers then read `ctx.state.status`; global::http-cache keeps a draft out of
 * every cache (`private, no-store`, no ETag, no surrogate keys).
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { assertDraftReader, statusParam, STATUS_MESSAGES } from '../lib/drafts';
import { ApiError } from '../lib/envelope';
import { requestLocale } from '../lib/locale';

/** The content-API action of the matched route (`api::luxury.luxury.page`), as tokens' permissions name it. */
function routeAction(ctx: Context): string {
  const route = ctx.state.route as { handler: string; info: { apiName?: string } };
  return route.handler.includes('::') ? route.handler : `api::${route.info.apiName}.${route.handler}`;
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async function draftReads(ctx: Context, next: Next): Promise<void> {
    const status = statusParam(ctx.query.status);
    if (!status) {
      const messages = STATUS_MESSAGES[requestLocale(ctx.state)];
      throw ApiError.validation({ status: [messages.status] }, messages.validationFailed);
    }
    if (status === 'draft') {
      await assertDraftReader(strapi, ctx.get('authorization') || undefined, routeAction(ctx));
      ctx.state.status = status;
    }
    await next();
  };
