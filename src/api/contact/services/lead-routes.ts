/**
 * The routing rules admins keep in the admin panel (api::contact.lead-route), held in the process's
 * cache under the type's tag: any write of a rule (the Content Manager, a script) clears it here at once
 * and on the other instances through the cache's bus (src/lib/cache), so a lead never queues for the
 * database connection only to read a handful of unchanged rows (decision 143).
 */
import type { Core } from '@strapi/strapi';
import { cache, CACHE_LIFETIMES, declareCacheTags } from '../../../lib/cache';
import type { RouteRule } from '../lib/lead-routing';

export const LEAD_ROUTE_UID = 'api::contact.lead-route';
const RULES_CACHE_KEY = 'lead_route_rules';

declareCacheTags(LEAD_ROUTE_UID);

const RULE_FIELDS = ['id', 'name', 'priority', 'active', 'emirate', 'developer', 'enquiry_type', 'utm_campaign', 'desk', 'desk_email', 'crm_pipeline'];

export async function activeRouteRules(strapi: Core.Strapi): Promise<RouteRule[]> {
  const read = async () =>
    (await strapi.db.query(LEAD_ROUTE_UID).findMany({ select: RULE_FIELDS, where: { active: true }, orderBy: [{ priority: 'asc' }, { id: 'asc' }] })) as RouteRule[];
  return (await cache.get(RULES_CACHE_KEY, read, { tags: [LEAD_ROUTE_UID], lifetime: CACHE_LIFETIMES.editedRules })).value;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({ activeRules: () => activeRouteRules(strapi) });
