import type { Core } from '@strapi/strapi';
import { draftsReadable } from '../../../lib/drafts';

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    {
      method: 'POST',
      path: '/v1/contact-us',
      handler: 'contact.submit',
      config: { auth: false, middlewares: ['api::contact.rate-limit'] },
    },
    { method: 'GET', path: '/v1/contact-us-page', handler: 'contact.page', config: draftsReadable('api::contact.contact-page') },
  ],
} satisfies Core.RouterInput;
