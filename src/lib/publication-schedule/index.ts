/**
 * Scheduled publishing (decision 62), one front door: the table, the admin routes and the scheduler
 * that runs due publications once across instances.
 */
export { SCHEDULE_MODEL } from './store';
export { default as publicationScheduleAdminRoutes } from './admin/routes';
export type { EntrySchedule, ScheduleView } from './view';
export { startPublicationScheduler, stopPublicationScheduler } from './scheduler';
