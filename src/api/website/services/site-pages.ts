/**
 * The website's pages (decision 108), this domain's front door: the kinds of page the site has, the
 * parameters each names and their default paths (English at the root, Arabic under `/ar`: one URL per
 * language, as hreflang needs), on the machinery of src/lib/site-paths.ts. Every domain names its pages
 * from here; config/site-paths.ts reads SITE_PATHS against it, and `register` in src/index.ts puts the
 * result in place. A service file rather than an `index.ts`: Strapi loads a domain's `index.ts` as the
 * API's definition.
 */
import { sitePages, type SitePathsSettings } from '../../../lib/site-paths';

const site = sitePages({
  home: { params: [], paths: { en: '/', ar: '/ar' } },
  luxury: { params: [], paths: { en: '/luxury', ar: '/ar/luxury' } },
  contact: { params: [], paths: { en: '/contact', ar: '/ar/contact' } },
  'off-plan': { params: [], paths: { en: '/off-plan', ar: '/ar/off-plan' } },
  project: { params: ['slug'], paths: { en: '/off-plan/{slug}', ar: '/ar/off-plan/{slug}' } },
  developer: { params: ['slug'], paths: { en: '/developers/{slug}', ar: '/ar/developers/{slug}' } },
  // An emirate's code (`DU`).
  emirate: { params: ['state_id'], paths: { en: '/off-plan/emirates/{state_id}', ar: '/ar/off-plan/emirates/{state_id}' } },
  listing: { params: ['slug'], paths: { en: '/properties/{slug}', ar: '/ar/properties/{slug}' } },
  // A purpose (`sale`).
  properties: { params: ['purpose'], paths: { en: '/for-{purpose}', ar: '/ar/for-{purpose}' } },
  landing: { params: ['slug'], paths: { en: '/campaigns/{slug}', ar: '/ar/campaigns/{slug}' } },
  'area-guide': { params: ['slug'], paths: { en: '/areas/{slug}', ar: '/ar/areas/{slug}' } },
});

export type PageKind = (typeof site.PAGE_KINDS)[number];
export type SitePathsOfSite = SitePathsSettings<PageKind>;

export const {
  PAGE_KINDS, DEFAULT_SITE_PATHS, isPageKind, parseSitePaths, sitePathsFrom, useSitePaths, pagePath, pageUrl, pageAlternates, pageLinks, isSinglePage,
} = site;

/** The site's pages as the Preview panel opens them (src/lib/preview.ts). */
export const SITE_PAGES = site;

export { DEFAULT_CLIENT_URL } from '../../../lib/site-paths';
