import type { Core } from '@strapi/strapi';

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  // The public root (no trailing slash): absolute media URLs and the admin are built from it.
  url: env('PUBLIC_URL', `http://localhost:${env.int('PORT', 1337)}`).replace(/\/+$/, ''),
  // Honour X-Forwarded-* (client IP for rate limits, https in URLs) only behind a trusted proxy. The
  // client IP is the X-Forwarded-For entry written by the outermost of the TRUST_PROXY_HOPS trusted
  // proxies (counted from the right): entries a client wrote itself further left are never believed.
  proxy: { koa: env.bool('TRUST_PROXY', false), maxIpsCount: Math.max(1, env.int('TRUST_PROXY_HOPS', 1)) },
  app: { keys: env.array('APP_KEYS', []) },
  // Scheduled provider syncs (EXTSOURCE_CRON); CRON_ENABLED=false turns every schedule off.
  cron: { enabled: env.bool('CRON_ENABLED', true) },
  // Slow clients (docs/security.md): how long a request may take to arrive. Node checks every second.
  http: {
    serverOptions: {
      headersTimeout: env.int('SERVER_HEADERS_TIMEOUT_MS', 10_000),
      requestTimeout: env.int('SERVER_REQUEST_TIMEOUT_MS', 60_000),
      keepAliveTimeout: env.int('SERVER_KEEPALIVE_TIMEOUT_MS', 5_000),
      connectionsCheckingInterval: 1_000,
    },
    // Open connections per client address; empty: 50, or none when TRUST_PROXY is set (every
    // connection then comes from the proxy, which must do the capping).
    maxConnectionsPerAddress: env.int('MAX_CONNECTIONS_PER_IP'),
  },
  logger: {
    config: { level: env('LOG_LEVEL', 'info') },
    updates: { enabled: false },
    startup: { enabled: false },
  },
});
