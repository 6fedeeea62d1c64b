import type { Core } from '@strapi/strapi';

/** The contact form: abuse limit per client IP and where lead notifications go. */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  rateLimit: {
    /** Submissions allowed per IP per window; 0 switches the limit off. */
    max: env.int('CONTACT_RATE_LIMIT_MAX', 10),
    windowSeconds: env.int('CONTACT_RATE_LIMIT_WINDOW_S', 600),
  },
  /** The sales inbox notified of each stored submission; empty means no e-mail. */
  notifyEmail: env('CONTACT_NOTIFY_EMAIL', ''),
});
