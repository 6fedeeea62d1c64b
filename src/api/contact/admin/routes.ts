/**
 * Every admin route of the contact domain (leads and the personal data in them): path, controller
 * action and the policies that guard it. Mounted at the root of the admin API by
 * `src/lib/admin-routes.ts`. The lead routes take the Content Manager's own permission on leads; their
 * controllers then apply its conditions row by row (`permissions.ts`).
 */
import type { Core } from '@strapi/strapi';
import type { AdminRouter } from '../../../lib/admin-routes';
import { CONTACT_UID } from '../lib/lead-type';
import { PERSONAL_DATA_ACTION, personalDataController } from '../personal-data';
import { deliveriesController } from './deliveries';
import { exportController } from './export';
import { leadsController } from './leads';

const SIGNED_IN = 'admin::isAuthenticatedAdmin';

const allowedTo = (action: string | [string, string]): Core.RouteConfig => ({
  policies: [SIGNED_IN, { name: 'admin::hasPermissions', config: { actions: [action] } }],
});

const readLeads = allowedTo(['plugin::content-manager.explorer.read', CONTACT_UID]);
const updateLeads = allowedTo(['plugin::content-manager.explorer.update', CONTACT_UID]);
const managePersonalData = allowedTo(PERSONAL_DATA_ACTION);
/** The audit is for super admins, which its controller checks (a role, not a permission). */
const signedIn: Core.RouteConfig = { policies: [SIGNED_IN] };

const contactAdminRoutes: AdminRouter = ({ strapi }) => {
  const leadExport = exportController({ strapi });
  const leads = leadsController({ strapi });
  const deliveries = deliveriesController({ strapi });
  const personalData = personalDataController({ strapi });
  return {
    type: 'admin',
    routes: [
      { method: 'GET', path: '/contacts-export/contacts.csv', handler: leadExport.csv, config: readLeads },
      { method: 'GET', path: '/leads/summary', handler: leads.summary, config: readLeads },
      { method: 'GET', path: '/lead-deliveries/:documentId', handler: deliveries.ofLead, config: readLeads },
      { method: 'POST', path: '/lead-deliveries/:id/retry', handler: deliveries.retry, config: updateLeads },
      { method: 'POST', path: '/personal-data/search', handler: personalData.search, config: managePersonalData },
      { method: 'POST', path: '/personal-data/export', handler: personalData.export, config: managePersonalData },
      { method: 'POST', path: '/personal-data/erase', handler: personalData.erase, config: managePersonalData },
      { method: 'GET', path: '/personal-data/retention', handler: personalData.retention, config: managePersonalData },
      { method: 'GET', path: '/personal-data/audit', handler: personalData.audit, config: signedIn },
    ],
  };
};

export default contactAdminRoutes;
