/**
 * Draft reads for the website's preview mode (decisions 60, 83): which version a request asks for
 * (`?status=`), and whether it may read drafts: with a bearer API token (Strapi's own token check runs
 * only on routes that require authentication; the public routes are open, so a draft read checks the
 * token here, with the same rules: a read-only or full-access token may, a custom token only with the
 * permission of the route's action), which reads every draft the route shows, or with a preview token
 * (`?preview=`, signed by the admin's Preview panel), which reads that one document's draft in that one
 * locale. The route middleware `global::draft-reads` puts the answer on `ctx.state`; everything
 * downstream is handed `versionsFor(ctx.state)`.
 */
import type { Core } from '@strapi/strapi';
import { bearerToken } from './bearer';
import { ApiError } from './envelope';
import type { Locale } from './locale';
import { showsType } from './preview';
import { verifyPreviewToken, type PreviewScope } from './preview-token';

const CONTENT_STATUSES = ['published', 'draft'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The 422 of an unknown `status`, in the request's language (the values stay as the client writes them). */
export const STATUS_MESSAGES: Record<Locale, { validationFailed: string; status: string }> = {
  en: { validationFailed: 'Validation failed', status: `The status must be one of: ${CONTENT_STATUSES.join(', ')}.` },
  ar: { validationFailed: 'البيانات المرسلة غير صالحة', status: `يجب أن تكون الحالة إحدى القيم: ${CONTENT_STATUSES.join('، ')}.` },
};

export const DRAFT_TOKEN_MESSAGE = 'Reading drafts (status=draft) needs an API token that may read this route';

/** The status a `status` query value names: published when absent or empty, undefined when it names none (a 422). */
export function statusParam(value: unknown): ContentStatus | undefined {
  if (value === undefined || value === null) return 'published';
  if (typeof value !== 'string') return undefined;
  const status = value.trim().toLowerCase();
  if (status === '') return 'published';
  return (CONTENT_STATUSES as readonly string[]).includes(status) ? (status as ContentStatus) : undefined;
}

export const DRAFT_CACHE_CONTROL = 'private, no-store';

/** What `global::draft-reads` leaves on `ctx.state`. */
export interface DraftState {
  status?: ContentStatus;
  /** The one draft a preview token may read. */
  preview?: PreviewScope;
}

/** Whether this request reads drafts (`ctx.state`, set by `global::draft-reads`), for the controllers and the caching layers. */
export const readsDraft = (state: DraftState): boolean => state.status === 'draft';

/** Which versions of the documents an answer is built from. */
export interface ReadVersions {
  /** The version of every document but the previewed one: drafts for an API token, else published. */
  base: ContentStatus;
  /** The one document whose draft a preview token reads in place of its published version. */
  preview?: PreviewScope;
}

/** The versions a request reads (`ctx.state`, set by `global::draft-reads`). */
export function versionsFor(state: DraftState): ReadVersions {
  if (!readsDraft(state)) return { base: 'published' };
  return state.preview ? { base: 'published', preview: state.preview } : { base: 'draft' };
}

export const PUBLISHED_VERSIONS: ReadVersions = { base: 'published' };

/** Whether `versions` previews the document of type `uid` in `locale` (of a collection type: `documentId`). */
export const previews = (versions: ReadVersions, uid: string, locale: Locale, documentId?: string): boolean =>
  versions.preview?.uid === uid && versions.preview.locale === locale && (documentId === undefined || versions.preview.documentId === documentId);

/** The version to read of a single type's one document in `locale`. */
export const versionOf = (versions: ReadVersions, uid: string, locale: Locale): ContentStatus => (previews(versions, uid, locale) ? 'draft' : versions.base);

interface StoredToken {
  kind?: string | null;
  type: 'read-only' | 'full-access' | 'custom';
  expiresAt?: string | null;
  permissions?: string[];
}

interface TokenService {
  hash(accessKey: string): string;
  getByAccessKey(hash: string): Promise<StoredToken | null | undefined>;
}

function mayRead(token: StoredToken, action: string): boolean {
  if (token.kind != null && token.kind !== 'content-api') return false;
  if (token.expiresAt != null && new Date(token.expiresAt) < new Date()) return false;
  if (token.type === 'read-only' || token.type === 'full-access') return true;
  return token.type === 'custom' && (token.permissions ?? []).includes(action);
}

/** Throws the 401 envelope unless `authorization` carries a Strapi API token that may read `action`. */
export async function assertDraftReader(strapi: Core.Strapi, authorization: string | undefined, action: string): Promise<void> {
  const secret = bearerToken(authorization);
  if (secret) {
    const tokens = strapi.service('admin::api-token-content-api') as unknown as TokenService;
    const token = await tokens.getByAccessKey(tokens.hash(secret));
    if (token && mayRead(token, action)) return;
  }
  throw new ApiError(401, 'UNAUTHORIZED', DRAFT_TOKEN_MESSAGE, undefined, { 'WWW-Authenticate': 'Bearer' });
}

export const PREVIEW_TOKEN_MESSAGES = {
  off: 'Previews are not enabled on this service (CLIENT_URL is not set)',
  invalid: 'The preview token is not valid: open the preview again from the admin panel',
  expired: 'The preview token has expired: open the preview again from the admin panel',
  otherPage: 'The preview token is for a page this route does not show',
  otherLocale: (locale: string) => `The preview token is for another language: read it with locale=${locale}`,
};

const previewRefused = (message: string) => new ApiError(401, 'UNAUTHORIZED', message);

/**
 * The draft `token` lets this request read, on a route showing the types `shown`, in `locale`; throws
 * the 401 envelope with the reason otherwise. `secret` is PREVIEW_SECRET (undefined: previews are off).
 */
export function previewScopeOf(secret: string | undefined, token: unknown, shown: readonly string[], locale: Locale, now = Date.now()): PreviewScope {
  if (!secret) throw previewRefused(PREVIEW_TOKEN_MESSAGES.off);
  const check = typeof token === 'string' ? verifyPreviewToken(secret, token, now) : undefined;
  if (!check?.ok) throw previewRefused(check?.reason === 'expired' ? PREVIEW_TOKEN_MESSAGES.expired : PREVIEW_TOKEN_MESSAGES.invalid);
  if (!showsType(shown, check.scope.uid)) throw previewRefused(PREVIEW_TOKEN_MESSAGES.otherPage);
  if (check.scope.locale !== locale) throw previewRefused(PREVIEW_TOKEN_MESSAGES.otherLocale(check.scope.locale));
  return check.scope;
}

/**
 * The config of a public GET route whose answer may be asked for in its draft version: by an API
 * token, or by a preview token for one of the `shown` types (uids, `api::x.*` for a whole API).
 */
export const draftsReadable = (...shown: string[]) => ({
  auth: false as const,
  // Strapi resolves `{ name, config }` for route middlewares as for global ones; its RouteConfig type names only strings.
  middlewares: [{ name: 'global::draft-reads', config: { shown } } as unknown as string],
});
