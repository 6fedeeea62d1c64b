import { describe, expect, it } from 'vitest';
import { parseUnitsPage } from '../../src/plugins/extsource/server/src/drivers/goyzer';
import { backoffMs, retryAfterMs } from '../../src/plugins/extsource/server/src/drivers/http';
import { parseJson } from '../../src/plugins/extsource/server/src/drivers/reelly';
import { inProcessSyncLock } from '../../src/plugins/extsource/server/src/services/lock';
import { contentHash, looksLikeBadFetch, planSync, type ExistingRow } from '../../src/plugins/extsource/server/src/services/sync-plan';
import type { NormalisedListing } from '../../src/plugins/extsource/server/src/mapping/types';

const listing = (reference: string, price = 1000): NormalisedListing => ({
  reference, listing_type: 'sale', title: reference, category: '', listing_status: '', property_name: '', community: '', community_id: '',
  sub_community: '', city: '', state_id: 'DU', state_name: 'Dubai', bedrooms: '', bathrooms: null, area_sqft: null, price, currency: 'AED',
  agent_name: '', agent_phone: '', description: '', images: [], latitude: null, longitude: null, handover_date: '', provider_updated_at: null,
});
const row = (id: number, item: NormalisedListing, status: ExistingRow['status'] = 'active'): ExistingRow => ({ id, reference: item.reference, content_hash: contentHash(item), status });

describe('planSync', () => {
  it('creates new, updates changed or returning, leaves the same alone, deactivates the missing', () => {
    const existing = [row(1, listing('A')), row(2, listing('B')), row(3, listing('C'), 'inactive'), row(4, listing('D')), row(5, listing('E'))];
    const plan = planSync([listing('A'), listing('B', 2000), listing('C'), listing('D'), listing('F')], existing);
    expect(plan.creates.map((item) => item.listing.reference)).toEqual(['F']);
    expect(plan.updates.map((item) => item.id)).toEqual([2, 3]);
    expect(plan.unchanged).toBe(2);
    expect(plan.deactivateIds).toEqual([5]);
    expect(plan.warnings).toEqual([]);
  });

  it('deactivates nothing when the fetch has fewer than half of the active listings', () => {
    const existing = Array.from({ length: 10 }, (_, index) => row(index + 1, listing(`R${index}`)));
    const plan = planSync([listing('R0'), listing('R1'), listing('R2'), listing('R3')], existing);
    expect(plan.deactivateIds).toEqual([]);
    expect(plan.warnings[0]).toMatch(/returned 4 listings where 10 are active/);
    expect(planSync(Array.from({ length: 5 }, (_, index) => listing(`R${index}`)), existing).deactivateIds).toHaveLength(5);
  });

  it('an empty fetch against an empty catalogue is just nothing to do', () => {
    expect(planSync([], [])).toEqual({ creates: [], updates: [], unchanged: 0, deactivateIds: [], warnings: [] });
  });

  it('keeps the last of duplicate references and says so', () => {
    const plan = planSync([listing('A', 1), listing('A', 2)], []);
    expect(plan.creates).toHaveLength(1);
    expect(plan.creates[0].listing.price).toBe(2);
    expect(plan.warnings).toEqual(['duplicate reference A in the fetch: the last one was kept']);
  });

  it.each([[4, 10, true], [5, 10, false], [0, 0, false], [0, 1, true]])('fetched %d of %d active looks bad: %s', (fetched, active, bad) =>
    expect(looksLikeBadFetch(fetched, active)).toBe(bad)
  );
});

describe('sync lock', () => {
  it('takes all keys or none; all overlaps both types', async () => {
    const lock = inProcessSyncLock();
    const releaseSales = await lock.acquire(['sale']);
    expect(releaseSales).not.toBeNull();
    expect(await lock.acquire(['sale', 'rent'])).toBeNull();
    const releaseRentals = await lock.acquire(['rent']);
    expect(releaseRentals).not.toBeNull();
    await releaseSales!();
    await releaseRentals!();
    expect(await lock.acquire(['sale', 'rent'])).not.toBeNull();
    expect(lock.held().sort()).toEqual(['rent', 'sale']);
  });
});

describe('HTTP retry helpers', () => {
  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', Date.parse('2026-01-01T00:00:00Z'))).toBe(10000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  it('backs off exponentially with full jitter, capped', () => {
    const policy = { timeoutMs: 1, retries: 5, backoffMs: 100, maxDelayMs: 1000 };
    expect(backoffMs(0, policy, () => 0.999)).toBe(99);
    expect(backoffMs(3, policy, () => 0.5)).toBe(400);
    expect(backoffMs(10, policy, () => 0.999)).toBe(999);
    expect(backoffMs(2, policy, () => 0)).toBe(0);
  });
});

describe('provider bodies', () => {
  it('reads a page of units, one unit as a list, an empty page as none', () => {
    expect(parseUnitsPage('<ArrayOfUnitDTO><UnitDTO><RefNo>A</RefNo></UnitDTO><UnitDTO><RefNo>B</RefNo></UnitDTO></ArrayOfUnitDTO>', 'p')).toHaveLength(2);
    expect(parseUnitsPage('<?xml version="1.0"?><ArrayOfUnitDTO><UnitDTO><RefNo>A</RefNo><Images><Image><ImageURL>https://x</ImageURL></Image></Images></UnitDTO></ArrayOfUnitDTO>', 'p'))
      .toEqual([{ RefNo: 'A', Images: { Image: [{ ImageURL: 'https://x' }] } }]);
    expect(parseUnitsPage('<ArrayOfUnitDTO></ArrayOfUnitDTO>', 'p')).toEqual([]);
    expect(parseUnitsPage('<ArrayOfUnitDTO/>', 'p')).toEqual([]);
    expect(parseUnitsPage('', 'p')).toEqual([]);
  });

  it('reports malformed XML and JSON as provider errors', () => {
    expect(() => parseUnitsPage('<ArrayOfUnitDTO><UnitDTO></ArrayOfUnitDTO>', 'Goyzer page 2')).toThrow(/^Goyzer page 2: malformed XML/);
    expect(() => parseJson('{"results": [', 'Reelly projects')).toThrow('Reelly projects: malformed JSON');
  });
});
