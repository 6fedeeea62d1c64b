import type { Core } from '@strapi/strapi';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  /** Shared store for several instances (rate limits now; response caches later). Empty: in-process. */
  redisUrl: env('REDIS_URL', ''),
});
