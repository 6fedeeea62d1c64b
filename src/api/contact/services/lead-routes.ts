/**
 * The routing rules admins keep in the admin panel (api::contact.lead-route), read at each submission:
 * a handful of rows, so an edit on any instance counts for the next lead everywhere.
 */
import type { Core } from '@strapi/strapi';
import type { RouteRule } from '../lib/lead-routing';

export const LEAD_ROUTE_UID = 'api::contact.lead-route';

const RULE_FIELDS = ['id', 'name', 'priority', 'active', 'emirate', 'developer', 'enquiry_type', 'utm_campaign', 'desk', 'desk_email', 'crm_pipeline'];

export async function activeRouteRules(strapi: Core.Strapi): Promise<RouteRule[]> {
  return (await strapi.db.query(LEAD_ROUTE_UID).findMany({ select: RULE_FIELDS, where: { active: true }, orderBy: [{ priority: 'asc' }, { id: 'asc' }] })) as RouteRule[];
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({ activeRules: () => activeRouteRules(strapi) });
