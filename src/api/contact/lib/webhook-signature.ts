/**
 * The CRM webhook's signature (docs/lead-deliveries.md): `X-Lead-Signature: t=<unix seconds>,v1=<hex>`, where
 * the hex is HMAC-SHA256 with LEAD_WEBHOOK_SECRET over `<t>.<raw body>`. The timestamp is signed with the
 * body so a captured request cannot be replayed later with a fresh timestamp. How a receiver checks it
 * (and the test that runs that check) is in docs/lead-deliveries.md.
 */
import { createHmac } from 'crypto';

export const SIGNATURE_HEADER = 'X-Lead-Signature';

export function signature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signature(secret, timestamp, body)}`;
}
