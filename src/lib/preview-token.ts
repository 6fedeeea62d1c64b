/**
 * Preview tokens (decision 83): what Strapi's Preview panel hands the website instead of a shared
 * secret. A token names one document in one locale and an expiry, signed with PREVIEW_SECRET
 * (HMAC-SHA256), so the website can read that one draft for a few minutes without an API token, and a
 * leaked URL stops working by itself. Plain code, no Strapi.
 */
import { createHmac, timingSafeEqual } from 'crypto';

export interface PreviewScope {
  uid: string;
  documentId: string;
  locale: string;
}

export type PreviewTokenCheck =
  | { ok: true; scope: PreviewScope; expiresAt: number }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

const VERSION = 'v1';

const signature = (secret: string, payload: string): Buffer => createHmac('sha256', secret).update(`${VERSION}.${payload}`).digest();

/** A token for `scope`, valid until `expiresAt` (ms since the epoch). */
export function signPreviewToken(secret: string, scope: PreviewScope, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify({ u: scope.uid, d: scope.documentId, l: scope.locale, e: Math.floor(expiresAt / 1000) })).toString('base64url');
  return `${VERSION}.${payload}.${signature(secret, payload).toString('base64url')}`;
}

function readPayload(payload: string): { scope: PreviewScope; expiresAt: number } | undefined {
  try {
    const { u, d, l, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof u !== 'string' || typeof d !== 'string' || typeof l !== 'string' || !Number.isSafeInteger(e)) return undefined;
    return { scope: { uid: u, documentId: d, locale: l }, expiresAt: (e as number) * 1000 };
  } catch {
    return undefined;
  }
}

/** Whether `token` was signed with `secret` and is still valid at `now`, and for what. */
export function verifyPreviewToken(secret: string, token: string, now: number): PreviewTokenCheck {
  const [version, payload, signed, ...rest] = token.split('.');
  if (version !== VERSION || !payload || !signed || rest.length > 0) return { ok: false, reason: 'malformed' };
  // Compared as text: base64url decoding ignores a last character's spare bits, so two spellings would pass.
  const expected = Buffer.from(signature(secret, payload).toString('base64url'));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  const read = readPayload(payload);
  if (!read) return { ok: false, reason: 'malformed' };
  return read.expiresAt <= now ? { ok: false, reason: 'expired' } : { ok: true, ...read };
}
