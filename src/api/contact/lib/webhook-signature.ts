/**
 * The CRM webhook's signature (docs/webhooks.md): `X-Lead-Signature: t=<unix seconds>,v1=<hex>`, where
 * the hex is HMAC-SHA256 with LEAD_WEBHOOK_SECRET over `<t>.<raw body>`. The timestamp is signed with the
 * body so a captured request cannot be replayed later with a fresh timestamp.
 */
import { createHmac, timingSafeEqual } from 'crypto';

export const SIGNATURE_HEADER = 'X-Lead-Signature';

export function signature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signature(secret, timestamp, body)}`;
}

/** The receiver's check: a well-formed header, a timestamp within `toleranceS` of now, the HMAC equal. */
export function verifySignature(secret: string, header: string, body: string, nowS: number, toleranceS = 300): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match || Math.abs(nowS - Number(match[1])) > toleranceS) return false;
  const expected = Buffer.from(signature(secret, Number(match[1]), body), 'hex');
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
}
