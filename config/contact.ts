import type { Core } from '@strapi/strapi';

type Env = Core.Config.Shared.ConfigParams['env'];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * LEAD_WEBHOOK_URL: HTTPS (plain HTTP only to this machine, for a local relay or tests), and never
 * without LEAD_WEBHOOK_SECRET: an unsigned lead could not be told from a forged one. A mistake stops
 * the start with its reason.
 */
function webhookUrl(env: Env): string {
  const raw = env('LEAD_WEBHOOK_URL', '');
  if (!raw) return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`LEAD_WEBHOOK_URL: "${raw}" is not a URL`);
  }
  const local = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !local) throw new Error('LEAD_WEBHOOK_URL must be an https:// URL (http:// only to localhost)');
  if (!env('LEAD_WEBHOOK_SECRET', '')) throw new Error('LEAD_WEBHOOK_SECRET must be set with LEAD_WEBHOOK_URL (it signs every request)');
  return url.toString();
}

/** LEAD_ERASURE_MODE: what erasing a person does to their leads (decision 64). */
function erasureMode(env: Env): 'anonymise' | 'delete' {
  const mode = env('LEAD_ERASURE_MODE', 'anonymise');
  if (mode !== 'anonymise' && mode !== 'delete') throw new Error(`LEAD_ERASURE_MODE must be "anonymise" or "delete", not "${mode}"`);
  return mode;
}

/** The contact form: abuse limit per client IP, and where each stored lead is delivered (docs/lead-deliveries.md). */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  rateLimit: {
    /** Submissions allowed per IP per window; 0 switches the limit off. */
    max: env.int('CONTACT_RATE_LIMIT_MAX', 10),
    windowSeconds: env.int('CONTACT_RATE_LIMIT_WINDOW_S', 600),
  },
  /** A submission without `consent: true` is refused (422), for sites whose form asks for consent. */
  requireConsent: env.bool('CONTACT_REQUIRE_CONSENT', false),
  /** Personal data (docs/security.md, "Personal data"). */
  personalData: {
    /** Leads older than this many days are anonymised, once a day; 0 keeps them. */
    retentionDays: Math.max(0, env.int('LEAD_RETENTION_DAYS', 0)),
    erasure: erasureMode(env),
  },
  /** A lead from the same person about the same subject within this many hours is a repeat of the first (decision 144). */
  repeatWindowHours: Math.max(0, env.float('LEAD_REPEAT_WINDOW_H', 24)),
  /** The sales inbox notified of each stored submission; empty means no e-mail. */
  notifyEmail: env('CONTACT_NOTIFY_EMAIL', ''),
  /** The CRM webhook: each lead POSTed as signed JSON; empty means none. */
  webhook: { url: webhookUrl(env), secret: env('LEAD_WEBHOOK_SECRET', '') },
  /** The delivery outbox's worker (src/api/contact/deliveries). */
  deliveries: {
    /** Longest one attempt may take (the webhook's request timeout; an e-mail attempt is abandoned then too). */
    timeoutMs: env.int('LEAD_DELIVERY_TIMEOUT_MS', 15_000),
    maxAttempts: env.int('LEAD_DELIVERY_MAX_ATTEMPTS', 12),
    maxAgeHours: env.float('LEAD_DELIVERY_MAX_AGE_H', 24),
    backoffMs: env.int('LEAD_DELIVERY_BACKOFF_MS', 30_000),
    maxBackoffMs: env.int('LEAD_DELIVERY_MAX_BACKOFF_MS', 3_600_000),
    /** How often each instance looks for due deliveries (a lead stored here is sent at once anyway). */
    pollMs: env.int('LEAD_DELIVERY_POLL_MS', 2_000),
    /** Delivered rows older than this are deleted (hourly); 0 keeps them. */
    purgeDays: env.float('LEAD_DELIVERY_PURGE_DAYS', 30),
  },
});
