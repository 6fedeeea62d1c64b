/**
 * Content API at /api/extsource/* (API tokens only: 401 without one), and the admin API at
 * /extsource/* for the plugin page (admin session, plugin permissions read / sync).
 */
import type { Core } from '@strapi/strapi';

// A function, not a shared object: Strapi writes each route's scope into its config.auth.
const tokenOnly = () => ({ auth: { strategies: ['content-api-token'] } });

const adminPolicy = (action: 'read' | 'sync'): NonNullable<Core.RouteConfig['policies']> => [
  'admin::isAuthenticatedAdmin',
  { name: 'admin::hasPermissions', config: { actions: [`plugin::extsource.${action}`] } },
];

export default {
  'content-api': {
    type: 'content-api',
    routes: [
      { method: 'GET', path: '/test', handler: 'connection.find', config: tokenOnly() },
      { method: 'GET', path: '/properties', handler: 'properties.find', config: tokenOnly() },
      { method: 'GET', path: '/stats', handler: 'stats.find', config: tokenOnly() },
      { method: 'POST', path: '/sync/all', handler: 'sync.all', config: tokenOnly() },
      { method: 'POST', path: '/sync/sales', handler: 'sync.sales', config: tokenOnly() },
      { method: 'POST', path: '/sync/rentals', handler: 'sync.rentals', config: tokenOnly() },
    ],
  },
  admin: {
    type: 'admin',
    routes: [
      { method: 'GET', path: '/overview', handler: 'admin.overview', config: { policies: adminPolicy('read') } },
      { method: 'POST', path: '/test', handler: 'admin.test', config: { policies: adminPolicy('read') } },
      { method: 'GET', path: '/properties', handler: 'admin.properties', config: { policies: adminPolicy('read') } },
      { method: 'GET', path: '/dashboard', handler: 'admin.dashboard', config: { policies: adminPolicy('read') } },
      { method: 'POST', path: '/sync/:type', handler: 'admin.sync', config: { policies: adminPolicy('sync') } },
    ],
  },
} satisfies Record<Core.RouterType, Core.RouterInput>;
