/**
 * The admin routes of the account domain (buyers), mounted at the root of the admin API by
 * `src/lib/admin-routes.ts`: the Buyers widget's figures, for admins who may read buyers in the
 * Content Manager (the Editor role; not the Author role).
 */
import type { AdminRouter } from '../../../lib/admin-routes';
import { USER_UID } from '../services/buyer';
import { buyersController } from './summary';

const accountAdminRoutes: AdminRouter = ({ strapi }) => {
  const buyers = buyersController({ strapi });
  return {
    type: 'admin',
    routes: [
      {
        method: 'GET',
        path: '/buyers/summary',
        handler: buyers.summary,
        config: { policies: ['admin::isAuthenticatedAdmin', { name: 'admin::hasPermissions', config: { actions: [['plugin::content-manager.explorer.read', USER_UID]] } }] },
      },
    ],
  };
};

export default accountAdminRoutes;
