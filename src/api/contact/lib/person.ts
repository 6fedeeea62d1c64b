/**
 * A person, as an access or erasure request names them (decision 64): by e-mail address or by phone
 * number, matched the way people write them (any case and spacing of an address; a number's digits,
 * with or without its international `00` or `+`). And what stays of a lead once the person is erased.
 * Pure: no Strapi.
 */
import type { FieldErrors } from '../../../lib/envelope';

export type PersonQuery = { by: 'email'; value: string } | { by: 'phone'; value: string };

const normalEmail = (email: string) => email.trim().toLowerCase();
/** A number's digits, without the `00` that writes `+` on a phone keypad. */
const phoneDigits = (phone: string) => phone.replace(/\D/g, '').replace(/^00/, '');

const MIN_PHONE_DIGITS = 6;

/** The person a request body names (exactly one of `email`, `phone`), or what is wrong with it. */
export function personQuery(body: Record<string, unknown>): { ok: true; query: PersonQuery } | { ok: false; errors: FieldErrors } {
  const email = typeof body.email === 'string' ? normalEmail(body.email) : '';
  const phone = typeof body.phone === 'string' ? phoneDigits(body.phone) : '';
  if (email && phone) return { ok: false, errors: { email: ['Give an e-mail address or a phone number, not both'] } };
  if (email) return email.includes('@') ? { ok: true, query: { by: 'email', value: email } } : { ok: false, errors: { email: ['Give a whole e-mail address'] } };
  if (phone.length >= MIN_PHONE_DIGITS) return { ok: true, query: { by: 'phone', value: phone } };
  if (phone) return { ok: false, errors: { phone: [`Give a whole phone number (at least ${MIN_PHONE_DIGITS} digits)`] } };
  return { ok: false, errors: { email: ['Give the e-mail address or the phone number of the person'] } };
}

/** Whether a lead's address or number is the person's. */
export function isPersonsLead(lead: { email?: string | null; mobile?: string | null }, query: PersonQuery): boolean {
  if (query.by === 'email') return normalEmail(lead.email ?? '') === query.value;
  return phoneDigits(lead.mobile ?? '') === query.value;
}

/**
 * The fields of a lead that say who the person is. The pages a lead came from and through may hold
 * the person's address in their query, and click ids follow one person across sites (decision 145).
 */
export const PERSONAL_FIELDS = ['first_name', 'last_name', 'email', 'mobile', 'method_of_contact', 'message', 'page_url', 'referrer', 'gclid', 'fbclid'] as const;

/**
 * A lead's personal fields once anonymised: placeholders where the schema requires a value, nothing
 * elsewhere. What is left (when, which language, consent given or not, the source) counts for
 * statistics and says nothing of the person.
 */
export function anonymisedFields(at: Date): Record<(typeof PERSONAL_FIELDS)[number] | 'anonymised_at', string | null> {
  return {
    first_name: 'Erased', last_name: null, email: 'erased@invalid', mobile: '000000', method_of_contact: null, message: null,
    page_url: null, referrer: null, gclid: null, fbclid: null, anonymised_at: at.toISOString(),
  };
}

/** How an audit record names what a person request looked for: the kind, never the value. */
export const auditFilter = (query: PersonQuery) => ({ by: query.by });
