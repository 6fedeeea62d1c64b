import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { readsDraft, versionsFor } from '../../../lib/drafts';
import { ApiError, success } from '../../../lib/envelope';
import { requestLocale } from '../../../lib/locale';
import { jsonRepresentation } from '../../../lib/representation';
import { sendRepresentation } from '../../../lib/send';
import { PAGE_MESSAGES } from '../lib/messages';
import { parsePageListQuery, parsePageQuery } from '../lib/query';
import { pagesService } from '../services/pages';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = pagesService(strapi);
  return {
    async find(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const parsed = parsePageQuery(ctx.query, locale);
      if (!parsed.ok) throw ApiError.validation(parsed.errors, PAGE_MESSAGES[locale].validationFailed);
      const slug = String(ctx.params.slug);
      const found = await service.page(slug, locale, parsed.query, readsDraft(ctx.state) ? versionsFor(ctx.state) : undefined);
      if (!found) throw ApiError.notFound(PAGE_MESSAGES[locale].notFound(slug.slice(0, 80)));
      if ('representation' in found) return sendRepresentation(ctx, found.representation);
      // A former slug: the site redirects to `canonical_url`; a client following Location gets the page.
      ctx.status = 301;
      ctx.set('Location', `${ctx.path.slice(0, ctx.path.lastIndexOf('/') + 1)}${found.moved.slug}${ctx.search}`);
      ctx.body = success(found.moved, 301, PAGE_MESSAGES[locale].moved);
    },

    async list(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const parsed = parsePageListQuery(ctx.query, locale);
      if (!parsed.ok) throw ApiError.validation(parsed.errors, PAGE_MESSAGES[locale].validationFailed);
      const { kind, page, perPage } = parsed.query;
      const data = await service.list(locale, kind, page, perPage);
      sendRepresentation(ctx, jsonRepresentation(success(data, 200, PAGE_MESSAGES[locale].pagesMessage), false));
    },
  };
};
