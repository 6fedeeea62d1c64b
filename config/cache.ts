import type { Core } from '@strapi/strapi';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  /** Redis shared by several instances: contact rate-limit counts. Empty: counted in each process. */
  redisUrl: env('REDIS_URL', ''),
  /** Longest life of a cached page built from edited content, even if an invalidation was lost. */
  maxAgeSeconds: env.int('CACHE_MAX_AGE_S', 300),
  /** The same while this instance cannot hear other instances' invalidations (PostgreSQL listener down). */
  busDownMaxAgeSeconds: env.int('CACHE_BUS_DOWN_MAX_AGE_S', 5),
});
