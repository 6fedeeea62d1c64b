import { describe, expect, it } from 'vitest';
import { latestLead, leadWindows, parseDayStart } from '../../src/api/contact/lib/lead-summary';
import { isAcceptableRating } from '../../src/api/luxury/rating-rule';
import { listingSummary } from '../../src/plugins/extsource/server/src/services/catalogue';

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

describe('isAcceptableRating', () => {
  it.each([[1, true], [5, true], ['3', true], [undefined, true], [null, true], [0, false], [6, false], [2.5, false], ['five', false]])('%j: %s', (rating, ok) => {
    expect(isAcceptableRating(rating)).toBe(ok);
  });
});

describe('listingSummary', () => {
  const row = {
    id: 1, reference: 'S-1', title: 'Marina flat', listing_type: 'sale' as const, price: '1250000.00', currency: 'AED',
    status: 'active' as const, deactivated_at: null, updatedAt: '2026-03-01T10:00:00.000Z',
  };
  const lastSuccess = { sale: '2026-03-10T09:00:00.000Z', rent: null };

  it('an active listing was last seen by the last successful run of its type, or when written if later', () => {
    expect(listingSummary(row, lastSuccess)).toEqual({
      id: 1, reference: 'S-1', title: 'Marina flat', listing_type: 'sale', price: 1250000, currency: 'AED',
      status: 'active', deactivated_at: null, last_seen_at: '2026-03-10T09:00:00.000Z',
    });
    expect(listingSummary({ ...row, updatedAt: '2026-03-10T12:00:00.000Z' }, lastSuccess).last_seen_at).toBe('2026-03-10T12:00:00.000Z');
    expect(listingSummary({ ...row, listing_type: 'rent' }, lastSuccess).last_seen_at).toBe('2026-03-01T10:00:00.000Z');
  });

  it('a withdrawn listing has no last sighting, only when it was withdrawn', () => {
    const withdrawn = listingSummary({ ...row, status: 'inactive', deactivated_at: '2026-03-05T10:00:00.000Z' }, lastSuccess);
    expect(withdrawn).toMatchObject({ status: 'inactive', deactivated_at: '2026-03-05T10:00:00.000Z', last_seen_at: null });
  });
});

describe('withAbsoluteImageUrls (sample drivers)', () => {
  it('makes service-relative image URLs absolute against the public URL, leaving every other value alone', async () => {
    const { withAbsoluteImageUrls } = await import('../../src/plugins/extsource/server/src/drivers/sample');
    const data = { cover_image: { url: '/images/demo/palm-island.svg' }, gallery: [{ url: '/images/demo/a.svg' }], link: '/off-plan', price: 5, url: 'https://cdn.example/x.jpg', empty: null };
    expect(withAbsoluteImageUrls(data, 'https://site.example/')).toEqual({
      cover_image: { url: 'https://site.example/images/demo/palm-island.svg' },
      gallery: [{ url: 'https://site.example/images/demo/a.svg' }],
      link: '/off-plan', price: 5, url: 'https://cdn.example/x.jpg', empty: null,
    });
  });
});
