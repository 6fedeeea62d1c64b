import type { Core } from '@strapi/strapi';
import { CONTACT_PAGE_SURROGATE_KEY } from '../../contact/services/contact-page';
import { LUXURY_SURROGATE_KEY } from '../../luxury/services/luxury';
import { catalogueSurrogateKeys, landingSurrogateKeys } from '../../catalogues/services/registry';
import { PAGES_SURROGATE_KEY } from '../../pages/services/pages';
import { LOCALES, localized } from '../../../lib/locale';
import type { CachePolicy } from '../../../lib/http-caching';
import { siteRoute } from '../../../lib/site-routes';

export const SITEMAP_PATH = '/v1/sitemap.xml';
/** A part is served at this path + `<name>.xml`. */
export const SITEMAP_PARTS_PATH = '/v1/sitemaps/';
export const ROBOTS_PATH = '/v1/robots.txt';

/** What robots.txt is built from, as a CDN purges it (declared beside its cache tag too). */
export const ROBOTS_SURROGATE_KEY = 'robots';

/**
 * The sitemap lists every catalogue's items, the site's pages, each catalogue's landing page and the composed pages in every
 * language (their dates, their noindex): it carries their keys, so a purge of any of them purges it too. The catalogues'
 * keys are the registry's, read when an answer is sent (this module loads before the catalogues register, decision 215).
 */
export const sitemapSurrogateKeys = (): string[] => {
  const pageKeys = [LUXURY_SURROGATE_KEY, CONTACT_PAGE_SURROGATE_KEY, ...landingSurrogateKeys(), PAGES_SURROGATE_KEY];
  return [...catalogueSurrogateKeys(), ...LOCALES.flatMap((locale) => pageKeys.map((key) => localized(key, locale)))];
};

const sitemapCache: CachePolicy = {
  kind: 'provider',
  get surrogateKeys() {
    return sitemapSurrogateKeys();
  },
};

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
