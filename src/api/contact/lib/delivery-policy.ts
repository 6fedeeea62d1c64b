/**
 * When a lead delivery is retried, and when it is given up (pure; the worker in ../deliveries applies it).
 */
import { backoffDelay, type Backoff } from '../../../lib/outbox';

export type DeliveryTarget = 'email' | 'webhook';
export const DELIVERY_TARGETS: readonly DeliveryTarget[] = ['email', 'webhook'];

/** `cancelled`: never sent, as the lead's person was erased before (decision 64). */
export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed' | 'cancelled';

/** What a delivery sends: the lead, a repeat of an earlier lead, or the news that it was erased (the last two to the CRM webhook only). */
export type DeliveryEvent = 'lead.created' | 'lead.repeated' | 'lead.erased';

export interface RetryPolicy extends Backoff {
  maxAttempts: number;
  maxAgeMs: number;
}

/** What one attempt came to: delivered, or an error that is worth retrying or not. */
export type AttemptResult = { ok: true } | { ok: false; retry: boolean; error: string };

/** The webhook's answer: 2xx delivered; 4xx but 408 and 429 refused for good; anything else retried. */
export function webhookResult(status: number, statusText: string): AttemptResult {
  if (status >= 200 && status < 300) return { ok: true };
  const error = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
  return { ok: false, retry: !permanent, error };
}

export interface NextStep {
  status: DeliveryStatus;
  nextAttemptAt?: number;
  error?: string;
}

/** After a failed attempt: retry later, or fail once the attempts or the age are used up. */
export function afterFailure(policy: RetryPolicy, result: { retry: boolean; error: string }, attempts: number, createdAt: number, now: number): NextStep {
  if (!result.retry) return { status: 'failed', error: result.error };
  const nextAttemptAt = now + backoffDelay(policy, attempts);
  if (attempts >= policy.maxAttempts) return { status: 'failed', error: `${result.error} (gave up after ${attempts} attempts)` };
  if (nextAttemptAt - createdAt > policy.maxAgeMs) return { status: 'failed', error: `${result.error} (gave up: older than the retry limit)` };
  return { status: 'retrying', nextAttemptAt, error: result.error };
}
