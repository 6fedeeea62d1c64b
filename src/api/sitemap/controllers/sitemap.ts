import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError } from '../../../lib/envelope';
import { requestLocale } from '../../../lib/locale';
import { sendRepresentation } from '../../../lib/send';
import { SITEMAP_MESSAGES } from '../lib/sitemap-messages';
import { robotsService } from '../services/robots';
import { partNamed, sitemapService } from '../services/sitemap';

const XML = 'application/xml; charset=utf-8';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async index(ctx: Context) {
    sendRepresentation(ctx, (await sitemapService(strapi).built()).index, XML);
  },

  async part(ctx: Context) {
    const file = String(ctx.params.part);
    const name = partNamed(file);
    const part = name === undefined ? undefined : (await sitemapService(strapi).built()).parts.get(name);
    if (!part) throw ApiError.notFound(SITEMAP_MESSAGES[requestLocale(ctx.state)].partNotFound(file.slice(0, 64)));
    sendRepresentation(ctx, part, XML);
  },

  async robots(ctx: Context) {
    sendRepresentation(ctx, await robotsService(strapi).response(), 'text/plain; charset=utf-8');
  },
});
