import type { Core } from '@strapi/strapi';

/**
 * How long a start may build what visitors read before it listens (decision 175), as
 * `strapi.config.get('warm-up.maxSeconds')`: WARM_UP_MAX_SECONDS; 0 listens at once.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({ maxSeconds: env.int('WARM_UP_MAX_SECONDS', 30) });
