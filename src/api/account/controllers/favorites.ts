import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { readKey } from '../../../lib/catalogue/keys';
import { requestLocale } from '../../../lib/locale';
import { buyerOf } from '../buyer-request';
import { ACCOUNT_MESSAGES } from '../lib/account-messages';
import { favouriteRouteOf } from '../lib/favourite-route';
import { catalogueFavouriting } from '../../catalogues/services/registry';
import { favoritesService, MAX_FAVORITES } from '../services/favorites';

/** The catalogue's favourites the matched route is of, and the key its path names. */
function favouriteAsked(ctx: Context) {
  const { kind, param } = favouriteRouteOf(ctx.state.route);
  return { kind, items: catalogueFavouriting(kind)!.favourites, key: String(ctx.params[param]) };
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(ctx: Context) {
    ctx.body = success(await favoritesService(strapi).list(buyerOf(ctx).id, requestLocale(ctx.state)));
  },

  /** PUT of any catalogue's favourite; the answers name it by its catalogue's column. */
  async put(ctx: Context) {
    const locale = requestLocale(ctx.state);
    const messages = ACCOUNT_MESSAGES[locale];
    const { kind, items, key } = favouriteAsked(ctx);
    const id = items.keyPattern.test(readKey(key)) ? await favoritesService(strapi).idNamed(kind, key, locale) : undefined;
    const favoriting = id === undefined ? { outcome: 'unknown' as const } : await favoritesService(strapi).add(buyerOf(ctx), { kind, id }, locale);
    if (favoriting.outcome === 'unknown') throw ApiError.notFound(items.notFound(key, locale));
    if (favoriting.outcome === 'full') throw ApiError.validation({ favorites: [messages.tooManyFavorites(MAX_FAVORITES)] }, messages.validationFailed);
    ctx.body = success({ [items.column]: id, is_favorited: true, favorited_at: favoriting.favorited_at });
  },

  async remove(ctx: Context) {
    const { kind, items, key } = favouriteAsked(ctx);
    const id = await favoritesService(strapi).idNamed(kind, key, requestLocale(ctx.state));
    await favoritesService(strapi).remove(buyerOf(ctx).id, { kind, id });
    ctx.body = success({ [items.column]: id, is_favorited: false });
  },
});
