/**
 * What a registration body may say beyond Strapi's email/username/password. Account state (role,
 * confirmation, blocking, provider) is the server's alone: naming it is refused, whatever its value.
 */
import { isLongerThan } from '../../../lib/text-length';

export const SERVER_OWNED_FIELDS = ['role', 'confirmed', 'blocked', 'provider'] as const;

export const ACCOUNT_LOCALES = ['en', 'ar'] as const;

/** Why the body is refused, or undefined. */
export function registerBodyProblem(body: Record<string, unknown>): string | undefined {
  const named = SERVER_OWNED_FIELDS.filter((field) => Object.prototype.hasOwnProperty.call(body, field));
  if (named.length) return `${named.join(', ')} cannot be set when registering: every new account is a buyer's, confirmed by e-mail`;
  for (const field of ['locale', 'language'] as const) {
    if (body[field] !== undefined && !(ACCOUNT_LOCALES as readonly unknown[]).includes(body[field])) return `${field} must be "en" or "ar"`;
  }
  if (body.marketing_consent !== undefined && typeof body.marketing_consent !== 'boolean') return 'marketing_consent must be true or false';
  const version = body.marketing_consent_version;
  if (version !== undefined && (typeof version !== 'string' || isLongerThan(version, 100))) return 'marketing_consent_version must be a string of at most 100 characters';
  return undefined;
}

/** A username made of the e-mail's name part (Strapi's usernames are unique and at least 3 characters). */
export function usernameBase(email: string): string {
  const name = email.split('@')[0].toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 40);
  return name.length >= 3 ? name : `buyer${name}`;
}

/** The body's `locale` is stored as the account's `language` (Strapi reserves the name `locale`). */
export function withLanguage(body: Record<string, unknown>): void {
  if (body.locale === undefined) return;
  body.language = body.locale;
  delete body.locale;
}
