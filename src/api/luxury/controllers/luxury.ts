import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { readsDraft, versionsFor } from '../../../lib/drafts';
import { requestLocale } from '../../../lib/locale';
import { sendCached } from '../../../lib/send';
import { luxuryService } from '../services/luxury';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async page(ctx: Context) {
    const locale = requestLocale(ctx.state);
    if (readsDraft(ctx.state)) {
      ctx.body = await luxuryService(strapi).draftResponse(locale, versionsFor(ctx.state));
      return;
    }
    sendCached(ctx, await luxuryService(strapi).cachedResponse(locale));
  },
});
