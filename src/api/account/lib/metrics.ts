/**
 * What the account domain counts (decision 202: src/lib names no domain, so the buyers' metrics are
 * declared here, by the module that owns them): sign-ups and refused sign-ins, the alerts' sends, and its
 * alerts outbox read at each scrape. The names and labels are what dashboards and alert rules read.
 */
import { metrics } from '../../../lib/metrics';
import { outboxGauges, type OutboxCount } from '../../../lib/metrics/outbox-gauges';

export const buyerSignups = metrics.counter({ name: 'buyer_signups_total', help: 'Buyer accounts registered on the website (POST /api/auth/local/register answered 200)' });

export const buyerSigninsFailed = metrics.counter({ name: 'buyer_signins_failed_total', help: 'Buyer sign-ins refused (POST /api/auth/local answered 400: wrong password, unknown, unconfirmed or blocked account, malformed body)' });

/** By what a send came to: sent, retried (failed, tried again), failed (given up). */
export const alertSends = metrics.counter<'result'>({ name: 'account_alerts_sent_total', help: 'Buyer alerts by what their send came to: sent, retried (failed, tried again), failed (given up); an e-mail may carry several', labelNames: ['result'] });

/** The alerts outbox per status, from `read` (the store's counts) at each scrape. */
export const alertGauges = (read: () => Promise<OutboxCount[]>) =>
  outboxGauges({ reader: 'alerts', read, byTarget: false, backlog: { name: 'account_alerts', help: 'Buyer alerts in their outbox by status (pending, retrying, failed); the same on every instance' } });
