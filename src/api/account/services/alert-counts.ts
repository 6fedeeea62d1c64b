/**
 * Saved-search alerts sent and failed since a time, for the admin's Buyers widget: the one read of the
 * alert deliveries outside their own module. The alert outbox is issue 33's part C; until it exists
 * there is nothing to count, and this answers zeros.
 */
import type { Core } from '@strapi/strapi';

export interface AlertCounts {
  sent: number;
  failed: number;
}

export async function alertCounts(_strapi: Core.Strapi, _since: Date): Promise<AlertCounts> {
  return { sent: 0, failed: 0 };
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  alertCounts: (since: Date) => alertCounts(strapi, since),
});
