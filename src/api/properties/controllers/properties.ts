import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { requestLocale } from '../../../lib/locale';
import { sendRepresentation } from '../../../lib/send';
import { pageUrl } from '../../website/services/site-pages';
import { LISTING_MESSAGES } from '../lib/messages';
import { parseListingMapQuery, parseListingQuery, parsePurpose } from '../lib/query';
import { propertiesService } from '../services/properties';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = propertiesService(strapi);
  return {
    async list(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const parsed = parseListingQuery(ctx.query, locale);
      if (!parsed.ok) throw ApiError.validation(parsed.errors, LISTING_MESSAGES[locale].validationFailed);
      sendRepresentation(ctx, await service.page(ctx.querystring, parsed.query, locale));
    },

    async map(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const parsed = parseListingMapQuery(ctx.query, locale);
      if (!parsed.ok) throw ApiError.validation(parsed.errors, LISTING_MESSAGES[locale].validationFailed);
      sendRepresentation(ctx, await service.map(ctx.querystring, parsed.query, locale));
    },

    async filters(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const purpose = parsePurpose(ctx.query, locale);
      if (!purpose.ok) throw ApiError.validation(purpose.errors, LISTING_MESSAGES[locale].validationFailed);
      sendRepresentation(ctx, await service.filters(purpose.purpose, locale));
    },

    async listing(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const key = String(ctx.params.key);
      const found = await service.item(key, locale);
      if (!found) throw ApiError.notFound(LISTING_MESSAGES[locale].listingNotFound(key.slice(0, 64)));
      if ('representation' in found) return sendRepresentation(ctx, found.representation);
      if ('gone' in found) {
        ctx.status = 410;
        ctx.body = found.gone;
        return;
      }
      // A former slug: the site redirects its page to the current one; a client following Location gets the listing.
      ctx.status = 301;
      ctx.set('Location', `${ctx.path.slice(0, ctx.path.lastIndexOf('/') + 1)}${encodeURIComponent(found.moved.slug)}${ctx.search}`);
      ctx.body = success({ id: found.moved.id, slug: found.moved.slug, canonical_url: pageUrl('listing', locale, { slug: found.moved.slug }) }, 301, LISTING_MESSAGES[locale].listingMoved);
    },
  };
};
