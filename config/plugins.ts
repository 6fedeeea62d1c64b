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

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  email: { config: emailConfig(env) },
});
