/**
 * One Redis connection per process, made on first use from REDIS_URL (config `cache.redisUrl`).
 * Commands fail fast while Redis is away (no offline queue), so callers can fall back at once. The
 * client reconnects by itself; an outage is logged once when it starts and once when it ends (ioredis
 * would otherwise report every failed reconnection as an unhandled error).
 */
import Redis from 'ioredis';

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

let client: Redis | undefined;

export function redisClient(url: string, log: Log): Redis {
  if (client) return client;
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(`redis: unreachable (${error.message}); shared rate-limit counts fall back to each instance's own until it is back`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('redis: connected again; rate-limit counts are shared again');
  });
  client = redis;
  return redis;
}

export async function closeRedis(): Promise<void> {
  const closing = client;
  client = undefined;
  if (closing) await closing.quit().catch(() => closing.disconnect());
}
