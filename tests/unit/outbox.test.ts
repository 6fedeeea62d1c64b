/** The outboxes' wait after a failed attempt (src/lib/outbox.ts), for lead deliveries and alert e-mails alike. */
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/lib/outbox';

const BACKOFF = { backoffMs: 1000, maxBackoffMs: 10_000 };

describe('backoffDelay', () => {
  it('doubles per attempt up to the cap, drawn from the upper half of each step', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(BACKOFF, attempt, () => 1))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(BACKOFF, attempt, () => 0))).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });

  it('stays finite for any attempt number', () => {
    expect(backoffDelay(BACKOFF, 10_000, () => 0.5)).toBe(7500);
  });
});
