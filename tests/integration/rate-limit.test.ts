/** The rate limiter on a real Redis (TEST_REDIS_URL): instances share one count through it. */
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/lib/rate-limit';

// As the app connects: no offline queue, so a command before the connection is up fails over to the
// in-process insurance limiter. The test waits until Redis is ready, so it measures the shared count.
const redis = new Redis(process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379', { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
const ready = new Promise<void>((resolve, reject) => {
  redis.once('ready', () => resolve());
  redis.once('error', reject);
});
afterAll(async () => {
  await redis.quit();
});

const uniqueName = () => `test-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe('rate limiter', () => {
  it('in process: allows max per window, then says how long to wait', async () => {
    const limiter = createRateLimiter({ name: uniqueName(), max: 3, windowSeconds: 60 });
    for (let i = 0; i < 3; i += 1) expect(await limiter.consume('2001:db8::1')).toEqual({ allowed: true });
    const verdict = await limiter.consume('2001:db8::1');
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed === false && verdict.retryAfterSeconds).toBeGreaterThan(55);
    expect(await limiter.consume('2001:db8::2')).toEqual({ allowed: true });
  });

  it('is off when max is 0', async () => {
    const limiter = createRateLimiter({ name: uniqueName(), max: 0, windowSeconds: 60 });
    for (let i = 0; i < 50; i += 1) expect((await limiter.consume('k')).allowed).toBe(true);
  });

  it('in Redis: two instances share one count', async () => {
    await ready;
    const name = uniqueName();
    const first = createRateLimiter({ name, max: 4, windowSeconds: 60, redis });
    const second = createRateLimiter({ name, max: 4, windowSeconds: 60, redis });
    expect(await first.consume('2001:db8::9')).toEqual({ allowed: true });
    expect(await second.consume('2001:db8::9')).toEqual({ allowed: true });
    expect(await first.consume('2001:db8::9')).toEqual({ allowed: true });
    expect(await second.consume('2001:db8::9')).toEqual({ allowed: true });
    expect((await first.consume('2001:db8::9')).allowed).toBe(false);
    expect(Number(await redis.get(`rl:${name}:2001:db8::9`))).toBe(5);
  });
});
