/**
 * Fixed-window rate limits keyed by a caller's identity (the client IP, never request content).
 * In-process by default; in Redis when a client is given, so every instance shares one count, with an
 * in-process insurance limiter that takes over while Redis is unreachable.
 */
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimitOptions {
  name: string;
  max: number;
  windowSeconds: number;
  redis?: Redis;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  consume(key: string): Promise<RateLimitVerdict>;
}

export function createRateLimiter({ name, max, windowSeconds, redis }: RateLimitOptions): RateLimiter {
  if (max <= 0) return { consume: async () => ({ allowed: true }) };

  const options = { keyPrefix: `rl:${name}`, points: max, duration: windowSeconds };
  const memory = new RateLimiterMemory(options);
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory })
    : memory;

  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection;
      }
    },
  };
}
