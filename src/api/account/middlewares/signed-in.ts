/**
 * On every /api/v1/me route: the request's buyer (services/buyer.ts) on `ctx.state.buyer`, or the 401
 * envelope (no token; a token that names no buyer who may sign in now). Every answer is the buyer's
 * own: never kept by a shared cache.
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { ApiError } from '../../../lib/envelope';
import { requestLocale } from '../../../lib/locale';
import { answerPrivately } from '../../../lib/private-answer';
import { ACCOUNT_MESSAGES } from '../lib/account-messages';
import { buyerService } from '../services/buyer';

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async function signedIn(ctx: Context, next: Next): Promise<void> {
    answerPrivately(ctx);
    const check = await buyerService(strapi).of(ctx);
    if (check.status !== 'buyer') {
      const messages = ACCOUNT_MESSAGES[requestLocale(ctx.state)];
      throw new ApiError(401, 'UNAUTHORIZED', check.status === 'none' ? messages.signInRequired : messages.signInInvalid, undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    ctx.state.buyer = check.buyer;
    await next();
  };
