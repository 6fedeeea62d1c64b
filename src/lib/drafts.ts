/**
 * Draft reads for the website's preview mode (decision 60): which version a request asks for
 * (`?status=`), and whether its bearer token may read drafts. Strapi's own token check runs only on
 * routes that require authentication; the public routes are open, so a draft read checks the token
 * here, with the same rules: a read-only or full-access token may, a custom token only with the
 * permission of the route's action (what the admin's token editor lists for it). The route middleware
 * `global::draft-reads` puts the answer on `ctx.state.status`; everything downstream is handed it.
 */
import type { Core } from '@strapi/strapi';
import { ApiError } from './envelope';
import type { Locale } from './locale';

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

/** Whether this request reads drafts (`ctx.state`, set by `global::draft-reads`), for the controllers and the caching layers. */
export const readsDraft = (state: { status?: ContentStatus }): boolean => state.status === 'draft';

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

function bearerToken(authorization: string | undefined): string | undefined {
  const parts = (authorization ?? '').trim().split(/\s+/);
  return parts.length === 2 && parts[0].toLowerCase() === 'bearer' ? parts[1] : undefined;
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

/** The config of a public GET route whose answer a token holder may ask for in its draft version. */
export const DRAFTS_READABLE = { auth: false as const, middlewares: ['global::draft-reads'] };
