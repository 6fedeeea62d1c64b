/**
 * Validation of a contact-form submission (contract "Contact record" and "Errors"; decisions 9-11).
 * Pure: a parsed body in, either the clean record or every failing rule by field.
 */
import isEmail from 'validator/lib/isEmail';
import type { FieldErrors } from '../../../lib/envelope';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import { isLongerThan } from '../../../lib/text-length';
import { hasUnstorableCharacters } from '../../../plugins/extsource/server/src/public';
import { CONTACT_FIELDS, CONTACT_MESSAGES, type ContactField } from './contact-messages';

export interface ContactSubmission {
  first_name: string;
  last_name?: string;
  email: string;
  mobile: string;
  method_of_contact?: string;
  message?: string;
  /** Whether the visitor agreed to the processing of their data (absent: the form did not ask). */
  consent?: boolean;
  /** Which wording of the consent text the form showed. */
  consent_text_version?: string;
}

export interface ContactRules {
  /** CONTACT_REQUIRE_CONSENT: a submission without `consent: true` is refused. */
  requireConsent?: boolean;
}

export type ValidationResult = { ok: true; value: ContactSubmission } | { ok: false; errors: FieldErrors };

const MAX_LENGTH: Partial<Record<ContactField, number>> = {
  first_name: 255,
  last_name: 255,
  email: 255,
  mobile: 20,
  method_of_contact: 255,
};

const PHONE_CHARACTERS = /^[0-9 +\-().]+$/;
const MIN_PHONE_DIGITS = 6;

type TextProblem = { problem: 'notText' | 'unstorable' };

/** A trimmed string, null when absent or blank, or the problem when the value is not storable text. */
function readText(body: Record<string, unknown>, field: keyof ContactSubmission | 'consent_text_version'): string | null | TextProblem {
  const raw = body[field];
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== 'string') return { problem: 'notText' };
  if (hasUnstorableCharacters(raw)) return { problem: 'unstorable' };
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

const CONSENT_VERSION_MAX = 64;
const CONSENT_VALUES = new Map<unknown, boolean>([
  [true, true], [false, false], [1, true], [0, false],
  // As HTML forms and query strings send a checkbox.
  ['true', true], ['false', false], ['1', true], ['0', false], ['on', true], ['yes', true], ['no', false],
]);

/** The consent as a boolean; undefined when absent, 'invalid' when it is not one. */
function readConsent(raw: unknown): boolean | undefined | 'invalid' {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = CONSENT_VALUES.get(typeof raw === 'string' ? raw.trim().toLowerCase() : raw);
  return value === undefined ? 'invalid' : value;
}

/** The consent fields' values and failures (decision 63). */
function validateConsent(body: Record<string, unknown>, locale: Locale, rules: ContactRules) {
  const messages = CONTACT_MESSAGES[locale];
  const errors: FieldErrors = {};
  const consent = readConsent(body.consent);
  if (consent === 'invalid') errors.consent = [messages.consentBoolean];
  else if (rules.requireConsent && consent !== true) errors.consent = [messages.consentRequired];
  const version = readText(body, 'consent_text_version');
  if (typeof version === 'object' && version !== null) errors.consent_text_version = [messages.consentVersionText];
  else if (version !== null && isLongerThan(version, CONSENT_VERSION_MAX)) errors.consent_text_version = [messages.consentVersionLength(CONSENT_VERSION_MAX)];
  const value = {
    ...(typeof consent === 'boolean' ? { consent } : {}),
    ...(typeof version === 'string' ? { consent_text_version: version } : {}),
  };
  return { errors, value };
}

export function isValidPhone(mobile: string): boolean {
  return PHONE_CHARACTERS.test(mobile) && mobile.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;
}

export function isValidEmail(email: string): boolean {
  return isEmail(email, { require_tld: true, allow_ip_domain: false, allow_display_name: false, allow_utf8_local_part: false });
}

/** Every failing rule by field, in the messages of `locale`. */
export function validateContact(body: Record<string, unknown>, locale: Locale = DEFAULT_LOCALE, rules: ContactRules = {}): ValidationResult {
  const messages = CONTACT_MESSAGES[locale];
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const value: Partial<Record<ContactField, string | null>> = {};

  for (const field of CONTACT_FIELDS) {
    const text = readText(body, field);
    const label = messages.labels[field];
    if (typeof text === 'object' && text !== null) {
      fail(field, text.problem === 'notText' ? messages.notText(label) : messages.unstorable(label));
      continue;
    }
    const max = MAX_LENGTH[field];
    if (text !== null && max !== undefined && isLongerThan(text, max)) {
      fail(field, messages.tooLong(label, max));
      continue;
    }
    value[field] = text;
  }

  if (!errors.first_name && !value.first_name) fail('first_name', messages.firstNameRequired);
  if (!errors.email) {
    if (!value.email) fail('email', messages.emailRequired);
    else if (!isValidEmail(value.email)) fail('email', messages.emailFormat);
  }
  if (!errors.mobile) {
    if (!value.mobile) fail('mobile', messages.mobileRequired);
    else if (!isValidPhone(value.mobile)) fail('mobile', messages.mobileFormat);
  }

  const consent = validateConsent(body, locale, rules);
  Object.assign(errors, consent.errors);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ...consent.value,
      first_name: value.first_name!,
      last_name: value.last_name ?? undefined,
      email: value.email!,
      mobile: value.mobile!,
      method_of_contact: value.method_of_contact ?? undefined,
      message: value.message ?? undefined,
    },
  };
}
