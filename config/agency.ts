import type { Core } from '@strapi/strapi';
import { agencyNamesFrom } from '../src/api/website/services/agency';

/**
 * The agency's name in each language (decision 116), as `strapi.config.get('agency')`: AGENCY_NAME and
 * AGENCY_NAME_AR, what the structured data of the project and contact answers call it.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => agencyNamesFrom((name) => env(name));
