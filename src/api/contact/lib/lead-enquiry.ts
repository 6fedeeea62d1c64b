/**
 * What a submission says it is about, and where the visitor came from (decision 141): `project_id`,
 * `enquiry_type` and `source`, all optional, checked beside the contact fields. Pure: whether the project
 * is in the feed is the off-plan domain's to say, asked afterwards.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import { hasUnstorableCharacters } from '../../../plugins/extsource/server/src/public';
import { CONTACT_MESSAGES } from './contact-messages';

export const ENQUIRY_TYPES = ['general', 'project', 'brochure', 'viewing', 'callback'] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/** The types that are about one project: refused without a `project_id`. */
const ABOUT_A_PROJECT: ReadonlySet<EnquiryType> = new Set(['project', 'brochure', 'viewing']);

/** The attribution the website passes from the landing URL, as analytics tools read it. */
export const SOURCE_KEYS = ['page_url', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid'] as const;
export type SourceKey = (typeof SOURCE_KEYS)[number];
export type Attribution = Partial<Record<SourceKey, string>>;

const URL_KEYS: ReadonlySet<SourceKey> = new Set(['page_url', 'referrer']);
const URL_MAX = 2000;
const TEXT_MAX = 255;
/** A feed project's id (digits) or slug; anything longer names none. */
const PROJECT_KEY_MAX = 255;

export interface Enquiry {
  enquiry_type: EnquiryType;
  /** The project as the client named it (an id or a slug), unresolved. */
  project_key?: string;
  source: Attribution;
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
}

function readSource(raw: unknown, locale: Locale, fail: (field: string, message: string) => void): Attribution {
  const messages = CONTACT_MESSAGES[locale];
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    fail('source', messages.sourceObject);
    return {};
  }
  const source: Attribution = {};
  for (const key of SOURCE_KEYS) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || hasUnstorableCharacters(value)) {
      fail(`source.${key}`, messages.sourceText(key));
      continue;
    }
    const text = value.trim();
    if (text === '') continue;
    if (URL_KEYS.has(key)) {
      if (text.length > URL_MAX || !isHttpUrl(text)) fail(`source.${key}`, messages.sourceUrl(key, URL_MAX));
      else source[key] = text;
    } else if (text.length > TEXT_MAX) fail(`source.${key}`, messages.sourceTooLong(key, TEXT_MAX));
    else source[key] = text;
  }
  return source;
}

function readProjectKey(raw: unknown): string | undefined | 'invalid' {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null || text === '' || text.length > PROJECT_KEY_MAX || hasUnstorableCharacters(text)) return 'invalid';
  return text;
}

/**
 * The enquiry a body states, or its failures by field (`project_id`, `enquiry_type`, `source.<key>`).
 * Without `enquiry_type`, a submission naming a project is a `project` enquiry, any other `general`.
 */
export function validateEnquiry(body: Record<string, unknown>, locale: Locale = DEFAULT_LOCALE): { errors: FieldErrors; value: Enquiry } {
  const messages = CONTACT_MESSAGES[locale];
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const key = readProjectKey(body.project_id);
  if (key === 'invalid') fail('project_id', messages.projectUnknown);
  const project_key = key === 'invalid' ? undefined : key;

  const rawType = typeof body.enquiry_type === 'string' ? body.enquiry_type.trim().toLowerCase() : body.enquiry_type;
  let enquiry_type: EnquiryType = project_key ? 'project' : 'general';
  if (rawType !== undefined && rawType !== null && rawType !== '') {
    if (ENQUIRY_TYPES.includes(rawType as EnquiryType)) enquiry_type = rawType as EnquiryType;
    else fail('enquiry_type', messages.enquiryType(ENQUIRY_TYPES));
  }
  if (ABOUT_A_PROJECT.has(enquiry_type) && key === undefined) fail('project_id', messages.projectNeeded(enquiry_type));

  const source = readSource(body.source, locale, fail);
  return { errors, value: { enquiry_type, ...(project_key ? { project_key } : {}), source } };
}
