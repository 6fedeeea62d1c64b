import type { Core } from '@strapi/strapi';

/**
 * The agency's own sale and rent listings on the public routes (issue 43), as `strapi.config.get('properties')`:
 * whether a Dubai listing needs its RERA permit number to be advertised (the sync keeps it either way).
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  requirePermit: env.bool('PROPERTIES_REQUIRE_PERMIT', true),
});
