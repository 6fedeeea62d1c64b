import type { Core } from '@strapi/strapi';

/**
 * The alert e-mails' one-click unsubscribe (RFC 8058): no sign-in, the signed token in the query is the
 * proof. Not `siteRoute()`: its answers are one buyer's, never kept by a shared cache.
 */
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/v1/unsubscribe', handler: 'unsubscribe.show', config: { auth: false } },
    { method: 'POST', path: '/v1/unsubscribe', handler: 'unsubscribe.confirm', config: { auth: false } },
  ],
} satisfies Core.RouterInput;
