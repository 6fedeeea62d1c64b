import type { Core } from '@strapi/strapi';
import { draftsReadable } from '../../../lib/drafts';

/** The off-plan page's routes, and the provider ones its page reads (they have no drafts of their own). */
const PAGE_DRAFTS = draftsReadable('api::off-plan.off-plan-page');

// Strapi marks every API router content-api itself; written out so the file satisfies Strapi's router type.
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/v1/off-plan', handler: 'off-plan.legacy', config: PAGE_DRAFTS },
    { method: 'GET', path: '/v1/off-plan/projects', handler: 'off-plan.projects', config: PAGE_DRAFTS },
    // Before /:projectId, which would otherwise take "filters" for an id.
    { method: 'GET', path: '/v1/off-plan/projects/filters', handler: 'off-plan.filters', config: PAGE_DRAFTS },
    { method: 'GET', path: '/v1/off-plan/projects/:projectId', handler: 'off-plan.project', config: PAGE_DRAFTS },
  ],
} satisfies Core.RouterInput;
