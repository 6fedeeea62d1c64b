/**
 * On the routes that serve editorial content (their route files list it, with the types each shows):
 * reads `?status=` once (a 422 for an unknown value) and lets `status=draft` through only with a preview
 * token for one of those types in the request's locale (`?preview=`, decision 83) or an API token that
 * may read the route (src/lib/drafts.ts). Controllers then read `versionsFor(ctx.state)`;
 * global::http-cache keeps a draft out of every cache (`private, no-store`, no ETag, no surrogate keys).
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { assertDraftReader, previewScopeOf, statusParam, STATUS_MESSAGES } from '../lib/drafts';
import { ApiError } from '../lib/envelope';
import { requestLocale } from '../lib/locale';

/** The content-API action of the matched route (`api::luxury.luxury.page`), as tokens' permissions name it. */
function routeAction(ctx: Context): string {
  const route = ctx.state.route as { handler: string; info: { apiName?: string } };
  return route.handler.includes('::') ? route.handler : `api::${route.info.apiName}.${route.handler}`;
}

export default (config: { shown?: string[] }, { strapi }: { strapi: Core.Strapi }) =>
  async function draftReads(ctx: Context, next: Next): Promise<void> {
    const status = statusParam(ctx.query.status);
    if (!status) {
      const messages = STATUS_MESSAGES[requestLocale(ctx.state)];
      throw ApiError.validation({ status: [messages.status] }, messages.validationFailed);
    }
    if (status === 'draft') {
      const token = ctx.query.preview;
      if (token !== undefined) {
        const secret = strapi.config.get<string | undefined>('preview.secret');
        ctx.state.preview = previewScopeOf(secret, token, config.shown ?? [], requestLocale(ctx.state));
      } else {
        await assertDraftReader(strapi, ctx.get('authorization') || undefined, routeAction(ctx));
      }
      ctx.state.status = status;
    }
    await next();
  };
