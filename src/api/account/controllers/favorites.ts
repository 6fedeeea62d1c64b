import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { requestLocale } from '../../../lib/locale';
import { buyerOf } from '../buyer-request';
import { ACCOUNT_MESSAGES } from '../lib/account-messages';
import { favoritesService, MAX_FAVORITES } from '../services/favorites';

const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(ctx: Context) {
    ctx.body = success(await favoritesService(strapi).list(buyerOf(ctx).id, requestLocale(ctx.state)));
  },

  async put(ctx: Context) {
    const locale = requestLocale(ctx.state);
    const messages = ACCOUNT_MESSAGES[locale];
    const projectId = String(ctx.params.projectId);
    const favoriting = PROJECT_ID.test(projectId) ? await favoritesService(strapi).add(buyerOf(ctx), projectId, locale) : { outcome: 'unknown' as const };
    if (favoriting.outcome === 'unknown') throw ApiError.notFound(messages.projectNotFound(projectId.slice(0, 64)));
    if (favoriting.outcome === 'full') throw ApiError.validation({ favorites: [messages.tooManyFavorites(MAX_FAVORITES)] }, messages.validationFailed);
    ctx.body = success({ project_id: projectId, is_favorited: true, favorited_at: favoriting.favorited_at });
  },

  async remove(ctx: Context) {
    const projectId = String(ctx.params.projectId);
    await favoritesService(strapi).remove(buyerOf(ctx).id, projectId);
    ctx.body = success({ project_id: projectId, is_favorited: false });
  },
});
