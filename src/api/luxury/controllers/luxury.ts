import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { luxuryService } from '../services/luxury';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async page(ctx: Context) {
    const cached = await luxuryService(strapi).cachedResponse();
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = cached.bytes;
  },
});
