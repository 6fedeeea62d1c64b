/**
 * GET /leads/summary (admin API): the dashboard's Leads widget: leads received today, in the last 7
 * and 30 days, their failed and pending deliveries, and the latest five. Same access as the CSV export: admins who may read leads in the
 * Content Manager, and of those only the leads and fields it shows them. Optional `today` (ISO
 * date-time) is the start of the editor's day.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { leadReader, type Filters, type LeadReader } from './permissions';
import type { ContactRow } from '../lib/csv';
import { deliveryStore } from '../deliveries/store';
import { latestLead, leadShares, leadWindows, parseDayStart, type LeadSummary, type LeadWindows } from '../lib/lead-summary';
import { CONTACT_UID } from '../lib/lead-type';

const LATEST_COUNT = 5;
/** Projects and campaigns the widget lists. */
const SHARES_COUNT = 5;
const ID_BATCH = 500;

/**
 * Failed and pending deliveries of the leads the reader may read: all of them when the role has no
 * conditions on leads, else counted over the permitted leads' ids, a batch at a time.
 */
async function deliveryFigures(strapi: Core.Strapi, permitted: Filters): Promise<LeadSummary['deliveries']> {
  const store = deliveryStore(strapi);
  const figures = async (ids?: number[]) => ({ failed: await store.count('failed', ids), pending: await store.count(['pending', 'retrying'], ids) });
  if (Object.keys(permitted).length === 0) return figures();
  const total = { failed: 0, pending: 0 };
  for (let lastId = 0; ; ) {
    const rows = await strapi.documents(CONTACT_UID).findMany({ filters: { $and: [permitted, { id: { $gt: lastId } }] }, fields: ['id'], sort: 'id:asc', limit: ID_BATCH });
    if (rows.length === 0) return total;
    const batch = await figures(rows.map((row) => Number(row.id)));
    total.failed += batch.failed;
    total.pending += batch.pending;
    lastId = Number(rows[rows.length - 1].id);
  }
}

/**
 * The shares of the last 30 days' leads per project and per campaign, of the fields the reader may read:
 * their values read a batch at a time (an admin's widget, not a request path; two short columns a lead).
 */
async function leadShareFigures(strapi: Core.Strapi, reader: LeadReader, permitted: Filters, since: Date): Promise<Pick<LeadSummary, 'per_project' | 'per_campaign'>> {
  const fields = (['project_name', 'utm_campaign'] as const).filter((field) => reader.mayReadField(field));
  if (fields.length === 0) return {};
  const rows: Array<Record<string, string | null>> = [];
  for (let lastId = 0; ; ) {
    const batch = await strapi.documents(CONTACT_UID).findMany({ filters: { $and: [permitted, { createdAt: { $gte: since.toISOString() } }, { id: { $gt: lastId } }] }, fields: ['id', ...fields], sort: 'id:asc', limit: ID_BATCH });
    if (batch.length === 0) break;
    rows.push(...(batch as unknown as Array<Record<string, string | null>>));
    lastId = Number(batch[batch.length - 1].id);
  }
  return {
    ...(fields.includes('project_name') ? { per_project: leadShares(rows.map((row) => row.project_name), SHARES_COUNT) } : {}),
    ...(fields.includes('utm_campaign') ? { per_campaign: leadShares(rows.map((row) => row.utm_campaign), SHARES_COUNT) } : {}),
  };
}

/** The summary of the leads `reader`'s admin may read (as in the Content Manager, conditions included). */
export async function leadSummary(strapi: Core.Strapi, reader: LeadReader, windows: LeadWindows): Promise<LeadSummary> {
  const leads = strapi.documents(CONTACT_UID);
  const permitted = await reader.permittedFilters();
  const since = (date: Date) => leads.count({ filters: { $and: [permitted, { createdAt: { $gte: date.toISOString() } }] } });
  const [today, last7Days, last30Days, latest, deliveries, shares] = await Promise.all([
    since(windows.today),
    since(windows.last7Days),
    since(windows.last30Days),
    leads.findMany({ filters: permitted, sort: [{ createdAt: 'desc' }, { id: 'desc' }], limit: LATEST_COUNT }),
    deliveryFigures(strapi, permitted),
    leadShareFigures(strapi, reader, permitted, windows.last30Days),
  ]);
  const visible = await Promise.all(latest.map((row) => reader.visible(row as unknown as ContactRow & { documentId: string })));
  return { counts: { today, last_7_days: last7Days, last_30_days: last30Days }, ...shares, deliveries, latest: visible.map((row) => latestLead(row as ContactRow & { documentId: string })) };
}

/** The dashboard's Leads widget (its route and policies: `routes.ts`). */
export const leadsController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async summary(ctx: Context) {
    const now = new Date();
    const dayStart = parseDayStart(ctx.query.today, now);
    // Admin routes answer in Strapi's own error format, which the admin panel understands.
    if (!dayStart.ok) throw new errors.ValidationError(dayStart.message);
    ctx.body = { data: await leadSummary(strapi, leadReader(strapi, ctx), leadWindows(now, dayStart.value)) };
  },
});
