/**
 * PATCH /api/v1/me (pure): the profile fields a buyer may change, validated, every failing rule by
 * field in the request's language. Marketing consent mirrors the contact form's (decision 63): the
 * answer, the wording the buyer saw, and when they answered; giving it names the wording.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { LOCALES, type Locale } from '../../../lib/locale';
import { ACCOUNT_MESSAGES } from './account-messages';
import { FieldReader } from './fields';

export interface ProfileChange {
  name?: string | null;
  phone?: string | null;
  /** The language of the buyer's e-mails (stored as `language`; `locale` is Strapi's own field). */
  language?: Locale;
  marketing_consent?: boolean;
  marketing_consent_version?: string | null;
  marketing_consent_at?: string;
}

export const NAME_MAX = 255;
export const PHONE_MAX = 20;
export const CONSENT_VERSION_MAX = 100;

const PHONE_CHARACTERS = /^[0-9 +\-().]+$/;
const MIN_PHONE_DIGITS = 6;

export const isValidPhone = (phone: string) => PHONE_CHARACTERS.test(phone) && phone.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;

/** The fields a buyer may send; anything else (a role, `confirmed`, `blocked`, an e-mail) is ignored. */
export const PROFILE_FIELDS = ['name', 'phone', 'locale', 'marketing_consent', 'marketing_consent_version'] as const;

export type ProfileResult = { ok: true; change: ProfileChange } | { ok: false; errors: FieldErrors };

/** The change the body asks for; `now` dates a consent answer. */
export function profileChange(body: Record<string, unknown>, locale: Locale, now: Date = new Date()): ProfileResult {
  const messages = ACCOUNT_MESSAGES[locale];
  const read = new FieldReader(body, messages);
  const change: ProfileChange = {};

  const name = read.text('name', NAME_MAX);
  if (name !== undefined) change.name = name;

  const phone = read.text('phone', PHONE_MAX);
  if (phone && !isValidPhone(phone)) read.fail('phone', messages.phoneFormat);
  else if (phone !== undefined) change.phone = phone;

  if (read.has('locale')) {
    const value = typeof body.locale === 'string' ? body.locale.trim().toLowerCase() : undefined;
    if (!(LOCALES as readonly unknown[]).includes(value)) read.fail('locale', messages.locale(LOCALES.join(', ')));
    else change.language = value as Locale;
  }

  const version = read.text('marketing_consent_version', CONSENT_VERSION_MAX);
  if (read.has('marketing_consent')) {
    const consent = body.marketing_consent;
    if (typeof consent !== 'boolean') read.fail('marketing_consent', messages.consentBoolean);
    else if (consent && !version) read.fail('marketing_consent_version', messages.consentVersionRequired);
    else {
      change.marketing_consent = consent;
      change.marketing_consent_at = now.toISOString();
      if (version !== undefined) change.marketing_consent_version = version;
    }
  } else if (version !== undefined) {
    // The wording alone changes nothing the buyer agreed to: it goes with an answer.
    read.fail('marketing_consent', messages.consentBoolean);
  }

  if (!read.ok) return { ok: false, errors: read.errors };
  if (Object.keys(change).length === 0) return { ok: false, errors: { body: [messages.nothingToChange] } };
  return { ok: true, change };
}
