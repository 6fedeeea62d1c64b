import type { Core } from '@strapi/strapi';
import { strapiCorsOptions } from '../src/lib/cors-policy';
import { QUERY_PARSER_OPTIONS } from '../src/lib/query-string';

/**
 * What the admin panel may load and reach (docs/security.md): only its own origin; inline styles for its
 * CSS-in-JS. Each directive is one string, not an array: Strapi merges its own defaults into arrays index
 * by index, which would put `https:` back.
 */
const CONTENT_SECURITY_POLICY = {
  'default-src': "'self'",
  'connect-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'media-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'frame-ancestors': "'self'",
  'object-src': "'none'",
};

/** The origin of PUBLIC_URL, as Strapi resolved it. */
const ownOrigin = () => new URL(String(strapi.config.get('server.absoluteUrl'))).origin;

/**
 * Order matters: `global::api-edge` sits just inside `strapi::errors` (and `global::http-cache`), so every error raised under
 * /api/v1 and /api/extsource (body parsing, routing, controllers) reaches it first and leaves in our
 * envelope, while the admin panel keeps Strapi's own error format. No `strapi::poweredBy`: the answers
 * do not name the software behind them.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => [
  // Outermost: every request Strapi answers is counted and timed, whatever happens inside (metrics on).
  'global::request-metrics',
  // strapi::logger's line, with the query values of admin requests redacted (docs/security.md).
  'global::request-log',
  // Buyer sign-ups and failed sign-ins counted, sign-ins marking the account used, from the answers as sent.
  'api::account.sign-in-outcomes',
  'strapi::errors',
  // Client errors of Strapi's dependencies answered in Strapi's format, instead of logged as failures.
  'global::client-errors',
  // ETag / 304, Cache-Control, Surrogate-Key and compression of successful public GETs, around the edge:
  // they apply to the answer as sent, envelope included; errors (never a 200) never get them.
  'global::http-cache',
  'global::api-edge',
  // HSTS is sent by global::hsts, only over HTTPS.
  { name: 'strapi::security', config: { hsts: false, contentSecurityPolicy: { useDefaults: true, directives: CONTENT_SECURITY_POLICY } } },
  'global::hsts',
  // Browser origins: CORS_ORIGINS ("*": any) on the contract paths, never with credentials; the admin
  // API only for the service's own origin (src/lib/cors-policy.ts).
  { name: 'strapi::cors', config: strapiCorsOptions(env.array('CORS_ORIGINS', ['*']), ownOrigin) },
  // No CORS headers at all on a request without an Origin header.
  'global::cors-scope',
  'strapi::session',
  // The fast lane reads query strings with the same parser and options (src/lib/query-string.ts).
  { name: 'strapi::query', config: QUERY_PARSER_OPTIONS },
  // Strapi insists on strapi::body being listed: it parses nothing here (no method), global::body reads
  // every body (contract limits on decoded bodies; multipart only on the upload routes).
  { name: 'strapi::body', config: { parsedMethods: [] } },
  'global::body',
  'strapi::favicon',
  'strapi::public',
];
