/**
 * The one-time codes of e-mail confirmation and password reset. The code carries its own expiry (base 36
 * milliseconds before the dot) and 32 random bytes; the database keeps only its SHA-256, so a copy of the
 * database gives no working link, and a code whose expiry was edited no longer matches what is stored.
 */
import { createHash, randomBytes } from 'crypto';

export interface IssuedCode {
  /** What the e-mail carries. */
  code: string;
  /** What the user row keeps (confirmationToken / resetPasswordToken). */
  stored: string;
}

export function storedFormOf(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export function issueCode(nowMs: number, lifetimeHours: number): IssuedCode {
  const expiresAt = Math.floor(nowMs + lifetimeHours * 3_600_000);
  const code = `${expiresAt.toString(36)}.${randomBytes(32).toString('base64url')}`;
  return { code, stored: storedFormOf(code) };
}

/** True when the code says its time is over, or says nothing readable. */
export function codeExpired(code: string, nowMs: number): boolean {
  const [expiry, rest] = code.split('.');
  const expiresAt = /^[0-9a-z]{1,12}$/.test(expiry ?? '') ? parseInt(expiry, 36) : NaN;
  return !rest || !(expiresAt > nowMs);
}
