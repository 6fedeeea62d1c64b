import { describe, expect, it } from 'vitest';
import { parseUnitsPage } from '../../src/plugins/extsource/server/src/drivers/goyzer-units';
import { fraction, judgePage, PageTally, type PageSummary } from '../../src/plugins/extsource/server/src/drivers/goyzer-pages';
import { backoffMs, retryAfterMs } from '../../src/plugins/extsource/server/src/drivers/http';
import { parseJson } from '../../src/plugins/extsource/server/src/drivers/reelly';
import {
  contentHash, looksLikeBadFetch, planChanges, planSync, sinceVersion, skippedWarning, syncMode, type ExistingRow, type SyncMarks,
} from '../../src/plugins/extsource/server/src/services/sync-plan';
import type { NormalisedListing } from '../../src/plugins/extsource/server/src/mapping/types';

const listing = (reference: string, price = 1000, available = true): NormalisedListing => ({
  reference, listing_type: 'sale', title: reference, category: '', listing_status: available ? 'Available' : 'Blocked', available, property_name: '',
  community: '', community_id: '', sub_community: '', city: '', state_id: 'DU', state_name: 'Dubai', bedrooms: '', bathrooms: null, area_sqft: null,
  price, price_on_request: false, currency: 'AED', agent_name: '', agent_phone: '', agent_email: '', agent_photo: '', description: '', title_ar: '',
  description_ar: '', images: [], brochure_url: '', latitude: null, longitude: null, handover_date: '', provider_updated_at: null, permit_number: '',
  completion_status: '', furnishing: '', parking: '', view: '', fittings: '',
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

  it('stores a listing whose status may not be advertised as inactive, and brings it back when it may', () => {
    const blocked = listing('B', 1000, false);
    const plan = planSync([listing('A'), blocked, listing('N', 5, false)], [row(1, listing('A')), row(2, listing('B'))]);
    expect(plan.creates.map((item) => item.listing.reference)).toEqual(['N']);
    expect(plan.updates.map(({ id, was }) => ({ id, was }))).toEqual([{ id: 2, was: 'active' }]);
    // Still blocked, unchanged: nothing to write.
    expect(planSync([blocked], [row(2, blocked, 'inactive')])).toMatchObject({ updates: [], unchanged: 1 });
    // Available again.
    expect(planSync([listing('B')], [row(2, blocked, 'inactive')]).updates.map((item) => item.was)).toEqual(['inactive']);
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

describe('planChanges (incremental)', () => {
  it('writes the changed, deactivates the withdrawn, and leaves everything else alone', () => {
    const existing = [row(1, listing('A')), row(2, listing('B')), row(3, listing('C')), row(4, listing('D'), 'inactive')];
    const plan = planChanges([listing('A', 2000), listing('E')], ['C', 'D', 'Z', 'E'], existing);
    expect(plan.updates.map((item) => item.id)).toEqual([1]);
    expect(plan.creates.map((item) => item.listing.reference)).toEqual(['E']);
    // C was active and is withdrawn; D already inactive; Z unknown; E came back in the same answer.
    expect(plan.deactivateIds).toEqual([3]);
    expect(plan.warnings).toEqual([]);
  });

  it('applies no "fewer than half" guard: a short change list is normal', () => {
    const existing = Array.from({ length: 10 }, (_, index) => row(index + 1, listing(`R${index}`)));
    expect(planChanges([], ['R1'], existing)).toMatchObject({ deactivateIds: [2], warnings: [] });
  });
});

describe('syncMode', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const policy = { windowHours: 24, fullSyncHours: 24 };
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const marks = (success: number, full: number): SyncMarks => ({ last_success_at: ago(success), last_full_at: ago(full) });

  it.each<[string, SyncMarks | null, typeof policy | undefined, 'full' | 'incremental']>([
    ['no incremental sync for this provider', marks(1, 2), undefined, 'full'],
    ['never synced', null, policy, 'full'],
    ['last sync an hour ago, full sync 5 hours ago', marks(1, 5), policy, 'incremental'],
    ['last sync 22.9 hours ago: the window still covers it', marks(22.9, 22.9), { windowHours: 24, fullSyncHours: 48 }, 'incremental'],
    ['last sync 23 hours ago: too close to the window\'s edge', marks(23, 23), { windowHours: 24, fullSyncHours: 48 }, 'full'],
    ['the full sync is due', marks(1, 24), policy, 'full'],
    ['unreadable marks', { last_success_at: 'x', last_full_at: 'y' }, policy, 'full'],
  ])('%s: %s', (_, given, incremental, expected) => expect(syncMode(now, given, incremental)).toBe(expected));
});

describe('sinceVersion', () => {
  const now = new Date('2026-12-05T12:00:00Z');
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const marks = (full: number, version?: string): SyncMarks => ({ last_success_at: ago(1), last_full_at: ago(full), ...(version ? { version } : {}) });

  it.each<[string, SyncMarks | null, boolean, string | undefined]>([
    ['a scheduled run, the feed read whole 3 hours ago', marks(3, 'v1'), true, 'v1'],
    ['a run someone asked for reads the feed whole', marks(3, 'v1'), false, undefined],
    ['read whole 24 hours ago: due again', marks(24, 'v1'), true, undefined],
    ['a feed without validators', marks(3), true, undefined],
    ['never synced', null, true, undefined],
  ])('%s', (_, given, scheduled, expected) => expect(sinceVersion(now, given, scheduled)).toBe(expected));
});

describe('skippedWarning', () => {
  it.each<[string, Parameters<typeof skippedWarning>[0], string]>([
    ["a driver reading one type: the type fetched", { reference: 'LS-1', reason: 'no price' }, 'sale record LS-1 skipped: no price'],
    ['a feed of both types: the type the record names', { reference: '', reason: 'missing reference_number', listing_type: 'rent' }, 'rent record (no reference) skipped: missing reference_number'],
    ['a record that names no type', { reference: 'BY-9', reason: 'missing Property_purpose', listing_type: null }, 'record BY-9 skipped: missing Property_purpose'],
  ])('%s', (_, record, expected) => expect(skippedWarning(record, 'sale')).toBe(expected));
});

describe('Goyzer paging', () => {
  const page = (requested: number, units: Array<[string, string, string]>): PageSummary => {
    const tally = new PageTally(requested);
    for (const [reference, pageIndex, count] of units) tally.add(reference, pageIndex, count);
    return tally.summary();
  };

  it.each([['1/3', [1, 3]], [' 12 / 13 ', [12, 13]], ['4/3', null], ['0/3', null], ['', null], [{}, null], ['1-3', null]])('fraction(%j) is %j', (input, expected) =>
    expect(fraction(input)).toEqual(expected)
  );

  it.each<[string, PageSummary, PageSummary | undefined, number, ReturnType<typeof judgePage>]>([
    ['an empty page ends the feed', page(1, []), undefined, 0, { next: 'done' }],
    ['page 1 of 3: go on', page(1, [['A', '1/3', '1/7'], ['B', '1/3', '2/7']]), undefined, 0, { next: 'page' }],
    ['page 3 of 3: stop at the feed\'s own total', page(3, [['G', '3/3', '7/7']]), page(2, [['E', '2/3', '5/7']]), 6, { next: 'done' }],
    ['page 1 of 1', page(1, [['A', '1/1', '1/1']]), undefined, 0, { next: 'done' }],
    ['page 2 asked, page 1 answered again: the feed ignores PageIndex', page(2, [['A', '1/3', '1/7']]), page(1, [['A', '1/3', '1/7']]), 3,
      { next: 'fail', reason: 'asked for page 2, the feed answered page 1 of 3: it ignores PageIndex' }],
    ['the whole feed in one answer (what an empty PageIndex gives): complete', page(1, [['A', '1/3', '1/7'], ['C', '2/3', '4/7'], ['G', '3/3', '7/7']]), undefined, 0, { next: 'done' }],
    ['several pages in one answer, not all of them', page(1, [['A', '1/3', '1/7'], ['C', '2/3', '4/7']]), undefined, 0,
      { next: 'fail', reason: 'asked for page 1, the feed sent units of pages 1-2 of 3: it does not page as asked (PageIndex ignored)' }],
    ['without positions: a new page goes on', page(2, [['C', '', ''], ['D', '', '']]), page(1, [['A', '', ''], ['B', '', '']]), 2, { next: 'page' }],
    ['without positions: the last page repeated ends the feed', page(3, [['E', '', '']]), page(2, [['E', '', '']]), 5, { next: 'done', repeated: true }],
    ['a repeat before Count\'s total: the feed ignores PageIndex', page(2, [['A', '', '1/9'], ['B', '', '2/9']]), page(1, [['A', '', '1/9'], ['B', '', '2/9']]), 2,
      { next: 'fail', reason: 'page 2 repeats page 1 after 2 of the 9 units announced: the feed ignores PageIndex' }],
  ])('%s', (_, summary, previous, receivedBefore, verdict) => expect(judgePage(summary, previous, receivedBefore)).toEqual(verdict));
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

  it('reads the observed document: declaration, namespaces, CRLF, self-closing elements, an empty account', () => {
    const xml = '<?xml version="1.0" encoding="utf-8"?>\r\n<ArrayOfUnitDTO xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns="http://tempuri.org/">\r\n' +
      '  <UnitDTO>\r\n    <RefNo>A</RefNo>\r\n    <PermitNumber />\r\n    <HandoverDate xsi:nil="true" />\r\n  </UnitDTO>\r\n</ArrayOfUnitDTO>';
    expect(parseUnitsPage(xml, 'p')).toEqual([{ RefNo: 'A', PermitNumber: '', HandoverDate: '' }]);
    expect(parseUnitsPage('\ufeff<?xml version="1.0" encoding="utf-8"?>\r\n<ArrayOfUnitDTO xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" />', 'p')).toEqual([]);
  });

  it('reports an answer that is not a list of units (an ASMX error answers <string> with status 200)', () => {
    expect(() => parseUnitsPage('<?xml version="1.0" encoding="utf-8"?>\r\n<string xmlns="http://tempuri.org/">Invalid Access Code</string>', 'Goyzer SalesListings page 1'))
      .toThrow('Goyzer SalesListings page 1: unexpected answer <string>: Invalid Access Code');
  });

  it('reports malformed XML and JSON as provider errors', () => {
    expect(() => parseUnitsPage('<ArrayOfUnitDTO><UnitDTO></ArrayOfUnitDTO>', 'Goyzer page 2')).toThrow(/^Goyzer page 2: malformed XML/);
    expect(() => parseJson('{"results": [', 'Reelly projects')).toThrow('Reelly projects: malformed JSON');
  });

  it('names the line of what is malformed, inside a unit or between units, as a check of the whole answer would', () => {
    const unit = (ref: string) => `  <UnitDTO>\n    <RefNo>${ref}</RefNo>\n  </UnitDTO>\n`;
    const answer = (middle: string) => `<?xml version="1.0"?>\n<ArrayOfUnitDTO>\n${unit('A')}${middle}${unit('C')}</ArrayOfUnitDTO>`;
    // The second unit starts on line 6; its RefNo, on line 7, is never closed.
    expect(() => parseUnitsPage(answer('  <UnitDTO>\n    <RefNo>B</UnitDTO>\n'), 'p')).toThrow(/^p: malformed XML \(.*opened in line 7.*, line 7\)$/);
    expect(() => parseUnitsPage(answer('  <Stray>\n'), 'p')).toThrow(/^p: malformed XML \(.*, line \d+\)$/);
    expect(() => parseUnitsPage(`<ArrayOfUnitDTO>\n${unit('A')}`, 'p')).toThrow(/^p: malformed XML/);
    expect(parseUnitsPage(answer(unit('B')), 'p').map((read) => read.RefNo)).toEqual(['A', 'B', 'C']);
  });
});
