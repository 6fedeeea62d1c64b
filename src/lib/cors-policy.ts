/**
 * Which browser origins may read which answers (decision 1 paths aside, this is ours):
 * - the contract paths (`/api/v1`, `/api/extsource`) answer the site origins of CORS_ORIGINS, or any
 *   origin when it is `*`, and never with credentials (they use no cookies; provider routes take a token);
 * - everything else (the admin panel's API, Strapi's own routes) answers only the service's own origin
 *   (PUBLIC_URL), with credentials, as the admin's session cookie needs.
 * Credentials are never allowed together with a wildcard.
 */
import { isContractPath } from './contract-paths';

export interface CorsSettings {
  /** CORS_ORIGINS: exact origins, or `*` for any. */
  siteOrigins: string[];
  /** The origin of PUBLIC_URL. */
  ownOrigin: string;
}

export interface CorsGrant {
  allowOrigin: string;
  credentials: boolean;
}

/** The grant for a cross-origin request from `origin` to `path`, or undefined to send no CORS headers. */
export function corsGrant(path: string, origin: string, settings: CorsSettings): CorsGrant | undefined {
  if (!origin) return undefined;
  if (isContractPath(path)) {
    if (settings.siteOrigins.includes('*')) return { allowOrigin: '*', credentials: false };
    return settings.siteOrigins.includes(origin) ? { allowOrigin: origin, credentials: false } : undefined;
  }
  return origin === settings.ownOrigin ? { allowOrigin: origin, credentials: true } : undefined;
}

interface RequestLike {
  path: string;
  get(header: string): string;
}

const EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After'];

let activeSettings: (() => CorsSettings) | undefined;

/**
 * Options for Strapi's own `strapi::cors` (which Strapi insists on) that apply `corsGrant`. Strapi matches
 * the origin against the list `origin` returns; `ownOrigin` is read on first use, once Strapi is configured.
 * The same settings answer `corsHeaders` (the fast lane's CORS).
 */
export function strapiCorsOptions(siteOrigins: string[], ownOrigin: () => string) {
  let settings: CorsSettings | undefined;
  const current = () => (settings ??= { siteOrigins: siteOrigins.map((origin) => origin.trim()).filter(Boolean), ownOrigin: ownOrigin() });
  activeSettings = current;
  const grant = (ctx: RequestLike) => corsGrant(ctx.path, ctx.get('Origin'), current());
  return {
    origin: (ctx: RequestLike) => {
      const granted = grant(ctx);
      return granted ? [granted.allowOrigin] : [];
    },
    credentials: (ctx: RequestLike) => grant(ctx)?.credentials ?? false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    headers: ['Content-Type', 'Authorization', 'Accept', 'Origin', 'X-Request-Id'],
    expose: EXPOSED_HEADERS,
    maxAge: 600,
  };
}

/**
 * The CORS headers `strapi::cors` (with `global::cors-scope`) sends on a GET to `path` from `origin`:
 * none without an Origin or for a refused one; the origin itself when granted (Strapi echoes it even for
 * `*`), with credentials where granted, and the exposed headers. `Vary: Origin` is sent either way.
 */
export function corsHeaders(path: string, origin: string | undefined): Record<string, string> {
  if (!origin || !activeSettings) return {};
  const granted = corsGrant(path, origin, activeSettings());
  if (!granted) return {};
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': origin };
  if (granted.credentials) headers['Access-Control-Allow-Credentials'] = 'true';
  headers['Access-Control-Expose-Headers'] = EXPOSED_HEADERS.join(',');
  return headers;
}
