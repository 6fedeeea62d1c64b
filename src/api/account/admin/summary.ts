/**
 * GET /buyers/summary (admin API): the dashboard's Buyers widget: buyer accounts, new ones in the last
 * 7 days, and saved-search alerts sent and failed in those 7 days. For admins who may read buyers in
 * the Content Manager (its policy: `routes.ts`); and one buyer's alert e-mails, for the panel beside them.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { alertCounts, type AlertCounts } from '../services/alert-counts';
import { alertsService } from '../services/alerts';
import { BUYER_ROLE_TYPE, USER_UID } from '../services/buyer';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface BuyerSummary {
  buyers: { total: number; last_7_days: number };
  alerts_last_7_days: AlertCounts;
}

export async function buyerSummary(strapi: Core.Strapi, now: Date): Promise<BuyerSummary> {
  const since = new Date(now.getTime() - WEEK_MS);
  const buyers = strapi.db.query(USER_UID);
  const [total, recent, alerts] = await Promise.all([
    buyers.count({ where: { role: { type: BUYER_ROLE_TYPE } } }),
    buyers.count({ where: { role: { type: BUYER_ROLE_TYPE }, createdAt: { $gte: since } } }),
    alertCounts(strapi, since),
  ]);
  return { buyers: { total, last_7_days: recent }, alerts_last_7_days: alerts };
}

export const buyersController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async summary(ctx: Context) {
    ctx.body = { data: await buyerSummary(strapi, new Date()) };
  },

  /** GET /buyers/:documentId/alerts: the buyer's alert e-mails, newest first (an unknown buyer has none). */
  async alerts(ctx: Context) {
    const user = (await strapi.db.query(USER_UID).findOne({ select: ['id'], where: { documentId: String(ctx.params.documentId) } })) as { id: number } | null;
    ctx.body = { data: user ? await alertsService(strapi).ofBuyer(user.id) : [] };
  },
});
