import type { Core } from '@strapi/strapi';

/**
 * Where the website serves the sitemap (decision 117), as `strapi.config.get('sitemap')`: the index's
 * URL (named by robots.txt) and the URL its parts are served under (the index names `<partsUrl><part>.xml`).
 * Empty: this API's own public URL (PUBLIC_URL + /api/v1/sitemap.xml, /api/v1/sitemaps/).
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  url: env('SITEMAP_URL', ''),
  partsUrl: env('SITEMAP_PARTS_URL', ''),
});
