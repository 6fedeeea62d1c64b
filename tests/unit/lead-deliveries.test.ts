import { createHmac } from 'crypto';
import { describe, expect, it } from 'vitest';
import { env } from '@strapi/utils';
import contactConfig from '../../config/contact';
import { afterFailure, webhookResult, type RetryPolicy } from '../../src/api/contact/lib/delivery-policy';
import { leadPayload, repeatPayload } from '../../src/api/contact/lib/lead-payload';
import { signatureHeader } from '../../src/api/contact/lib/webhook-signature';

const POLICY: RetryPolicy = { maxAttempts: 5, maxAgeMs: 60 * 60 * 1000, backoffMs: 1000, maxBackoffMs: 10_000 };

describe('webhookResult', () => {
  it.each([200, 201, 202, 204, 299])('%i is delivered', (status) => {
    expect(webhookResult(status, '')).toEqual({ ok: true });
  });

  it.each([400, 401, 403, 404, 410, 413, 422, 499])('%i fails at once', (status) => {
    expect(webhookResult(status, 'X')).toEqual({ ok: false, retry: false, error: `HTTP ${status} X` });
  });

  it.each([408, 429, 500, 502, 503, 504, 301, 302, 100])('%i is retried', (status) => {
    expect(webhookResult(status, '')).toEqual({ ok: false, retry: true, error: `HTTP ${status}` });
  });
});

describe('afterFailure', () => {
  const now = 1_000_000;
  it('retries with the backoff while attempts and age allow', () => {
    const step = afterFailure(POLICY, { retry: true, error: 'HTTP 500' }, 2, now, now);
    expect(step.status).toBe('retrying');
    expect(step.nextAttemptAt! - now).toBeGreaterThanOrEqual(1000);
    expect(step.nextAttemptAt! - now).toBeLessThanOrEqual(2000);
  });

  it('fails a refusal at once', () => {
    expect(afterFailure(POLICY, { retry: false, error: 'HTTP 400' }, 1, now, now)).toEqual({ status: 'failed', error: 'HTTP 400' });
  });

  it('fails after the last attempt', () => {
    expect(afterFailure(POLICY, { retry: true, error: 'HTTP 503' }, 5, now, now)).toEqual({ status: 'failed', error: 'HTTP 503 (gave up after 5 attempts)' });
  });

  it('fails when the next attempt would come after the age limit', () => {
    const started = now - POLICY.maxAgeMs + 100;
    expect(afterFailure(POLICY, { retry: true, error: 'ECONNREFUSED' }, 1, started, now)).toEqual({
      status: 'failed',
      error: 'ECONNREFUSED (gave up: older than the retry limit)',
    });
  });
});

describe('the webhook body and signature', () => {
  const lead = {
    id: 7, documentId: 'doc7', first_name: 'Layla', last_name: null, email: 'layla@example.ae', mobile: '+971 50 123 4567',
    method_of_contact: null, message: 'Hi', contact_type: 'Website Contact Form', language: 'ar', createdAt: new Date('2026-01-01T08:00:00Z'),
  };

  it('carries every key, absent values as empty strings, and the language the lead was sent in', () => {
    expect(JSON.parse(leadPayload('key-1', lead))).toEqual({
      event: 'lead.created',
      idempotency_key: 'key-1',
      lead: {
        id: 7, document_id: 'doc7', first_name: 'Layla', last_name: '', email: 'layla@example.ae', mobile: '+971 50 123 4567',
        method_of_contact: '', message: 'Hi', source: 'Website Contact Form', locale: 'ar', received_at: '2026-01-01T08:00:00.000Z',
        enquiry_type: 'general', project: null, listing: null, attribution: {}, desk: { name: 'default', email: null, crm_pipeline: null, rule: null },
      },
    });
  });

  it('a repeat names the first lead and carries the repeat whole, its attribution only with the keys passed', () => {
    const repeat = { ...lead, id: 9, repeat_of: 7, utm_campaign: 'spring', gclid: 'G', enquiry_type: 'viewing' };
    expect(JSON.parse(repeatPayload('key-2', repeat, { id: 7, documentId: 'doc7' }))).toMatchObject({
      event: 'lead.repeated', idempotency_key: 'key-2', repeat_of: { id: 7, document_id: 'doc7' },
      lead: { id: 9, enquiry_type: 'viewing', attribution: { utm_campaign: 'spring', gclid: 'G' } },
    });
  });

  it('signs the timestamp, a dot and the body with HMAC-SHA256', () => {
    const body = leadPayload('key-1', lead);
    const expected = createHmac('sha256', 'secret').update(`1767225600.${body}`).digest('hex');
    expect(signatureHeader('secret', 1767225600, body)).toBe(`t=1767225600,v1=${expected}`);
  });
});

describe('LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET at start', () => {
  const webhookFrom = (variables: Record<string, string>) => {
    const names = ['LEAD_WEBHOOK_URL', 'LEAD_WEBHOOK_SECRET'];
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    Object.assign(process.env, { LEAD_WEBHOOK_URL: '', LEAD_WEBHOOK_SECRET: '', ...variables });
    try {
      return contactConfig({ env } as never).webhook;
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  };

  it.each([
    [{}, { url: '', secret: '' }],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example.com/hooks/leads', LEAD_WEBHOOK_SECRET: 's3cret' }, { url: 'https://crm.example.com/hooks/leads', secret: 's3cret' }],
    [{ LEAD_WEBHOOK_URL: 'http://127.0.0.1:8080/leads', LEAD_WEBHOOK_SECRET: 's' }, { url: 'http://127.0.0.1:8080/leads', secret: 's' }],
    [{ LEAD_WEBHOOK_URL: 'http://localhost/leads', LEAD_WEBHOOK_SECRET: 's' }, { url: 'http://localhost/leads', secret: 's' }],
  ])('%j gives %j', (variables, webhook) => expect(webhookFrom(variables)).toEqual(webhook));

  it.each([
    [{ LEAD_WEBHOOK_URL: 'http://crm.example.com/leads', LEAD_WEBHOOK_SECRET: 's' }, /must be an https:\/\/ URL/],
    [{ LEAD_WEBHOOK_URL: 'ftp://crm.example.com/leads', LEAD_WEBHOOK_SECRET: 's' }, /must be an https:\/\/ URL/],
    [{ LEAD_WEBHOOK_URL: 'crm.example.com', LEAD_WEBHOOK_SECRET: 's' }, /"crm.example.com" is not a URL/],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example.com/leads' }, /LEAD_WEBHOOK_SECRET must be set/],
  ])('refuses %j at start', (variables, message) => expect(() => webhookFrom(variables)).toThrow(message));
});
