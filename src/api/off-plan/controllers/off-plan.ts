import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { CacheEntry } from '../../../lib/cache';
import { ApiError } from '../../../lib/envelope';
import { representationOf, type Representation } from '../../../lib/representation';
import { parseListingQuery } from '../lib/query';
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
    sendEntry(ctx, await offPlanService(strapi).legacyResponse());
  },

  async projects(ctx: Context) {
    const parsed = parseListingQuery(ctx.query);
    if (!parsed.ok) throw ApiError.validation(parsed.errors);
    send(ctx, await offPlanService(strapi).listing(ctx.querystring, parsed.query));
  },

  async filters(ctx: Context) {
    sendEntry(ctx, await offPlanService(strapi).filtersResponse());
  },

  async project(ctx: Context) {
    const id = String(ctx.params.projectId);
    const project = await offPlanService(strapi).projectResponse(id);
    if (!project) throw ApiError.notFound(`No off-plan project with id "${id.slice(0, 64)}"`);
    send(ctx, project);
  },
});
