import type { Core } from '@strapi/strapi';

/**
 * The agency's own sale and rent listings on the public routes (issue 43), as `strapi.config.get('properties')`:
 * whether a Dubai listing needs its RERA permit number to be advertised (the sync keeps it either way), and
 * for how many days a listing that left the market answers 410 with similar listings before it is a 404.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  requirePermit: env.bool('PROPERTIES_REQUIRE_PERMIT', true),
  goneDays: env.int('PROPERTIES_GONE_DAYS', 30),
});
