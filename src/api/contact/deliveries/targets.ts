/**
 * Sending one delivery to its target: the sales inbox through Strapi's email plugin, or the CRM webhook
 * (a signed JSON POST). Each send ends within `timeoutMs` and says whether a failure is worth retrying.
 */
import type { Core } from '@strapi/strapi';
import type { AttemptResult, DeliveryTarget } from '../lib/delivery-policy';
import { webhookResult } from '../lib/delivery-policy';
import { attributionOf, erasurePayload, leadPayload, repeatPayload, type StoredLead } from '../lib/lead-payload';
import { DEFAULT_DESK } from '../lib/lead-routing';
import { CONTACT_UID } from '../lib/lead-type';
import { leadEmail, type LeadAbout } from '../lib/notification';
import type { ListingSnapshot } from '../lib/listing-snapshot';
import type { ProjectSnapshot } from '../lib/project-snapshot';
import { SIGNATURE_HEADER, signatureHeader } from '../lib/webhook-signature';
import { propagate } from '../../../lib/tracing';
import type { Delivery } from './store';

export interface TargetSettings {
  notifyEmail: string;
  webhook: { url: string; secret: string };
  timeoutMs: number;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const ATTEMPT_HEADER = 'X-Lead-Delivery-Attempt';

/** The targets configured now: the ones each new lead gets a delivery row for. */
export function configuredTargets(settings: TargetSettings): DeliveryTarget[] {
  const targets: DeliveryTarget[] = [];
  if (settings.notifyEmail) targets.push('email');
  if (settings.webhook.url) targets.push('webhook');
  return targets;
}

const reason = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
};

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function sendEmail(strapi: Core.Strapi, settings: TargetSettings, delivery: Delivery, lead: StoredLead): Promise<AttemptResult> {
  // The desk its routing rule named when the lead was stored, else the service's inbox.
  const to = lead.desk_email || settings.notifyEmail;
  if (!to) return { ok: false, retry: false, error: 'CONTACT_NOTIFY_EMAIL is no longer set' };
  const host = new URL(String(strapi.config.get('server.url', 'http://localhost'))).hostname || 'localhost';
  // The same Message-ID on every attempt: a mail client shows a resent notification once.
  const email = { ...leadEmail(to, lead.id, leadFields(lead), lead.language ?? undefined, leadAbout(lead)), messageId: `<lead-${delivery.idempotency_key}@${host}>` };
  try {
    await withDeadline(strapi.plugin('email').service('email').send(email) as Promise<unknown>, settings.timeoutMs);
    return { ok: true };
  } catch (error) {
    // A refused or unreachable mail server may be fixed (or come back) at any time: always retried.
    return { ok: false, retry: true, error: reason(error) };
  }
}

/** The webhook's body: the lead, its repeat of the first, or its erasure (whose lead may be gone: its ids are in the delivery). */
async function webhookBody(strapi: Core.Strapi, delivery: Delivery, lead: StoredLead | null): Promise<string> {
  if (delivery.event === 'lead.erased') return erasurePayload(delivery.idempotency_key, { id: delivery.contact_id, documentId: lead?.documentId }, delivery.created_at);
  if (delivery.event === 'lead.repeated') {
    const firstId = Number(lead!.repeat_of);
    const first = (await strapi.db.query(CONTACT_UID).findOne({ select: ['id', 'documentId'], where: { id: firstId } })) as { documentId: string } | null;
    return repeatPayload(delivery.idempotency_key, lead!, { id: firstId, documentId: first?.documentId });
  }
  return leadPayload(delivery.idempotency_key, lead!);
}

async function sendWebhook(strapi: Core.Strapi, settings: TargetSettings, delivery: Delivery, lead: StoredLead | null): Promise<AttemptResult> {
  const { url, secret } = settings.webhook;
  if (!url) return { ok: false, retry: false, error: 'LEAD_WEBHOOK_URL is no longer set' };
  const body = await webhookBody(strapi, delivery, lead);
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
      // The CRM can join its handling to the delivery's trace (W3C traceparent), when tracing is on.
      headers: propagate({
        'Content-Type': 'application/json',
        'User-Agent': 'lead-delivery/1',
        [IDEMPOTENCY_HEADER]: delivery.idempotency_key,
        [ATTEMPT_HEADER]: String(delivery.attempts),
        [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(Date.now() / 1000), body),
      }),
      body,
    });
    await response.body?.cancel();
    return webhookResult(response.status, response.statusText);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { ok: false, retry: true, error: timedOut ? `timed out after ${settings.timeoutMs} ms` : reason(error) };
  }
}

function leadFields(lead: StoredLead) {
  return {
    first_name: lead.first_name ?? '',
    last_name: lead.last_name ?? undefined,
    email: lead.email ?? '',
    mobile: lead.mobile ?? '',
    method_of_contact: lead.method_of_contact ?? undefined,
    message: lead.message ?? undefined,
  };
}

function leadAbout(lead: StoredLead): LeadAbout {
  return {
    enquiry_type: lead.enquiry_type ?? 'general',
    project: (lead.project as ProjectSnapshot | null | undefined) ?? null,
    listing: (lead.listing as ListingSnapshot | null | undefined) ?? null,
    attribution: attributionOf(lead),
    desk: lead.desk ?? DEFAULT_DESK,
    rule: lead.routing_rule ?? null,
  };
}

/** Sends the delivery; `lead` is null when it was deleted, which only an erasure outlives. */
export function send(strapi: Core.Strapi, settings: TargetSettings, delivery: Delivery, lead: StoredLead | null): Promise<AttemptResult> {
  if (delivery.event === 'lead.erased') return sendWebhook(strapi, settings, delivery, lead);
  if (!lead) return Promise.resolve({ ok: false, retry: false, error: 'the lead was deleted' });
  return delivery.target === 'email' ? sendEmail(strapi, settings, delivery, lead) : sendWebhook(strapi, settings, delivery, lead);
}
