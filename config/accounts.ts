import type { Core } from '@strapi/strapi';

/**
 * Buyer accounts on Strapi's users-permissions plugin (docs/contract.md, "Accounts"). The website pages
 * the e-mails link to are CLIENT_URL plus a path; without CLIENT_URL they fall back to this service's URL.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  /** false closes every users-permissions route, as before accounts existed. */
  enabled: env.bool('ACCOUNTS_ENABLED', true),
  /** A new account signs in only once its e-mail address is confirmed. */
  emailConfirmation: env.bool('ACCOUNT_EMAIL_CONFIRMATION', true),
  clientUrl: env('CLIENT_URL', ''),
  paths: {
    /** Gets `?confirmation=<code>`, which the page hands to GET /api/auth/email-confirmation. */
    confirm: env('ACCOUNT_CONFIRM_PATH', '/account/confirm'),
    /** Where GET /api/auth/email-confirmation redirects once the address is confirmed. */
    confirmed: env('ACCOUNT_CONFIRMED_PATH', '/account/confirmed'),
    /** Gets `?code=<code>`, which the page posts to /api/auth/reset-password with the new password. */
    reset: env('ACCOUNT_RESET_PATH', '/account/reset-password'),
    /** Where Google sign-in comes back to the website (the plugin's provider `callback`). */
    google: env('ACCOUNT_GOOGLE_CALLBACK_PATH', '/account/google'),
  },
  /** How long an e-mailed code works (it works once). */
  codeLifetimeHours: {
    confirmation: env.float('ACCOUNT_CONFIRMATION_CODE_HOURS', 48),
    reset: env.float('ACCOUNT_RESET_CODE_HOURS', 1),
  },
  /**
   * Attempts per window on register, login, forgot/reset password and confirmation, per client IP and
   * per e-mail address (shared through REDIS_URL when set); 0 switches a limit off.
   */
  rateLimit: {
    ipMax: env.int('ACCOUNT_RATE_LIMIT_IP_MAX', 30),
    emailMax: env.int('ACCOUNT_RATE_LIMIT_EMAIL_MAX', 10),
    windowSeconds: env.int('ACCOUNT_RATE_LIMIT_WINDOW_S', 900),
  },
  /** Google sign-in: on when both are set. */
  google: { clientId: env('GOOGLE_CLIENT_ID', ''), clientSecret: env('GOOGLE_CLIENT_SECRET', '') },
  /** Accounts not signed in to or used for this many days are erased by the daily retention run; 0 keeps them. */
  retentionDays: Math.max(0, env.int('ACCOUNT_RETENTION_DAYS', 0)),
});
