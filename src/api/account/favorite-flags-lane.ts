/**
 * The fast lane's half of `api::account.favorite-flags` (middlewares/favorite-flags.ts): a signed-in
 * buyer's listing or project answer from what this instance holds (the token's claims, the account and
 * session, the favourites, the flagged bytes), or the full path when any of it is not held.
 */
import type { Core } from '@strapi/strapi';
import { laneForReaders } from '../../lib/fast-lane';
import { buyerService } from './services/buyer';
import { favoritesService } from './services/favorites';

export function answerBuyersOnFastLane(strapi: Core.Strapi): void {
  const buyers = buyerService(strapi);
  const favorites = favoritesService(strapi);
  laneForReaders('api::account.favorite-flags', (authorization, everyone) => {
    const check = buyers.peek(authorization);
    if (!check) return undefined;
    return check.status === 'buyer' ? favorites.peekFlagged(check.buyer.id, everyone) : 'everyone';
  });
}
