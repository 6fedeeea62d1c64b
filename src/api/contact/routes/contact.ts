import type { Core } from '@strapi/strapi';
import { MEDIA_SURROGATE_KEY } from '../../../lib/http-caching';
import { siteRoute } from '../../../lib/site-routes';

/** What the contact page's answer is built from, as a CDN purges it (declared beside its cache tags too). */
export const CONTACT_PAGE_SURROGATE_KEY = 'contact-page';

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    {
      method: 'POST',
      path: '/v1/contact-us',
      handler: 'contact.submit',
      config: { auth: false, middlewares: ['api::contact.rate-limit', 'api::account.known-buyer'] },
    },
    siteRoute({
      path: '/v1/contact-us-page',
      handler: 'contact.page',
      cache: { kind: 'pages', surrogateKeys: [CONTACT_PAGE_SURROGATE_KEY, MEDIA_SURROGATE_KEY], localized: [CONTACT_PAGE_SURROGATE_KEY] },
      fastLane: true,
      shows: ['api::contact.contact-page'],
      page: 'contact',
    }),
  ],
} satisfies Core.RouterInput;
