import type { Core } from '@strapi/strapi';

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

/** Provider drivers and their credentials (never logged), the sync schedule, the project caches. */
function extsourceConfig(env: Env) {
  return {
    listingsDriver: env('EXTSOURCE_LISTINGS_DRIVER', 'sample'),
    projectsDriver: env('EXTSOURCE_PROJECTS_DRIVER', 'sample'),
    goyzer: {
      baseUrl: env('GOYZER_BASE_URL', ''),
      accessCode: env('GOYZER_ACCESS_CODE', ''),
      groupCode: env('GOYZER_GROUP_CODE', ''),
      maxPages: env.int('GOYZER_MAX_PAGES', 1000),
    },
    reelly: {
      baseUrl: env('REELLY_BASE_URL', ''),
      apiKey: env('REELLY_API_KEY', ''),
      pageSize: env.int('REELLY_PAGE_SIZE', 100),
      maxPages: env.int('REELLY_MAX_PAGES', 1000),
    },
    http: {
      timeoutMs: env.int('EXTSOURCE_HTTP_TIMEOUT_MS', 15000),
      retries: env.int('EXTSOURCE_HTTP_RETRIES', 3),
      backoffMs: env.int('EXTSOURCE_HTTP_BACKOFF_MS', 500),
      maxDelayMs: env.int('EXTSOURCE_HTTP_MAX_DELAY_MS', 30000),
    },
    cron: env('EXTSOURCE_CRON', '0 * * * *'),
    projectsTtlSeconds: env.int('EXTSOURCE_PROJECTS_TTL_S', 3600),
    developersTtlSeconds: env.int('EXTSOURCE_DEVELOPERS_TTL_S', 3600),
    agent: { name: env('OFFPLAN_AGENT_NAME', 'Off-Plan Desk'), phone: env('OFFPLAN_AGENT_PHONE', '+971 4 123 4567') },
  };
}

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  email: { config: emailConfig(env) },
  extsource: { enabled: true, resolve: './src/plugins/extsource', config: extsourceConfig(env) },
});
