import type { Core } from '@strapi/strapi';
import { CACHE_LIFETIMES } from '../src/lib/cache/lifetimes';

type Env = Core.Config.Shared.ConfigParams['env'];

/**
 * E-mail through nodemailer: SMTP when SMTP_HOST is set; otherwise a JSON transport that delivers
 * nothing, so a fresh clone never tries to reach a mail server on the internet.
 */
function emailConfig(env: Env) {
  const settings = {
    defaultFrom: env('EMAIL_FROM', 'no-reply@localhost'),
    defaultReplyTo: env('EMAIL_REPLY_TO', env('EMAIL_FROM', 'no-reply@localhost')),
  };
  if (!env('SMTP_HOST', '')) {
    return { provider: 'nodemailer', providerOptions: { jsonTransport: true }, settings };
  }
  const user = env('SMTP_USERNAME', '');
  return {
    provider: 'nodemailer',
    providerOptions: {
      host: env('SMTP_HOST'),
      port: env.int('SMTP_PORT', 587),
      secure: env.bool('SMTP_SECURE', false),
      auth: user ? { user, pass: env('SMTP_PASSWORD', '') } : undefined,
      connectionTimeout: env.int('SMTP_TIMEOUT_MS', 10000),
      greetingTimeout: env.int('SMTP_TIMEOUT_MS', 10000),
      socketTimeout: env.int('SMTP_TIMEOUT_MS', 10000),
    },
    settings,
  };
}

/**
 * CURRENCY_RATES "GBP=4.95,EUR=4.02" as { GBP: 4.95, EUR: 4.02 } (added to the defaults, USD=3.6725 and
 * GBP=4.9); a malformed entry stops the start with a clear message. REELLY_CURRENCY_RATES is its former
 * name, read when CURRENCY_RATES is not set.
 */
function currencyRates(env: Env): Record<string, number> {
  const name = env('CURRENCY_RATES', '') ? 'CURRENCY_RATES' : 'REELLY_CURRENCY_RATES';
  const rates: Record<string, number> = {};
  for (const entry of env(name, '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]{3})\s*=\s*(\d+(?:\.\d+)?)$/.exec(entry);
    const rate = match ? Number(match[2]) : NaN;
    if (!match || !(rate > 0 && Number.isFinite(rate))) throw new Error(`${name}: "${entry}" is not CODE=rate (e.g. USD=3.6725)`);
    rates[match[1].toUpperCase()] = rate;
  }
  return rates;
}

/** LISTINGS_FEED_HEADERS: a JSON object of header names and text values (a CRM's token, basic auth). */
function feedHeaders(env: Env): Record<string, string> {
  const written = env('LISTINGS_FEED_HEADERS', '').trim();
  if (written === '') return {};
  let headers: unknown;
  try {
    headers = JSON.parse(written);
  } catch {
    headers = undefined;
  }
  const valid = typeof headers === 'object' && headers !== null && !Array.isArray(headers) && Object.values(headers).every((value) => typeof value === 'string');
  if (!valid) throw new Error('LISTINGS_FEED_HEADERS must be a JSON object of header names and text values, e.g. {"Authorization":"Bearer <token>"}');
  return headers as Record<string, string>;
}

/** Provider drivers and their credentials (never logged), caps, the sync schedule, the project caches. */
function extsourceConfig(env: Env) {
  return {
    listingsDriver: env('EXTSOURCE_LISTINGS_DRIVER', 'sample'),
    projectsDriver: env('EXTSOURCE_PROJECTS_DRIVER', 'sample'),
    goyzer: {
      baseUrl: env('GOYZER_BASE_URL', ''),
      accessCode: env('GOYZER_ACCESS_CODE', ''),
      groupCode: env('GOYZER_GROUP_CODE', ''),
      maxPages: env.int('GOYZER_MAX_PAGES', 500),
      maxItems: env.int('GOYZER_MAX_ITEMS', 50000),
      maxBytes: env.int('GOYZER_MAX_BYTES', 128 * 1024 * 1024),
      incremental: env.bool('GOYZER_INCREMENTAL', false),
      fullSyncHours: env.int('GOYZER_FULL_SYNC_HOURS', 24),
    },
    listingsFeed: {
      url: env('LISTINGS_FEED_URL', ''),
      headers: feedHeaders(env),
      maxBytes: env.int('LISTINGS_FEED_MAX_BYTES', 1024 * 1024 * 1024),
      maxItems: env.int('LISTINGS_FEED_MAX_ITEMS', 250000),
    },
    reelly: {
      baseUrl: env('REELLY_BASE_URL', ''),
      apiKey: env('REELLY_API_KEY', ''),
      pageSize: env.int('REELLY_PAGE_SIZE', 100),
      maxPages: env.int('REELLY_MAX_PAGES', 1000),
      maxBytes: env.int('REELLY_MAX_BYTES', 64 * 1024 * 1024),
    },
    currencyRates: currencyRates(env),
    http: {
      timeoutMs: env.int('EXTSOURCE_HTTP_TIMEOUT_MS', 15000),
      retries: env.int('EXTSOURCE_HTTP_RETRIES', 3),
      backoffMs: env.int('EXTSOURCE_HTTP_BACKOFF_MS', 500),
      maxDelayMs: env.int('EXTSOURCE_HTTP_MAX_DELAY_MS', 30000),
    },
    cron: env('EXTSOURCE_CRON', '0 * * * *'),
    projectsTtlSeconds: env.int('EXTSOURCE_PROJECTS_TTL_S', CACHE_LIFETIMES.providerCollection),
    developersTtlSeconds: env.int('EXTSOURCE_DEVELOPERS_TTL_S', CACHE_LIFETIMES.providerLists),
    projectRetrySeconds: env.int('EXTSOURCE_PROJECT_RETRY_S', 60),
    // Project details read ahead after each collection refresh (docs/extsource.md, "Project details").
    detailTtlSeconds: env.int('EXTSOURCE_DETAIL_TTL_S', 86400),
    detailRate: env.float('EXTSOURCE_DETAIL_RATE', 4),
    detailConcurrency: env.int('EXTSOURCE_DETAIL_CONCURRENCY', 2),
    agent: { name: env('OFFPLAN_AGENT_NAME', 'Off-Plan Desk'), phone: env('OFFPLAN_AGENT_PHONE', '+971 4 123 4567') },
  };
}

/**
 * Buyer accounts (docs/contract.md, "Accounts"): Strapi 5's sessions (a short access token, a refresh
 * token, logout), the plugin's own per-process limiter off (src/api/account/auth/rate-limits.ts counts
 * per IP and per e-mail across instances), and the fields a registration may carry besides Strapi's.
 */
function usersPermissionsConfig(env: Env) {
  return {
    jwtManagement: 'refresh',
    sessions: {
      accessTokenLifespan: env.int('ACCOUNT_ACCESS_TOKEN_S', 600),
      idleRefreshTokenLifespan: env.int('ACCOUNT_REFRESH_IDLE_S', 14 * 86400),
      maxRefreshTokenLifespan: env.int('ACCOUNT_REFRESH_MAX_S', 30 * 86400),
      httpOnly: false,
    },
    ratelimit: { enabled: false },
    register: { allowedFields: ['language', 'marketing_consent', 'marketing_consent_version'] },
  };
}

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  email: { config: emailConfig(env) },
  'users-permissions': { config: usersPermissionsConfig(env) },
  extsource: { enabled: true, resolve: './src/plugins/extsource', config: extsourceConfig(env) },
});
