/**
 * An answer for one signed-in reader (a buyer's account, a listing with their favourites): no shared
 * cache may keep it and no surrogate key may name it (global::http-cache leaves the route's caching
 * headers off), and caches that do keep answers are told it depends on the Authorization header.
 */
import type { Context } from 'koa';

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

interface PrivateState {
  privateAnswer?: boolean;
}

export function answerPrivately(ctx: Context): void {
  (ctx.state as PrivateState).privateAnswer = true;
  ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
  ctx.vary('Authorization');
}

export const isPrivateAnswer = (state: PrivateState): boolean => state.privateAnswer === true;
