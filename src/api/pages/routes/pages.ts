import type { Core } from '@strapi/strapi';
import { siteRoute } from '../../../lib/site-routes';

/** Every list of pages, as a CDN purges it: any write of a page (declared beside its cache tags too). */
export const PAGES_SURROGATE_KEY = 'pages';
/** One page's answers: purged by a write of that page (its slug before and after). */
export const pageSurrogateKey = (slug: string) => `page-${slug}`;

const PAGE_UID = 'api::pages.page';

const routes = [
  siteRoute({
    path: '/v1/pages',
    handler: 'page.list',
    cache: { kind: 'pages', surrogateKeys: [PAGES_SURROGATE_KEY], localized: [PAGES_SURROGATE_KEY] },
    shows: [PAGE_UID],
  }),
  // Each answer carries its own keys (the page's, its catalogues'): these are the fallback.
  siteRoute({ path: '/v1/pages/:slug', handler: 'page.find', cache: { kind: 'pages', surrogateKeys: [PAGES_SURROGATE_KEY] }, fastLane: true, shows: [PAGE_UID] }),
];

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default { type: 'content-api', routes } satisfies Core.RouterInput;
