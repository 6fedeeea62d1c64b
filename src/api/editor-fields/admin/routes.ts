/**
 * The admin routes behind the editors' custom fields (decision 227), mounted at the root of the admin API
 * by `src/lib/admin-routes.ts`: for signed-in admins, each controller then checks the caller may read
 * the content type the field is on (`editor-access.ts`).
 */
import type { AdminRouter } from '../../../lib/admin-routes';
import { listingQueryController } from './listing-query';
import { picksController } from './picks';

const signedIn = { policies: ['admin::isAuthenticatedAdmin'] };

const editorFieldsAdminRoutes: AdminRouter = ({ strapi }) => {
  const listingQuery = listingQueryController({ strapi });
  const picks = picksController({ strapi });
  return {
    type: 'admin',
    routes: [
      { method: 'GET', path: '/editor-fields/listing-query', handler: listingQuery.preview, config: signedIn },
      { method: 'GET', path: '/editor-fields/picks', handler: picks.picks, config: signedIn },
      { method: 'GET', path: '/editor-fields/picked', handler: picks.picked, config: signedIn },
    ],
  };
};

export default editorFieldsAdminRoutes;
