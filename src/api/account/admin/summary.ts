/**
 * GET /buyers/summary (admin API): the dashboard's Buyers widget: buyer accounts, new ones in the last
 * 7 days, and saved-search alerts sent and failed in those 7 days. For admins who may read buyers in
 * the Content Manager (its policy: `routes.ts`).
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { alertCounts, type AlertCounts } from '../services/alert-counts';
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
});
