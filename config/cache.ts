import type { Core } from '@strapi/strapi';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  /** Redis shared by several instances: contact rate-limit counts. Empty: counted in each process. */
  redisUrl: env('REDIS_URL', ''),
  /** Longest life of a cached page built from edited content, even if an invalidation was lost. */
  maxAgeSeconds: env.int('CACHE_MAX_AGE_S', 300),
  /** The same while this instance cannot hear other instances' invalidations (PostgreSQL listener down). */
  busDownMaxAgeSeconds: env.int('CACHE_BUS_DOWN_MAX_AGE_S', 5),
  /** Cache-Control of public GETs (docs/performance.md); empty: the defaults of src/lib/http-caching.ts. */
  cacheControl: {
    pages: env('CACHE_CONTROL_PAGES', ''),
    provider: env('CACHE_CONTROL_PROVIDER', ''),
    pending: env('CACHE_CONTROL_PENDING', ''),
  },
  /** Purges sent to a CDN or Varnish after each change (docs/deploy.md); no URL: off. */
  cdn: {
    purgeUrls: env.array('CDN_PURGE_URLS', []),
    method: env('CDN_PURGE_METHOD', 'PURGE'),
    secretHeader: env('CDN_PURGE_SECRET_HEADER', 'X-Purge-Token'),
    secret: env('CDN_PURGE_SECRET', ''),
    timeoutMs: env.int('CDN_PURGE_TIMEOUT_MS', 5000),
    retries: env.int('CDN_PURGE_RETRIES', 5),
  },
});
