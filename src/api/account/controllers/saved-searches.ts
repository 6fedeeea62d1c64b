import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { requestLocale, type Locale } from '../../../lib/locale';
import { buyerOf, objectBody } from '../buyer-request';
import { ACCOUNT_MESSAGES } from '../lib/account-messages';
import { MAX_SAVED_SEARCHES, readSavedSearch, savedSearchesService, type SavedSearchView } from '../services/saved-searches';

/** The 404 envelope of a search the buyer does not have (another buyer's is one that does not exist). */
const notFound = (locale: Locale) => ApiError.notFound(ACCOUNT_MESSAGES[locale].savedSearchNotFound);

function found(search: SavedSearchView | null, locale: Locale): asserts search is SavedSearchView {
  if (!search) throw notFound(locale);
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const searches = () => savedSearchesService(strapi);
  const idOf = (ctx: Context) => Number(ctx.params.id);

  return {
    async list(ctx: Context) {
      ctx.body = success(await searches().list(buyerOf(ctx).id));
    },

    async create(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const messages = ACCOUNT_MESSAGES[locale];
      const read = readSavedSearch(objectBody(ctx), locale, false);
      if (!read.ok) throw ApiError.validation(read.errors, messages.validationFailed);
      const { name, catalogue, query, frequency } = read.fields;
      const created = await searches().create(buyerOf(ctx), { name: name!, catalogue: catalogue!, query: query!, frequency: frequency! });
      if (created === 'full') throw ApiError.validation({ saved_searches: [messages.tooManySavedSearches(MAX_SAVED_SEARCHES)] }, messages.validationFailed);
      ctx.status = 201;
      ctx.body = success(created, 201);
    },

    async show(ctx: Context) {
      const search = await searches().find(buyerOf(ctx).id, idOf(ctx));
      found(search, requestLocale(ctx.state));
      ctx.body = success(search);
    },

    async update(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const body = objectBody(ctx);
      const search = await searches().find(buyerOf(ctx).id, idOf(ctx));
      found(search, locale);
      const read = readSavedSearch(body, locale, true, search.catalogue);
      if (!read.ok) throw ApiError.validation(read.errors, ACCOUNT_MESSAGES[locale].validationFailed);
      const updated = await searches().update(buyerOf(ctx).id, idOf(ctx), read.fields);
      found(updated, locale);
      ctx.body = success(updated);
    },

    async remove(ctx: Context) {
      const locale = requestLocale(ctx.state);
      if (!(await searches().remove(buyerOf(ctx).id, idOf(ctx)))) throw notFound(locale);
      ctx.body = success({ id: idOf(ctx), deleted: true });
    },
  };
};
