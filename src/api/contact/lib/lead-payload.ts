/**
 * The CRM webhook's body (docs/lead-deliveries.md): the same bytes on every attempt of a delivery, so a
 * receiver may compare them as well as the idempotency key.
 */
import type { ContactRow } from './csv';

export const WEBHOOK_EVENT = 'lead.created';
export const ERASURE_EVENT = 'lead.erased';

export interface StoredLead extends ContactRow {
  documentId: string;
}

export function leadPayload(idempotencyKey: string, lead: StoredLead): string {
  const receivedAt = lead.createdAt instanceof Date ? lead.createdAt : new Date(lead.createdAt ?? 0);
  return JSON.stringify({
    event: WEBHOOK_EVENT,
    idempotency_key: idempotencyKey,
    lead: {
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
    },
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
