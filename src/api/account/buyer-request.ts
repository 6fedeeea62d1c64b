/** What the account controllers read of a request: its buyer (set by `api::account.signed-in`) and its JSON object body. */
import type { Context } from 'koa';
import { ApiError } from '../../lib/envelope';
import { requestLocale } from '../../lib/locale';
import { ACCOUNT_MESSAGES } from './lib/account-messages';
import { isPlainObject } from './lib/fields';
import type { BuyerAccount } from './services/buyer';

/** The JSON object body of a request, or the 400 envelope. */
export function objectBody(ctx: Context): Record<string, unknown> {
  const body: unknown = ctx.request.body ?? {};
  if (!isPlainObject(body)) throw new ApiError(400, 'BAD_REQUEST', ACCOUNT_MESSAGES[requestLocale(ctx.state)].notAnObject);
  return body;
}

export const buyerOf = (ctx: Context) => ctx.state.buyer as BuyerAccount;
