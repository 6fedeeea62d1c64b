/**
 * The search box's query: `q` (1 to 100 characters with a letter or digit, no control character),
 * `limit` (suggestions per
 * group, 1 to 10, 5 when absent), read as the catalogues read their parameters (query-values.ts), and
 * its 422s in the request's language.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { positiveInteger, single, type RawQuery } from '../../../lib/catalogue/query-values';
import type { Locale } from '../../../lib/locale';

export const MAX_Q = 100;
export const MAX_LIMIT = 10;
export const DEFAULT_LIMIT = 5;

export interface SuggestQuery {
  q: string;
  limit: number;
}

export const SEARCH_MESSAGES: Record<Locale, { validationFailed: string; q: string; qControl: string; limit: string; suggestions: string }> = {
  en: {
    validationFailed: 'Validation failed',
    q: `The q must be text of 1 to ${MAX_Q} characters, with a letter or digit.`,
    qControl: 'The q contains control characters, which are not allowed.',
    limit: `The limit must be an integer from 1 to ${MAX_LIMIT}.`,
    suggestions: 'Suggestions',
  },
  ar: {
    validationFailed: 'البيانات المرسلة غير صالحة',
    q: `يجب أن يكون نص البحث q من 1 إلى ${MAX_Q} حرفًا، وفيه حرف أو رقم.`,
    qControl: 'يحتوي نص البحث q على أحرف تحكم غير مسموح بها.',
    limit: `يجب أن يكون الحد limit عددًا صحيحًا من 1 إلى ${MAX_LIMIT}.`,
    suggestions: 'الاقتراحات',
  },
};

const readable = (text: string) => [...text].length <= MAX_Q && /[\p{L}\p{N}]/u.test(text);
/** NUL, line ends, tabs and the rest: no one types them into a search box; checked before trimming. */
const hasControlCharacters = (raw: unknown) => typeof raw === 'string' && /\p{Cc}/u.test(raw);

export function parseSuggestQuery(raw: RawQuery, locale: Locale): { ok: true; query: SuggestQuery } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const q = single(raw, 'q');
  if (hasControlCharacters(raw.q)) errors.q = [SEARCH_MESSAGES[locale].qControl];
  else if (typeof q !== 'string' || !readable(q)) errors.q = [SEARCH_MESSAGES[locale].q];
  const limit = positiveInteger(raw, 'limit', MAX_LIMIT);
  if (limit === null) errors.limit = [SEARCH_MESSAGES[locale].limit];
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, query: { q: q as string, limit: limit ?? DEFAULT_LIMIT } };
}
