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

/**
 * Options for Strapi's own `strapi::cors` (which Strapi insists on) that apply `corsGrant`. Strapi matches
 * the origin against the list `origin` returns; `ownOrigin` is read on first use, once Strapi is configured.
 */
export function strapiCorsOptions(siteOrigins: string[], ownOrigin: () => string) {
  let settings: CorsSettings | undefined;
  const grant = (ctx: RequestLike) => {
    settings ??= { siteOrigins: siteOrigins.map((origin) => origin.trim()).filter(Boolean), ownOrigin: ownOrigin() };
    return corsGrant(ctx.path, ctx.get('Origin'), settings);
  };
  return {
    origin: (ctx: RequestLike) => {
      const granted = grant(ctx);
      return granted ? [granted.allowOrigin] : [];
    },
    credentials: (ctx: RequestLike) => grant(ctx)?.credentials ?? false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    headers: ['Content-Type', 'Authorization', 'Accept', 'Origin', 'X-Request-Id'],
    expose: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  };
}
