import type { Core } from '@strapi/strapi';
import { DRAFTS_READABLE } from '../../../lib/drafts';

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/v1/off-plan', handler: 'off-plan.legacy', config: DRAFTS_READABLE },
    { method: 'GET', path: '/v1/off-plan/projects', handler: 'off-plan.projects', config: DRAFTS_READABLE },
    // Before /:projectId, which would otherwise take "filters" for an id.
    { method: 'GET', path: '/v1/off-plan/projects/filters', handler: 'off-plan.filters', config: DRAFTS_READABLE },
    { method: 'GET', path: '/v1/off-plan/projects/:projectId', handler: 'off-plan.project', config: DRAFTS_READABLE },
  ],
} satisfies Core.RouterInput;
