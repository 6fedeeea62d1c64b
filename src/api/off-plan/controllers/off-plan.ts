import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError } from '../../../lib/envelope';
import { readsDraft, versionsFor } from '../../../lib/drafts';
import { requestLocale } from '../../../lib/locale';
import { sendCached, sendRepresentation } from '../../../lib/send';
import { parseListingQuery, parseMapQuery } from '../lib/query';
import { PROJECT_QUERY_MESSAGES } from '../lib/query-messages';
import { offPlanService } from '../services/off-plan';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async legacy(ctx: Context) {
    const locale = requestLocale(ctx.state);
    if (readsDraft(ctx.state)) {
      ctx.body = await offPlanService(strapi).draftLegacyResponse(locale, versionsFor(ctx.state));
      return;
    }
    sendCached(ctx, await offPlanService(strapi).legacyResponse(locale));
  },

  async projects(ctx: Context) {
    const locale = requestLocale(ctx.state);
    const parsed = parseListingQuery(ctx.query, locale);
    if (!parsed.ok) throw ApiError.validation(parsed.errors, PROJECT_QUERY_MESSAGES[locale].validationFailed);
    const service = offPlanService(strapi);
    sendRepresentation(ctx, readsDraft(ctx.state) ? await service.draftListing(parsed.query, locale, versionsFor(ctx.state)) : await service.listing(ctx.querystring, parsed.query, locale));
  },

  async map(ctx: Context) {
    const locale = requestLocale(ctx.state);
    const parsed = parseMapQuery(ctx.query, locale);
    if (!parsed.ok) throw ApiError.validation(parsed.errors, PROJECT_QUERY_MESSAGES[locale].validationFailed);
    sendRepresentation(ctx, await offPlanService(strapi).map(ctx.querystring, parsed.query, locale));
  },

  async filters(ctx: Context) {
    sendRepresentation(ctx, await offPlanService(strapi).filters(requestLocale(ctx.state)));
  },

  async project(ctx: Context) {
    const locale = requestLocale(ctx.state);
    const key = String(ctx.params.projectId);
    const found = await offPlanService(strapi).projectResponse(key, locale);
    if (!found) throw ApiError.notFound(PROJECT_QUERY_MESSAGES[locale].projectNotFound(key.slice(0, 64)));
    if ('representation' in found) return sendRepresentation(ctx, found.representation);
    // A former slug (decision 110): the site redirects its page to `canonical_url`; a client following Location gets the project.
    const { body, edge } = found.moved;
    ctx.status = 301;
    ctx.set({ ...edge, Location: `${ctx.path.slice(0, ctx.path.lastIndexOf('/') + 1)}${encodeURIComponent(body.data.slug)}${ctx.search}` });
    ctx.body = body;
  },

  async developer(ctx: Context) {
    const locale = requestLocale(ctx.state);
    const slug = String(ctx.params.slug);
    const developer = await offPlanService(strapi).developerResponse(slug, locale);
    if (!developer) throw ApiError.notFound(PROJECT_QUERY_MESSAGES[locale].developerNotFound(slug.slice(0, 64)));
    sendRepresentation(ctx, developer);
  },
});
