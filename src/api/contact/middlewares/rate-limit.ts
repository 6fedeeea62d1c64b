/**
 * Per-client-IP limit on contact submissions (decision 13). The IP is Koa's `ctx.request.ip`, which
 * honours X-Forwarded-For only when TRUST_PROXY is set. Nothing from the body takes part in the key.
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { ApiError } from '../../../lib/envelope';
import { createRateLimiter } from '../../../lib/rate-limit';
import { redisClient } from '../../../lib/redis';

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const redisUrl = String(strapi.config.get('cache.redisUrl', ''));
  const limiter = createRateLimiter({
    name: 'contact',
    max: Number(strapi.config.get('contact.rateLimit.max')),
    windowSeconds: Number(strapi.config.get('contact.rateLimit.windowSeconds')),
    redis: redisUrl ? redisClient(redisUrl, strapi.log) : undefined,
  });

  return async (ctx: Context, next: Next) => {
    const verdict = await limiter.consume(ctx.request.ip);
    if (!verdict.allowed) {
      throw new ApiError(429, 'RATE_LIMITED', `Too many submissions. Try again in ${verdict.retryAfterSeconds} seconds.`, undefined, {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    }
    return next();
  };
};
