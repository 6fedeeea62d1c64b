import { describe, expect, it } from 'vitest';
import { latestLead, leadWindows, parseDayStart } from '../../src/api/contact/lib/lead-summary';

const now = new Date('2026-03-10T15:30:00Z');

describe('leadWindows', () => {
  it('counts today from UTC midnight unless the browser says when its day started; 7 and 30 days roll', () => {
    expect(leadWindows(now)).toEqual({
      today: new Date('2026-03-10T00:00:00Z'),
      last7Days: new Date('2026-03-03T15:30:00Z'),
      last30Days: new Date('2026-02-08T15:30:00Z'),
    });
    const dubaiMidnight = new Date('2026-03-09T20:00:00Z');
    expect(leadWindows(now, dubaiMidnight).today).toEqual(dubaiMidnight);
  });
});

describe('parseDayStart', () => {
  it('accepts an ISO date-time of the last 24 hours, or nothing', () => {
    expect(parseDayStart(undefined, now)).toEqual({ ok: true });
    expect(parseDayStart('2026-03-10T00:00:00+04:00', now)).toEqual({ ok: true, value: new Date('2026-03-09T20:00:00Z') });
  });

  it.each([['not a date'], ['2026-03-08T00:00:00Z'], ['2026-03-11T00:00:00Z'], [['2026-03-10T00:00:00Z']]])('refuses %j', (raw) => {
    expect(parseDayStart(raw, now).ok).toBe(false);
  });
});

describe('latestLead', () => {
  it("joins the name and gives the received time in ISO", () => {
    const row = {
      id: 7, documentId: 'abc', first_name: 'Aisha', last_name: null, email: 'a@example.com', mobile: '+971', method_of_contact: null,
      message: 'Hi', contact_type: 'Website Contact Form', language: 'en', createdAt: '2026-03-10 10:00:00',
    };
    expect(latestLead(row)).toEqual({
      id: 7, document_id: 'abc', name: 'Aisha', email: 'a@example.com', method_of_contact: '', received_at: new Date('2026-03-10 10:00:00').toISOString(),
    });
  });
});
