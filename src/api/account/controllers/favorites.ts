import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { readKey } from '../../../lib/catalogue/keys';
import { requestLocale } from '../../../lib/locale';
import { buyerOf } from '../buyer-request';
import { ACCOUNT_MESSAGES } from '../lib/account-messages';
import { catalogueFavouriting } from '../../catalogues/services/registry';
import { favoritesService, MAX_FAVORITES } from '../services/favorites';

/** A project's id or a listing's reference as the routes accept them, once read (decision 191). */
const KEY = { project: /^[A-Za-z0-9_-]{1,64}$/, listing: /^[A-Za-z0-9_.\/-]{1,100}$/ } as const;

/** PUT and DELETE of one kind's favourite (`param`: the route's path parameter). */
function favoriteActions(strapi: Core.Strapi, kind: keyof typeof KEY, param: string) {
  /** What the answers name it by: its catalogue's column. */
  const named = (): string => catalogueFavouriting(kind)!.favourites.column;
  return {
    async put(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const messages = ACCOUNT_MESSAGES[locale];
      const key = String(ctx.params[param]);
      const id = KEY[kind].test(readKey(key)) ? await favoritesService(strapi).idNamed(kind, key, locale) : undefined;
      const favoriting = id === undefined ? { outcome: 'unknown' as const } : await favoritesService(strapi).add(buyerOf(ctx), { kind, id }, locale);
      if (favoriting.outcome === 'unknown') throw ApiError.notFound(kind === 'project' ? messages.projectNotFound(key.slice(0, 64)) : messages.listingNotFound(key.slice(0, 100)));
      if (favoriting.outcome === 'full') throw ApiError.validation({ favorites: [messages.tooManyFavorites(MAX_FAVORITES)] }, messages.validationFailed);
      ctx.body = success({ [named()]: id, is_favorited: true, favorited_at: favoriting.favorited_at });
    },

    async remove(ctx: Context) {
      const id = await favoritesService(strapi).idNamed(kind, String(ctx.params[param]), requestLocale(ctx.state));
      await favoritesService(strapi).remove(buyerOf(ctx).id, { kind, id });
      ctx.body = success({ [named()]: id, is_favorited: false });
    },
  };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const projects = favoriteActions(strapi, 'project', 'projectId');
  const listings = favoriteActions(strapi, 'listing', 'reference');
  return {
    async list(ctx: Context) {
      ctx.body = success(await favoritesService(strapi).list(buyerOf(ctx).id, requestLocale(ctx.state)));
    },
    put: projects.put,
    remove: projects.remove,
    putListing: listings.put,
    removeListing: listings.remove,
  };
};
