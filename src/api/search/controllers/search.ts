import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError } from '../../../lib/envelope';
import { requestLocale } from '../../../lib/locale';
import { sendRepresentation } from '../../../lib/send';
import { SEARCH_MESSAGES } from '../lib/query';
import { parseSuggestQuery, suggestService } from '../services/suggest';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = suggestService(strapi);
  return {
    async suggest(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const parsed = parseSuggestQuery(ctx.query, locale);
      if (!parsed.ok) throw ApiError.validation(parsed.errors, SEARCH_MESSAGES[locale].validationFailed);
      sendRepresentation(ctx, await service.suggest(ctx.querystring, parsed.query, locale));
    },
  };
};
