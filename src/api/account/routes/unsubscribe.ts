import type { Core } from '@strapi/strapi';
import { UNSUBSCRIBE_PATH } from '../one-click';

/**
 * The alert e-mails' one-click unsubscribe (RFC 8058): no sign-in, the signed token in the query is the
 * proof. Not `siteRoute()`: its answers are one buyer's, never kept by a shared cache.
 */
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: UNSUBSCRIBE_PATH, handler: 'unsubscribe.show', config: { auth: false } },
    // Its body is never read (../one-click.ts).
    { method: 'POST', path: UNSUBSCRIBE_PATH, handler: 'unsubscribe.confirm', config: { auth: false } },
  ],
} satisfies Core.RouterInput;
