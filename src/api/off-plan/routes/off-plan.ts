import type { Core } from '@strapi/strapi';

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/v1/off-plan', handler: 'off-plan.legacy', config: { auth: false } },
    { method: 'GET', path: '/v1/off-plan/projects', handler: 'off-plan.projects', config: { auth: false } },
    // Before /:projectId, which would otherwise take "filters" for an id.
    { method: 'GET', path: '/v1/off-plan/projects/filters', handler: 'off-plan.filters', config: { auth: false } },
    { method: 'GET', path: '/v1/off-plan/projects/:projectId', handler: 'off-plan.project', config: { auth: false } },
  ],
} satisfies Core.RouterInput;
