import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { requestLocale } from '../../../lib/locale';
import { representationOf } from '../../../lib/representation';
import { luxuryService } from '../services/luxury';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async page(ctx: Context) {
    const cached = await luxuryService(strapi).cachedResponse(requestLocale(ctx.state));
    ctx.type = 'application/json; charset=utf-8';
    ctx.state.representation = representationOf(cached);
    ctx.body = cached.bytes;
  },
});
