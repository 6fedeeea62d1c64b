/**
 * One Redis connection per process, made on first use from REDIS_URL (config `cache.redisUrl`).
 * Commands fail fast while Redis is away (no offline queue), so callers can fall back at once.
 */
import Redis from 'ioredis';

let client: Redis | undefined;

export function redisClient(url: string): Redis {
  client ??= new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  return client;
}

export async function closeRedis(): Promise<void> {
  const closing = client;
  client = undefined;
  if (closing) await closing.quit().catch(() => closing.disconnect());
}
