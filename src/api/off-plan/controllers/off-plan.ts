import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { CacheEntry } from '../../../lib/cache';
import { ApiError } from '../../../lib/envelope';
import { readsDraft, versionsFor } from '../../../lib/drafts';
import { requestLocale } from '../../../lib/locale';
import { representationOf, type Representation } from '../../../lib/representation';
import { parseListingQuery } from '../lib/query';
import { QUERY_MESSAGES } from '../lib/query-messages';
import { offPlanService } from '../services/off-plan';

/** Sends a finished JSON body; its ETag and compressed variants come with it (global::http-cache). */
function send(ctx: Context, representation: Representation): void {
  ctx.state.representation = representation;
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = representation.body;
}

const sendEntry = (ctx: Context, entry: CacheEntry<unknown>) => send(ctx, representationOf(entry)!);

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async legacy(ctx: Context) {
    const locale = requestLocale(ctx.state);
    if (readsDraft(ctx.state)) {
      ctx.body = await offPlanService(strapi).draftLegacyResponse(locale, versionsFor(ctx.state));
      return;
    }
    sendEntry(ctx, await offPlanService(strapi).legacyResponse(locale));
  },

  async projects(ctx: Context) {
    const locale = requestLocale(ctx.state);
    const parsed = parseListingQuery(ctx.query, locale);
    if (!parsed.ok) throw ApiError.validation(parsed.errors, QUERY_MESSAGES[locale].validationFailed);
    const service = offPlanService(strapi);
    send(ctx, readsDraft(ctx.state) ? await service.draftListing(parsed.query, locale, versionsFor(ctx.state)) : await service.listing(ctx.querystring, parsed.query, locale));
  },

  async filters(ctx: Context) {
    sendEntry(ctx, await offPlanService(strapi).filtersResponse(requestLocale(ctx.state)));
  },

  async project(ctx: Context) {
    const locale = requestLocale(ctx.state);
    const id = String(ctx.params.projectId);
    const project = await offPlanService(strapi).projectResponse(id, locale);
    if (!project) throw ApiError.notFound(QUERY_MESSAGES[locale].projectNotFound(id.slice(0, 64)));
    send(ctx, project);
  },
});
