import { describe, expect, it } from 'vitest';
import { listingSummary } from '../../src/plugins/extsource/server/src/services/catalogue';

describe('listingSummary', () => {
  const row = {
    id: 1, reference: 'S-1', title: 'Marina flat', listing_type: 'sale' as const, price: '1250000.00', currency: 'AED',
    status: 'active' as const, deactivated_at: null, updatedAt: '2026-03-01T10:00:00.000Z',
  };
  const lastSuccess = { sale: '2026-03-10T09:00:00.000Z', rent: null };

  it('an active listing was last seen by the last successful run of its type, or when written if later', () => {
    expect(listingSummary(row, lastSuccess)).toEqual({
      id: 1, reference: 'S-1', title: 'Marina flat', listing_type: 'sale', price: 1250000, currency: 'AED',
      status: 'active', deactivated_at: null, last_seen_at: '2026-03-10T09:00:00.000Z', off_site: null,
    });
    expect(listingSummary({ ...row, updatedAt: '2026-03-10T12:00:00.000Z' }, lastSuccess).last_seen_at).toBe('2026-03-10T12:00:00.000Z');
    expect(listingSummary({ ...row, listing_type: 'rent' }, lastSuccess).last_seen_at).toBe('2026-03-01T10:00:00.000Z');
  });

  it("says why an active listing is kept off the website, by the hosting app's rule; a withdrawn one needs no reason", () => {
    const rule = (listing: Record<string, unknown>) => (listing.reference === 'S-1' ? 'Not on the website: no permit' : null);
    expect(listingSummary(row, lastSuccess, rule).off_site).toBe('Not on the website: no permit');
    expect(listingSummary({ ...row, reference: 'S-2' }, lastSuccess, rule).off_site).toBeNull();
    expect(listingSummary({ ...row, status: 'inactive', deactivated_at: '2026-03-05T10:00:00.000Z' }, lastSuccess, rule).off_site).toBeNull();
  });

  it('a withdrawn listing has no last sighting, only when it was withdrawn', () => {
    const withdrawn = listingSummary({ ...row, status: 'inactive', deactivated_at: '2026-03-05T10:00:00.000Z' }, lastSuccess);
    expect(withdrawn).toMatchObject({ status: 'inactive', deactivated_at: '2026-03-05T10:00:00.000Z', last_seen_at: null });
  });
});
