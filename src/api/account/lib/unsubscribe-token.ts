/**
 * The token of an alert e-mail's one-click unsubscribe link (RFC 8058): which buyer, and which of their
 * alert subjects the link stops, signed with HMAC-SHA256 under ALERTS_UNSUBSCRIBE_SECRET. It needs no
 * sign-in, so it is the whole proof: anything altered, or signed with another secret, is refused. It
 * does not expire (a link in an old e-mail must still work, RFC 8058 section 3.1) and it can do one
 * thing only, which is idempotent.
 */
import { createHmac, timingSafeEqual } from 'crypto';
import { parseSubject, type AlertSubject } from './alert-rules';

export interface UnsubscribeClaim {
  buyerId: number;
  subjects: AlertSubject[];
}

const MAX_TOKEN_LENGTH = 2048;
const MAX_SUBJECTS = 100;

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest();

export function signUnsubscribe(secret: string, claim: UnsubscribeClaim): string {
  if (!secret) throw new Error('ALERTS_UNSUBSCRIBE_SECRET is not set');
  const payload = Buffer.from(JSON.stringify({ b: claim.buyerId, s: claim.subjects })).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claim of a token signed with `secret`, or undefined for anything else. */
export function verifyUnsubscribe(secret: string, token: unknown): UnsubscribeClaim | undefined {
  if (!secret || typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  // Compared as written: decoding would skip characters base64url does not know (`sig=`, `s!ig` read as `sig`).
  const expected = Buffer.from(mac(secret, payload).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { b, s } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { b?: unknown; s?: unknown };
    if (!Number.isSafeInteger(b) || (b as number) < 1 || !Array.isArray(s) || s.length === 0 || s.length > MAX_SUBJECTS) return undefined;
    if (!s.every((subject) => typeof subject === 'string' && parseSubject(subject))) return undefined;
    return { buyerId: b as number, subjects: s as AlertSubject[] };
  } catch {
    return undefined;
  }
}
