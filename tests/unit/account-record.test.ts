/** A buyer's account as personal data (pure): its export without secrets, the activity mark, dormancy. */
import { describe, expect, it } from 'vitest';
import { accountRecord, activityDueAt, dormantBefore } from '../../src/api/account/lib/account-record';

const DAY_MS = 86_400_000;

describe('an account in a person export', () => {
  it('holds the named fields only: a password hash, codes or any field added later stay out', () => {
    const stored = {
      id: 7, documentId: 'abc', username: 'salma', email: 'salma@example.com', provider: 'local', confirmed: true, blocked: false,
      name: 'Salma', phone: '+971501234567', language: 'ar', marketing_consent: true, marketing_consent_version: 'v2', marketing_consent_at: '2026-01-02T03:04:05.000Z',
      last_active_at: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', role: { name: 'Buyer', type: 'buyer' },
      password: '$2a$10$hash', resetPasswordToken: 'reset', confirmationToken: 'confirm', sessions: ['s1'],
    };
    const record = accountRecord(stored);
    expect(record).toEqual({
      id: 7, document_id: 'abc', username: 'salma', email: 'salma@example.com', provider: 'local', role: 'Buyer', confirmed: true, blocked: false,
      name: 'Salma', phone: '+971501234567', language: 'ar', marketing_consent: { given: true, text_version: 'v2', at: '2026-01-02T03:04:05.000Z' },
      last_active_at: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-02T00:00:00.000Z',
    });
    expect(JSON.stringify(record)).not.toMatch(/hash|reset|confirm"|s1/);
  });
});

describe('the activity mark and dormancy', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');

  it('is due when never written or a day old, not before', () => {
    expect(now >= activityDueAt(null)).toBe(true);
    expect(now >= activityDueAt(new Date(now - DAY_MS))).toBe(true);
    expect(now >= activityDueAt(new Date(now - DAY_MS + 1000).toISOString())).toBe(false);
    expect(now >= activityDueAt('not a date')).toBe(false);
  });

  it('counts dormancy in whole days back from now', () => {
    expect(dormantBefore(365, now).toISOString()).toBe('2025-06-01T12:00:00.000Z');
  });
});
