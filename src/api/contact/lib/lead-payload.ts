/**
 * The CRM webhook's body (docs/lead-deliveries.md): the same bytes on every attempt of a delivery, so a
 * receiver may compare them as well as the idempotency key.
 */
import type { ContactRow } from './csv';
import { SOURCE_KEYS } from './lead-enquiry';

export const WEBHOOK_EVENT = 'lead.created';
export const REPEAT_EVENT = 'lead.repeated';
export const ERASURE_EVENT = 'lead.erased';

export interface StoredLead extends ContactRow {
  documentId: string;
}

/** The lead's attribution as the website passed it; keys it did not pass are absent. */
export function attributionOf(lead: ContactRow): Record<string, string> {
  return Object.fromEntries(SOURCE_KEYS.flatMap((key) => (lead[key] ? [[key, lead[key] as string]] : [])));
}

function leadBody(lead: StoredLead) {
  const receivedAt = lead.createdAt instanceof Date ? lead.createdAt : new Date(lead.createdAt ?? 0);
  return {
    id: lead.id,
    document_id: lead.documentId,
    first_name: lead.first_name ?? '',
    last_name: lead.last_name ?? '',
    email: lead.email ?? '',
    mobile: lead.mobile ?? '',
    method_of_contact: lead.method_of_contact ?? '',
    message: lead.message ?? '',
    source: lead.contact_type ?? '',
    // The sales team answers in the language the visitor wrote in (decision 58).
    locale: lead.language ?? 'en',
    received_at: receivedAt.toISOString(),
    // What the lead is about, where it came from, who handles it (decisions 141-144, 158).
    enquiry_type: lead.enquiry_type ?? 'general',
    project: lead.project ?? null,
    listing: lead.listing ?? null,
    attribution: attributionOf(lead),
    desk: { name: lead.desk ?? 'default', email: lead.desk_email ?? null, crm_pipeline: lead.crm_pipeline ?? null, rule: lead.routing_rule ?? null },
  };
}

export function leadPayload(idempotencyKey: string, lead: StoredLead): string {
  return JSON.stringify({ event: WEBHOOK_EVENT, idempotency_key: idempotencyKey, lead: leadBody(lead) });
}

/**
 * The CRM webhook's body for a repeat (decision 144): an update of the first lead, `repeat_of` naming
 * it by the ids the CRM got with it, and the repeat whole (what the buyer said this time).
 */
export function repeatPayload(idempotencyKey: string, lead: StoredLead, first: { id: number; documentId?: string | null }): string {
  return JSON.stringify({
    event: REPEAT_EVENT,
    idempotency_key: idempotencyKey,
    repeat_of: { id: first.id, document_id: first.documentId ?? null },
    lead: leadBody(lead),
  });
}

/**
 * The CRM webhook's body for an erased lead (decision 64): which lead to erase, by the ids the CRM got
 * with it, and nothing of the person.
 */
export function erasurePayload(idempotencyKey: string, lead: { id: number; documentId?: string | null }, erasedAt: number): string {
  return JSON.stringify({
    event: ERASURE_EVENT,
    idempotency_key: idempotencyKey,
    lead: { id: lead.id, document_id: lead.documentId ?? null },
    erased_at: new Date(erasedAt).toISOString(),
  });
}
