/**
 * GET /leads/summary (admin API): the dashboard's Leads widget: leads received today, in the last 7
 * and 30 days, and the latest five. Same access as the CSV export: admins who may read leads in the
 * Content Manager. Optional `today` (ISO date-time) is the start of the editor's day.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import type { ContactRow } from './lib/csv';
import { latestLead, leadWindows, parseDayStart, type LeadSummary, type LeadWindows } from './lib/lead-summary';
import { CONTACT_UID } from './services/contact';

const LATEST_COUNT = 5;

export async function leadSummary(strapi: Core.Strapi, windows: LeadWindows): Promise<LeadSummary> {
  const leads = strapi.db.query(CONTACT_UID);
  const since = (date: Date) => leads.count({ where: { createdAt: { $gte: date } } });
  const [today, last7Days, last30Days, latest] = await Promise.all([
    since(windows.today),
    since(windows.last7Days),
    since(windows.last30Days),
    leads.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: LATEST_COUNT }) as Promise<Array<ContactRow & { documentId: string }>>,
  ]);
  return { counts: { today, last_7_days: last7Days, last_30_days: last30Days }, latest: latest.map(latestLead) };
}

export function registerLeadSummaryRoute(strapi: Core.Strapi): void {
  strapi.server.routes({
    type: 'admin',
    prefix: '',
    routes: [
      {
        method: 'GET',
        path: '/leads/summary',
        info: { apiName: 'contact', type: 'admin' },
        handler: async (ctx: Context) => {
          const now = new Date();
          const dayStart = parseDayStart(ctx.query.today, now);
          // Admin routes answer in Strapi's own error format, which the admin panel understands.
          if (!dayStart.ok) throw new errors.ValidationError(dayStart.message);
          ctx.body = { data: await leadSummary(strapi, leadWindows(now, dayStart.value)) };
        },
        config: {
          policies: [
            'admin::isAuthenticatedAdmin',
            { name: 'admin::hasPermissions', config: { actions: [['plugin::content-manager.explorer.read', CONTACT_UID]] } },
          ],
        },
      },
    ],
  });
}
