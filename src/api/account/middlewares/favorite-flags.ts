/**
 * On the off-plan listing and project routes and the sale and rent listings' (list, listing): for a
 * request carrying a buyer's token, `is_favorited` on
 * each card of the answer, which becomes that buyer's own (private, never a surrogate key). Without a
 * token, or with one that names no buyer, the answer is everyone's, untouched. The fast lane answers
 * the same requests from what this instance holds, through the same services (../favorite-flags-lane.ts).
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { answerPrivately } from '../../../lib/private-answer';
import type { Representation } from '../../../lib/representation';
import { buyerService } from '../services/buyer';
import { favoritesService } from '../services/favorites';

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async function favoriteFlags(ctx: Context, next: Next): Promise<void> {
    if (!ctx.get('authorization')) return next();
    const check = await buyerService(strapi).of(ctx);
    if (check.status !== 'buyer') return next();
    await next();
    const everyone = ctx.state.representation as Representation | undefined;
    if (ctx.status !== 200 || !everyone || ctx.body !== everyone.body) return;
    const own = await favoritesService(strapi).flagged(check.buyer.id, everyone);
    ctx.state.representation = own;
    ctx.body = own.body;
    answerPrivately(ctx);
  };
