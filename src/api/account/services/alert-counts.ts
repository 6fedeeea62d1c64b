/**
 * Saved-search alerts sent and failed since a time, for the admin's Buyers widget: the one read of the
 * alert outbox outside its own module.
 */
import type { Core } from '@strapi/strapi';
import { alertStore } from '../alerts/store';

export interface AlertCounts {
  sent: number;
  failed: number;
}

export function alertCounts(strapi: Core.Strapi, since: Date): Promise<AlertCounts> {
  return alertStore(strapi).countsSince(since.getTime());
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  alertCounts: (since: Date) => alertCounts(strapi, since),
});
