/**
 * The admin routes of scheduled publishing. Any signed-in admin reaches them: the entry, and so the
 * permission to check, is known only from the request, so the controller asks the Content Manager's
 * permission checker (read to see a schedule, publish to change it).
 */
import type { AdminRouter } from '../../admin-routes';
import { scheduleController } from './controller';

const config = { policies: ['admin::isAuthenticatedAdmin'] };

const publicationScheduleAdminRoutes: AdminRouter = ({ strapi }) => {
  const schedule = scheduleController({ strapi });
  return {
    type: 'admin',
    routes: [
      { method: 'GET', path: '/publication-schedule', handler: schedule.find, config },
      { method: 'POST', path: '/publication-schedule', handler: schedule.create, config },
      { method: 'DELETE', path: '/publication-schedule/:id', handler: schedule.cancel, config },
    ],
  };
};

export default publicationScheduleAdminRoutes;
