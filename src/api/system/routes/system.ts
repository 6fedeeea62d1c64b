import type { Core } from '@strapi/strapi';

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/v1/health', handler: 'system.health', config: { auth: false } },
    { method: 'GET', path: '/v1/openapi.json', handler: 'system.openapi', config: { auth: false } },
  ],
} satisfies Core.RouterInput;
