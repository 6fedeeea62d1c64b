/**
 * Strapi's Preview panel (decisions 61, 83): which page of the website shows an entry, and the URL the
 * panel frames. The website's preview route (`/api/preview`, the Next.js draft-mode convention Strapi's
 * docs use) enters its preview mode with the URL's `token` and redirects to `url`, which it then reads
 * with `status=draft&preview=<token>`: a token signed for that one document and locale, expiring in
 * minutes (preview-token.ts). Plain code, no Strapi: config/admin.ts and config/preview.ts hand it the
 * environment.
 */
import { localeParam, type Locale } from './locale';
import { signPreviewToken } from './preview-token';
import type { PageOpener } from './site-paths';

/**
 * The website's page kind for each editorial type, as the routes declare it (`page` and `shows`, src/lib/site-routes.ts);
 * a key ending in `.*` stands for every type of that API. Its path in each language is the site's paths map (`site`).
 */
let declaredPages: Readonly<Record<string, string>> = {};
let sitePages: PageOpener | undefined;

/** Says which page shows each type, in the site's pages; a kind the site has not is a mistake in a route, and stops the start. */
export function declarePreviewPages(pages: Readonly<Record<string, string>>, site: PageOpener): void {
  const unknown = Object.values(pages).filter((kind) => !site.isPageKind(kind));
  if (unknown.length) throw new Error(`Preview: ${[...new Set(unknown)].join(', ')} is no page kind of the site`);
  declaredPages = pages;
  sitePages = site;
}

export interface PreviewSettings {
  /** CLIENT_URL: the website's origin (and base path) */
  clientUrl: string;
  /** PREVIEW_SECRET: the key preview tokens are signed with, never sent anywhere */
  secret: string;
  /** PREVIEW_TOKEN_TTL_MINUTES: how long a preview URL works */
  tokenTtlMinutes: number;
}

export const DEFAULT_PREVIEW_TOKEN_TTL_MINUTES = 10;
const MAX_PREVIEW_TOKEN_TTL_MINUTES = 60;

type EnvReader = (name: string) => string | undefined;

/**
 * The preview settings from the environment, or undefined when the panel is off (no CLIENT_URL). Throws
 * when CLIENT_URL is set without PREVIEW_SECRET (drafts would be signed with nothing) or with a
 * malformed PREVIEW_TOKEN_TTL_MINUTES, so a typo stops the start; and when PREVIEW_PATHS is still set,
 * which SITE_PATHS replaced (it would be ignored without a word).
 */
export function previewSettingsFrom(env: EnvReader): PreviewSettings | undefined {
  if (env('PREVIEW_PATHS')) throw new Error('PREVIEW_PATHS is replaced by SITE_PATHS (kind.locale=/path pairs, as the README says): move its pages there');
  const clientUrl = env('CLIENT_URL') ?? '';
  if (!clientOrigin(clientUrl)) return undefined;
  const secret = env('PREVIEW_SECRET') ?? '';
  if (secret === '') throw new Error('CLIENT_URL is set but PREVIEW_SECRET is not: set it to a long random value (it signs preview links)');
  const ttl = env('PREVIEW_TOKEN_TTL_MINUTES') || String(DEFAULT_PREVIEW_TOKEN_TTL_MINUTES);
  const tokenTtlMinutes = Number(ttl);
  if (!Number.isInteger(tokenTtlMinutes) || tokenTtlMinutes < 1 || tokenTtlMinutes > MAX_PREVIEW_TOKEN_TTL_MINUTES) {
    throw new Error(`PREVIEW_TOKEN_TTL_MINUTES: "${ttl}" is not a whole number of minutes from 1 to ${MAX_PREVIEW_TOKEN_TTL_MINUTES}`);
  }
  return { clientUrl, secret, tokenTtlMinutes };
}

export interface PreviewTarget {
  documentId?: string;
  locale?: string | null;
  status?: string | null;
}

/** The pattern (`uid` itself, or `api::x.*` for its whole API) that `has` knows, or undefined. */
function patternFor(uid: string, has: (pattern: string) => boolean): string | undefined {
  if (has(uid)) return uid;
  const wholeApi = `${uid.slice(0, uid.lastIndexOf('.'))}.*`;
  return has(wholeApi) ? wholeApi : undefined;
}

/** The website's path for `uid` in `locale`, or undefined when it has no page (the panel then offers no preview). */
export function previewPathFor(uid: string, locale: Locale): string | undefined {
  const pattern = patternFor(uid, (key) => key in declaredPages);
  const kind = pattern === undefined ? undefined : declaredPages[pattern];
  return kind !== undefined && sitePages?.isSinglePage(kind) ? sitePages.pagePath(kind, locale) : undefined;
}

/** The website's path of one entry of a type whose entries each have a page (a composed page: its slug), or undefined. */
export type DocumentPath = (documentId: string, locale: Locale) => Promise<string | undefined>;

const documentPaths = new Map<string, DocumentPath>();

/** Says how to find the page of each entry of `uid` (its domain, at bootstrap). */
export function declarePreviewDocuments(uid: string, pathOf: DocumentPath): void {
  documentPaths.set(uid, pathOf);
}

/** The page of the entry itself, for a type declared so; undefined otherwise (its type's page, if any, then applies). */
export async function documentPreviewPath(uid: string, target: PreviewTarget): Promise<string | undefined> {
  const locale = localeParam(target.locale);
  const pathOf = documentPaths.get(uid);
  return pathOf && locale && target.documentId ? pathOf(target.documentId, locale) : undefined;
}

/** Whether a route that shows the types `shown` (uids, `api::x.*`) shows `uid`. */
export const showsType = (shown: readonly string[], uid: string): boolean => patternFor(uid, (type) => shown.includes(type)) !== undefined;

/**
 * The URL the panel frames for this entry (its token valid from `now` for the configured minutes), or
 * null for a type the website has no page for (or a locale it does not have). `entryPath`: the entry's
 * own page (`documentPreviewPath`), over its type's.
 */
export function previewUrl(settings: PreviewSettings, uid: string, target: PreviewTarget, now: number, entryPath?: string): string | null {
  const locale = localeParam(target.locale);
  const path = locale && (entryPath ?? previewPathFor(uid, locale));
  if (!locale || !path || !target.documentId) return null;
  const token = signPreviewToken(settings.secret, { uid, documentId: target.documentId, locale }, now + settings.tokenTtlMinutes * 60_000);
  const query = new URLSearchParams({ url: path, status: target.status === 'published' ? 'published' : 'draft', locale, token });
  return `${settings.clientUrl.replace(/\/+$/, '')}/api/preview?${query}`;
}

/** The origin of CLIENT_URL (what the panel may frame), or undefined when it is not an http(s) URL. */
export function clientOrigin(clientUrl: string | undefined): string | undefined {
  if (!clientUrl) return undefined;
  try {
    const url = new URL(clientUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
