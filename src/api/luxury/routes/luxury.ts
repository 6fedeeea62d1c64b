import type { Core } from '@strapi/strapi';
import { draftsReadable } from '../../../lib/drafts';

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [{ method: 'GET', path: '/v1/luxury', handler: 'luxury.page', config: draftsReadable('api::luxury.*') }],
} satisfies Core.RouterInput;
