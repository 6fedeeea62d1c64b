/**
 * Validation of a contact-form submission (contract "Contact record" and "Errors"; decisions 9-11).
 * Pure: a parsed body in, either the clean record or every failing rule by field.
 */
import isEmail from 'validator/lib/isEmail';
import type { FieldErrors } from '../../../lib/envelope';
import { hasUnstorableCharacters, unstorableMessage } from '../../../lib/text';

export interface ContactSubmission {
  first_name: string;
  last_name?: string;
  email: string;
  mobile: string;
  method_of_contact?: string;
  message?: string;
}

export type ValidationResult = { ok: true; value: ContactSubmission } | { ok: false; errors: FieldErrors };

export const MESSAGES = {
  firstNameRequired: 'Name is required',
  emailRequired: 'Email address is required',
  emailFormat: 'Please provide a valid email address',
  mobileRequired: 'Phone number is required',
  mobileFormat: 'Please provide a valid phone number',
} as const;

const LABELS: Record<keyof ContactSubmission, string> = {
  first_name: 'first name',
  last_name: 'last name',
  email: 'email',
  mobile: 'mobile',
  method_of_contact: 'method of contact',
  message: 'message',
};

const MAX_LENGTH: Partial<Record<keyof ContactSubmission, number>> = {
  first_name: 255,
  last_name: 255,
  email: 255,
  mobile: 20,
  method_of_contact: 255,
};

const PHONE_CHARACTERS = /^[0-9 +\-().]+$/;
const MIN_PHONE_DIGITS = 6;

export const tooLongMessage = (field: keyof ContactSubmission, max: number) =>
  `The ${LABELS[field]} may not be greater than ${max} characters.`;

type TextProblem = { problem: 'notText' | 'unstorable' };

/** A trimmed string, null when absent or blank, or the problem when the value is not storable text. */
function readText(body: Record<string, unknown>, field: keyof ContactSubmission): string | null | TextProblem {
  const raw = body[field];
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== 'string') return { problem: 'notText' };
  if (hasUnstorableCharacters(raw)) return { problem: 'unstorable' };
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

export function isValidPhone(mobile: string): boolean {
  return PHONE_CHARACTERS.test(mobile) && mobile.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;
}

export function isValidEmail(email: string): boolean {
  return isEmail(email, { require_tld: true, allow_ip_domain: false, allow_display_name: false, allow_utf8_local_part: false });
}

export function validateContact(body: Record<string, unknown>): ValidationResult {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const value: Partial<Record<keyof ContactSubmission, string | null>> = {};

  for (const field of Object.keys(LABELS) as Array<keyof ContactSubmission>) {
    const text = readText(body, field);
    if (typeof text === 'object' && text !== null) {
      fail(field, text.problem === 'notText' ? `The ${LABELS[field]} must be text.` : unstorableMessage(LABELS[field]));
      continue;
    }
    const max = MAX_LENGTH[field];
    if (text !== null && max !== undefined && text.length > max) {
      fail(field, tooLongMessage(field, max));
      continue;
    }
    value[field] = text;
  }

  if (!errors.first_name && !value.first_name) fail('first_name', MESSAGES.firstNameRequired);
  if (!errors.email) {
    if (!value.email) fail('email', MESSAGES.emailRequired);
    else if (!isValidEmail(value.email)) fail('email', MESSAGES.emailFormat);
  }
  if (!errors.mobile) {
    if (!value.mobile) fail('mobile', MESSAGES.mobileRequired);
    else if (!isValidPhone(value.mobile)) fail('mobile', MESSAGES.mobileFormat);
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      first_name: value.first_name!,
      last_name: value.last_name ?? undefined,
      email: value.email!,
      mobile: value.mobile!,
      method_of_contact: value.method_of_contact ?? undefined,
      message: value.message ?? undefined,
    },
  };
}
