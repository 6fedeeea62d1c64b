/**
 * The deliveries of a lead, for the admin (the panel beside a lead in the Content Manager):
 * - GET /lead-deliveries/:documentId: each target's status, attempts and last error, and whether the
 *   caller may retry. Admins who may read that lead in the Content Manager (conditions included).
 * - POST /lead-deliveries/:id/retry: a failed delivery starts a new round of attempts. Admins who may
 *   edit that lead in the Content Manager.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { leadReader, type LeadReader } from './permissions';
import { deliveryStore } from '../deliveries/store';
import { kickDeliveryWorker } from '../deliveries/worker';
import { deliveryView, type DeliveryView, type LeadDeliveries } from '../lib/delivery-view';
import { CONTACT_UID } from '../lib/lead-type';

/** The lead with this id or documentId if the caller may read it (404 otherwise), with its creator for conditions. */
async function readableLead(strapi: Core.Strapi, reader: LeadReader, where: { id: number } | { documentId: string }) {
  const filters = await reader.permittedFilters('id' in where ? { id: { $eq: where.id } } : { documentId: { $eq: where.documentId } });
  const found = await strapi.documents(CONTACT_UID).findFirst({ filters, fields: ['id'] });
  if (!found) throw new errors.NotFoundError('No such lead');
  return strapi.db.query(CONTACT_UID).findOne({ where: { id: found.id }, populate: ['createdBy'] }) as Promise<{ id: number }>;
}

async function leadDeliveries(strapi: Core.Strapi, ctx: Context): Promise<LeadDeliveries> {
  const reader = leadReader(strapi, ctx);
  const lead = await readableLead(strapi, reader, { documentId: String(ctx.params.documentId) });
  const deliveries = await deliveryStore(strapi).ofLeads([lead.id]);
  return { lead_id: lead.id, can_retry: reader.mayUpdate(lead), deliveries: deliveries.map(deliveryView) };
}

async function retryDelivery(strapi: Core.Strapi, ctx: Context): Promise<DeliveryView> {
  const id = Number(ctx.params.id);
  const store = deliveryStore(strapi);
  const delivery = Number.isSafeInteger(id) && id > 0 ? await store.find(id) : undefined;
  if (!delivery) throw new errors.NotFoundError('No such delivery');
  const reader = leadReader(strapi, ctx);
  const lead = await readableLead(strapi, reader, { id: delivery.contact_id });
  if (!reader.mayUpdate(lead)) throw new errors.ForbiddenError('You may not retry the deliveries of this lead');
  if (!(await store.retry(id))) throw new errors.ApplicationError(`Only a failed delivery can be retried; this one is ${delivery.status}`);
  strapi.log.info(`lead delivery #${id} (lead #${delivery.contact_id}, ${delivery.target}): retried by admin #${ctx.state.user?.id}`);
  kickDeliveryWorker();
  return deliveryView((await store.find(id))!);
}

/** A lead's deliveries panel (its routes and policies: `routes.ts`). */
export const deliveriesController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async ofLead(ctx: Context) {
    ctx.body = { data: await leadDeliveries(strapi, ctx) };
  },
  async retry(ctx: Context) {
    ctx.body = { data: await retryDelivery(strapi, ctx) };
  },
});
