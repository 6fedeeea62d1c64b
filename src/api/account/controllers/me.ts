import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { requestLocale } from '../../../lib/locale';
import { buyerOf, objectBody } from '../buyer-request';
import { ACCOUNT_MESSAGES } from '../lib/account-messages';
import { profileChange } from '../lib/profile';
import { accountView, meService } from '../services/me';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async show(ctx: Context) {
    ctx.body = success(accountView(buyerOf(ctx)));
  },

  async update(ctx: Context) {
    const locale = requestLocale(ctx.state);
    const result = profileChange(objectBody(ctx), locale);
    if (!result.ok) throw ApiError.validation(result.errors, ACCOUNT_MESSAGES[locale].validationFailed);
    ctx.body = success(await meService(strapi).update(buyerOf(ctx), result.change));
  },

  async remove(ctx: Context) {
    const messages = ACCOUNT_MESSAGES[requestLocale(ctx.state)];
    const { password } = objectBody(ctx);
    if (typeof password !== 'string' || password === '') throw ApiError.validation({ password: [messages.passwordRequired] }, messages.validationFailed);
    const buyer = buyerOf(ctx);
    if (!(await meService(strapi).passwordMatches(buyer, password))) throw new ApiError(403, 'FORBIDDEN', messages.passwordWrong);
    await meService(strapi).deleteAccount(buyer);
    ctx.body = success({ deleted: true }, 200, messages.deleted);
  },
});
