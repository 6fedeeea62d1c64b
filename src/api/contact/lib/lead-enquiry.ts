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
import { CONTACT_MESSAGES, type ContactMessages } from './contact-messages';

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

/**
 * Checked on the text as sent: Node's URL parser drops tabs and line breaks without a word, and a CR/LF
 * kept would end a header line wherever the link is shown.
 */
const SPACE_OR_CONTROL = /[\s\p{Cc}]/u;
/** WHATWG lets quotes and backticks through in a host: one taken is letters, digits, `.`, `-`, `_`, or a bracketed IPv6 address. */
const PLAIN_HOST = /^(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])$/;
/** What WHATWG leaves unencoded in some parts (`'` in a path, a backtick in a query) and could close an HTML attribute. */
const MARKUP_CHARACTERS = /["'<>`]/g;

type LinkProblem = 'characters' | 'credentials' | 'invalid';
type LinkReading = { url: string } | { problem: LinkProblem };

const percentEncoded = (character: string) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`;

/** An http(s) link as WHATWG serialises it, with nothing a CRM or a mail could take for markup (decision 189). */
function readLink(text: string): LinkReading {
  if (SPACE_OR_CONTROL.test(text)) return { problem: 'characters' };
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) return { problem: 'invalid' };
  const url = new URL(text);
  if (url.username || url.password) return { problem: 'credentials' };
  const serialised = url.href.replace(MARKUP_CHARACTERS, percentEncoded);
  if (!PLAIN_HOST.test(url.hostname) || serialised.length > URL_MAX) return { problem: 'invalid' };
  return { url: serialised };
}

function linkProblemMessage(key: SourceKey, problem: LinkProblem, messages: ContactMessages): string {
  if (problem === 'characters') return messages.sourceUrlCharacters(key);
  if (problem === 'credentials') return messages.sourceUrlCredentials(key);
  return messages.sourceUrl(key, URL_MAX);
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
      // The whole value: a link never starts or ends with a space either.
      const link = readLink(value);
      if ('url' in link) source[key] = link.url;
      else fail(`source.${key}`, linkProblemMessage(key, link.problem, messages));
    } else if (isLongerThan(text, TEXT_MAX)) fail(`source.${key}`, messages.sourceTooLong(key, TEXT_MAX));
    else source[key] = text;
  }
  return source;
}

function readKey(raw: unknown): string | undefined | 'invalid' {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null || text === '' || isLongerThan(text, KEY_MAX) || hasUnstorableCharacters(text)) return 'invalid';
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
