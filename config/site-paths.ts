import type { Core } from '@strapi/strapi';
import { sitePathsFrom } from '../src/api/website/services/site-pages';

/**
 * The website's pages (decision 108), as `strapi.config.get('site-paths')`: CLIENT_URL and the paths map,
 * SITE_PATHS over the defaults of src/api/website/services/site-pages.ts. Read at start, so a typo stops it with one sentence.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => sitePathsFrom((name) => env(name));
