/**
 * On the off-plan listing and project routes: for a request carrying a buyer's token, `is_favorited` on
 * each card of the answer, which becomes that buyer's own (private, never a surrogate key). Without a
 * token, or with one that names no buyer, the answer is everyone's, untouched (the fast lane serves no
 * request with an Authorization header, so the token always reaches here).
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { answerPrivately } from '../../../lib/private-answer';
import { Representation } from '../../../lib/representation';
import { offPlanService } from '../../off-plan/services/off-plan';
import { buyerService } from '../services/buyer';
import { favoritesService } from '../services/favorites';

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async function favoriteFlags(ctx: Context, next: Next): Promise<void> {
    if (!ctx.get('authorization')) return next();
    const check = await buyerService(strapi).of(ctx);
    if (check.status !== 'buyer') return next();
    await next();
    if (ctx.status !== 200 || !Buffer.isBuffer(ctx.body)) return;
    const favorites = await favoritesService(strapi).projectIds(check.buyer.id);
    const body = offPlanService(strapi).withFavoriteFlags(ctx.body, (id) => favorites.has(id));
    ctx.state.representation = new Representation(body, false);
    ctx.body = body;
    answerPrivately(ctx);
  };
