import type { Core } from '@strapi/strapi';

/** Buyers' alerts of new and cheaper projects (issue 33; src/api/account/alerts, docs/operations.md). */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  /** Signs the one-click unsubscribe links; alerts are off while it is empty. */
  unsubscribeSecret: env('ALERTS_UNSUBSCRIBE_SECRET', ''),
  /** Daily and weekly digests go at this hour (0-23) of `timeZone`; weekly ones on `digestWeekday` (0 Sunday .. 6 Saturday). */
  digestHour: Math.min(23, Math.max(0, env.int('ALERTS_DIGEST_HOUR', 8))),
  digestWeekday: Math.min(6, Math.max(0, env.int('ALERTS_DIGEST_WEEKDAY', 1))),
  timeZone: env('ALERTS_TIME_ZONE', 'Asia/Dubai'),
  /** How often each instance looks for due alerts and for a collection not matched yet. */
  pollMs: env.int('ALERTS_POLL_MS', 15_000),
  /** Failed sends are retried after `backoffMs`, doubled each time up to `maxBackoffMs` (each wait from the upper half of its step), `maxAttempts` times in all. */
  maxAttempts: env.int('ALERTS_MAX_ATTEMPTS', 8),
  backoffMs: env.int('ALERTS_BACKOFF_MS', 60_000),
  maxBackoffMs: env.int('ALERTS_MAX_BACKOFF_MS', 3_600_000),
  /** Longest one e-mail may take. */
  timeoutMs: env.int('ALERTS_SEND_TIMEOUT_MS', 15_000),
  /** Sent, failed and cancelled alerts are deleted this many days after (hourly); 0 keeps them. */
  purgeDays: Math.max(0, env.float('ALERTS_PURGE_DAYS', 90)),
});
