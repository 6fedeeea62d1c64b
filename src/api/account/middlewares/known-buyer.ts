/**
 * On a public route that links what it stores to the buyer who sent it (the contact form): the request's
 * buyer (services/buyer.ts) on `ctx.state.buyer` when its token names one who may sign in now; otherwise
 * nothing, and the request goes on as anyone's. The route's own domain reads the buyer's id from the state,
 * so it need not import the account domain, which already imports it (decision 197).
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { buyerService } from '../services/buyer';

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async function knownBuyer(ctx: Context, next: Next): Promise<void> {
    const check = await buyerService(strapi).of(ctx);
    if (check.status === 'buyer') ctx.state.buyer = check.buyer;
    await next();
  };
