/**
 * The admin routes of the account domain (buyers), mounted at the root of the admin API by
 * `src/lib/admin-routes.ts`: the Buyers widget's figures, for admins who may read buyers in the
 * Content Manager (the Editor role; not the Author role); and a buyer's alert e-mails, for the panel
 * beside the buyer in the Content Manager.
 */
import type { AdminRouter } from '../../../lib/admin-routes';
import { USER_UID } from '../services/buyer';
import { buyersController } from './summary';

const READ_BUYERS = ['admin::isAuthenticatedAdmin', { name: 'admin::hasPermissions', config: { actions: [['plugin::content-manager.explorer.read', USER_UID]] } }];

const accountAdminRoutes: AdminRouter = ({ strapi }) => {
  const buyers = buyersController({ strapi });
  return {
    type: 'admin',
    routes: [
      { method: 'GET', path: '/buyers/summary', handler: buyers.summary, config: { policies: READ_BUYERS } },
      { method: 'GET', path: '/buyers/:documentId/alerts', handler: buyers.alerts, config: { policies: READ_BUYERS } },
    ],
  };
};

export default accountAdminRoutes;
