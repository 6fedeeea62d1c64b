import type { Core } from '@strapi/strapi';
import { CONTACT_PAGE_SURROGATE_KEY } from '../../contact/services/contact-page';
import { LUXURY_SURROGATE_KEY } from '../../luxury/services/luxury';
import { OFFPLAN_PAGE_SURROGATE_KEY, PROJECTS_SURROGATE_KEY } from '../../off-plan/services/off-plan';
import { LISTINGS_SURROGATE_KEY } from '../../properties/services/properties';
import { PAGES_SURROGATE_KEY } from '../../pages/services/pages';
import { LOCALES, localized } from '../../../lib/locale';
import { siteRoute } from '../../../lib/site-routes';

export const SITEMAP_PATH = '/v1/sitemap.xml';
/** A part is served at this path + `<name>.xml`. */
export const SITEMAP_PARTS_PATH = '/v1/sitemaps/';
export const ROBOTS_PATH = '/v1/robots.txt';

/** What robots.txt is built from, as a CDN purges it (declared beside its cache tag too). */
export const ROBOTS_SURROGATE_KEY = 'robots';

/**
 * The sitemap lists the projects, the sale and rent listings, the three pages and the composed pages in every language (their
 * dates, their noindex): it carries their keys, so a purge of any of them purges it too.
 */
const PAGE_KEYS = [LUXURY_SURROGATE_KEY, CONTACT_PAGE_SURROGATE_KEY, OFFPLAN_PAGE_SURROGATE_KEY, PAGES_SURROGATE_KEY];
export const SITEMAP_SURROGATE_KEYS = [PROJECTS_SURROGATE_KEY, LISTINGS_SURROGATE_KEY, ...LOCALES.flatMap((locale) => PAGE_KEYS.map((key) => localized(key, locale)))];

const sitemapCache = { kind: 'provider', surrogateKeys: SITEMAP_SURROGATE_KEYS } as const;

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    // Not asked by a start: its first answer builds every part, for what crawlers ask now and then (decision 182).
    siteRoute({ path: SITEMAP_PATH, handler: 'sitemap.index', cache: sitemapCache, fastLane: true, askedAtStart: false }),
    // The segment is the part's file name (`projects-1.xml`): one segment, as the fast lane's parameter routes are.
    siteRoute({ path: `${SITEMAP_PARTS_PATH}:part`, handler: 'sitemap.part', cache: sitemapCache, fastLane: true }),
    siteRoute({ path: ROBOTS_PATH, handler: 'sitemap.robots', cache: { kind: 'pages', surrogateKeys: [ROBOTS_SURROGATE_KEY] }, fastLane: true }),
  ],
} satisfies Core.RouterInput;
