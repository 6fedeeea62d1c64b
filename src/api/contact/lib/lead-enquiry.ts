/**
 * What a submission says it is about, and where the visitor came from (decisions 141, 158): `project_id`
 * or `listing_id`, `enquiry_type` and `source`, all optional, checked beside the contact fields. Pure:
 * whether the project or the listing is on the site is the off-plan or properties domain's to say, asked
 * afterwards.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import { isLongerThan } from '../../../lib/text-length';
import { hasUnstorableCharacters } from '../../../plugins/extsource/server/src/public';
import { CONTACT_MESSAGES } from './contact-messages';

export const ENQUIRY_TYPES = ['general', 'project', 'listing', 'brochure', 'viewing', 'callback'] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/** The types about one project or one listing: refused without it. */
const ABOUT_ONE: ReadonlySet<EnquiryType> = new Set(['brochure', 'viewing']);

/** The attribution the website passes from the landing URL, as analytics tools read it. */
export const SOURCE_KEYS = ['page_url', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid'] as const;
export type SourceKey = (typeof SOURCE_KEYS)[number];
export type Attribution = Partial<Record<SourceKey, string>>;

const URL_KEYS: ReadonlySet<SourceKey> = new Set(['page_url', 'referrer']);
const URL_MAX = 2000;
const TEXT_MAX = 255;
/** A project's or listing's id, slug or reference; anything longer names none. */
const KEY_MAX = 255;

export interface Enquiry {
  enquiry_type: EnquiryType;
  /** The project as the client named it (an id or a slug), unresolved. */
  project_key?: string;
  /** The listing as the client named it (an id, a slug or a reference), unresolved. */
  listing_key?: string;
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
    } else if (isLongerThan(text, TEXT_MAX)) fail(`source.${key}`, messages.sourceTooLong(key, TEXT_MAX));
    else source[key] = text;
  }
  return source;
}

function readKey(raw: unknown): string | undefined | 'invalid' {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null || text === '' || text.length > KEY_MAX || hasUnstorableCharacters(text)) return 'invalid';
  return text;
}

/** Why an enquiry of `type` lacks what it is about, by field; undefined when it has it. */
function missingSubject(type: EnquiryType, project: boolean, listing: boolean, messages: (typeof CONTACT_MESSAGES)['en']): [string, string] | undefined {
  if (type === 'project' && !project) return ['project_id', messages.projectNeeded(type)];
  if (type === 'listing' && !listing) return ['listing_id', messages.listingNeeded(type)];
  if (ABOUT_ONE.has(type) && !project && !listing) return ['project_id', messages.subjectNeeded(type)];
  return undefined;
}

/**
 * The enquiry a body states, or its failures by field (`project_id`, `listing_id`, `enquiry_type`,
 * `source.<key>`). Without `enquiry_type`, a submission naming a project is a `project` enquiry, one
 * naming a listing a `listing` enquiry, any other `general`. It names a project or a listing, not both.
 */
export function validateEnquiry(body: Record<string, unknown>, locale: Locale = DEFAULT_LOCALE): { errors: FieldErrors; value: Enquiry } {
  const messages = CONTACT_MESSAGES[locale];
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const projectKey = readKey(body.project_id);
  if (projectKey === 'invalid') fail('project_id', messages.projectUnknown);
  const listingKey = readKey(body.listing_id);
  if (listingKey === 'invalid') fail('listing_id', messages.listingUnknown);
  if (projectKey !== undefined && listingKey !== undefined) fail('listing_id', messages.projectAndListing);
  const project_key = projectKey === 'invalid' ? undefined : projectKey;
  const listing_key = listingKey === 'invalid' ? undefined : listingKey;

  // Blank is absent, as for every optional field; anything else is one of the listed values exactly.
  const rawType = body.enquiry_type;
  let enquiry_type: EnquiryType = project_key ? 'project' : listing_key ? 'listing' : 'general';
  if (rawType !== undefined && rawType !== null && !(typeof rawType === 'string' && rawType.trim() === '')) {
    if (ENQUIRY_TYPES.includes(rawType as EnquiryType)) enquiry_type = rawType as EnquiryType;
    else fail('enquiry_type', messages.enquiryType(ENQUIRY_TYPES));
  }
  const missing = missingSubject(enquiry_type, projectKey !== undefined, listingKey !== undefined, messages);
  if (missing) fail(...missing);

  const source = readSource(body.source, locale, fail);
  return { errors, value: { enquiry_type, ...(project_key ? { project_key } : {}), ...(listing_key ? { listing_key } : {}), source } };
}
