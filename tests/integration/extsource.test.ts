import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '@strapi/strapi';
import { createRequire } from 'module';
import path from 'path';
import { setTimeout as sleep } from 'timers/promises';
import { apiToken, generatedData, getStrapi, http } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { GOYZER_CREDENTIALS, REELLY_API_KEY, startFakeGoyzer, startFakeReelly } from '../../scripts/fakes/providers';
import { sampleListingsSeeder } from '../../src/bootstrap/sample-listings-seed';
import { syncService } from '../../src/plugins/extsource/server/src/public';

const PROPERTY = 'plugin::extsource.property';
const RUN = 'plugin::extsource.sync-run';
// A page of 100 full Goyzer units is about 350 KB: the timeout leaves room for a loaded machine.
const FAST_RETRIES = { timeoutMs: 1500, retries: 2, backoffMs: 5, maxDelayMs: 3000 };

let strapi: Core.Strapi;
let originalConfig: unknown;

beforeAll(async () => {
  strapi = await getStrapi();
  originalConfig = structuredClone(strapi.config.get('plugin::extsource'));
});
afterAll(() => {
  strapi.config.set('plugin::extsource', originalConfig);
});

async function call(method: 'get' | 'post', path: string, token?: 'full-access' | 'read-only') {
  const request = (await http())[method](`/api/extsource${path}`);
  if (token) request.set('Authorization', `Bearer ${await apiToken(token)}`);
  return checked(request);
}

const sync = (type: 'all' | 'sales' | 'rentals') => call('post', `/sync/${type}`, 'full-access');

/** The read-ahead of details is off unless a test asks for it: its background reads would blur the others' request counts. */
function useConfig(patch: Record<string, unknown>) {
  strapi.config.set('plugin::extsource', { ...structuredClone(originalConfig as object), http: FAST_RETRIES, detailRate: 0, ...patch });
}

const goyzerRows = (type: 'sale' | 'rent', where: Record<string, unknown> = {}) =>
  strapi.db.query(PROPERTY).findMany({ where: { provider: 'goyzer', listing_type: type, ...where }, orderBy: { id: 'asc' } });

describe('authentication', () => {
  it.each([
    ['get', '/test'], ['get', '/properties'], ['get', '/stats'], ['post', '/sync/all'], ['post', '/sync/sales'], ['post', '/sync/rentals'],
  ] as const)('%s %s answers 401 without a token', async (method, path) => {
    const res = await call(method, path);
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe('UNAUTHORIZED');
  });

  it('answers 401 for an unknown token', async () => {
    const res = await checked((await http()).get('/api/extsource/stats').set('Authorization', 'Bearer not-a-real-token'));
    expect(res.status).toBe(401);
  });

  it('lets a read-only token read, and refuses it every sync with 403', async () => {
    for (const path of ['/test', '/properties', '/stats']) expect((await call('get', path, 'read-only')).status).toBe(200);
    for (const type of ['all', 'sales', 'rentals']) {
      const res = await call('post', `/sync/${type}`, 'read-only');
      expect(res.status).toBe(403);
      expect(res.body.error_code).toBe('FORBIDDEN');
    }
  });
});

describe('with the sample driver', () => {
  it('tests both feeds', async () => {
    const res = await call('get', '/test', 'read-only');
    expect(res.body.data).toEqual({
      listings: { ok: true, driver: 'sample', latency_ms: expect.any(Number), message: 'Connected' },
      projects: { ok: true, driver: 'sample', latency_ms: expect.any(Number), message: 'Connected' },
    });
  });

  it('has zero statistics before any sync, and counts after one', async () => {
    await strapi.db.query(PROPERTY).deleteMany({ where: {} });
    await strapi.db.query(RUN).deleteMany({ where: {} });
    const empty = await call('get', '/stats', 'read-only');
    expect(empty.body.data).toEqual({ total: 0, active: 0, inactive: 0, sales: 0, rentals: 0, runs: 0, last_sync_at: null, last_success_at: null, last_run: null, project_details: null });
    expect((await call('get', '/properties', 'read-only')).body).toEqual({
      success: true, status_code: 200, data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 },
    });

    const run = (await sync('all')).body.data;
    expect(run).toMatchObject({ type: 'all', status: 'succeeded', provider: 'sample', fetched: 230, created: 230, updated: 0, unchanged: 0, deactivated: 0, failed: 0, error: null });
    const stats = (await call('get', '/stats', 'read-only')).body.data;
    // The sample feed lists 4 sales and 1 rental as Blocked: stored, not active.
    expect(stats).toMatchObject({ total: 230, active: 225, inactive: 5, sales: 156, rentals: 69, runs: 1, last_success_at: run.finished_at });
    expect(stats.last_run.run_id).toBe(run.run_id);
  });

  it('first-run seed: waits for a sync already running (the hourly schedule firing during a first start), then runs its own', async () => {
    const running = await syncService(strapi).start('all', 'cron');
    await sampleListingsSeeder.run(strapi);
    const earlier = await running.finished;
    const runs = (await strapi.db.query(RUN).findMany({ where: { id: { $gt: earlier.run_id } }, orderBy: { id: 'asc' } })) as Array<{ trigger: string; status: string }>;
    expect(runs.map(({ trigger, status }) => ({ trigger, status }))).toEqual([{ trigger: 'seed', status: 'succeeded' }]);
  });

  it('is idempotent: a second identical sync creates and rewrites nothing', async () => {
    const before = await strapi.db.query(PROPERTY).findMany({ select: ['id', 'updatedAt'], where: { provider: 'sample' } });
    const run = (await sync('all')).body.data;
    expect(run).toMatchObject({ status: 'succeeded', fetched: 230, created: 0, updated: 0, unchanged: 230, deactivated: 0 });
    const after = await strapi.db.query(PROPERTY).findMany({ select: ['id', 'updatedAt'], where: { provider: 'sample' } });
    expect(after).toEqual(before);
  });

  it('gives every synced listing and run a documentId of its own (the sync its listings, decision 235; Strapi the run)', async () => {
    for (const uid of [PROPERTY, RUN]) {
      const rows = (await strapi.db.query(uid).findMany({ select: ['documentId'] })) as Array<{ documentId: unknown }>;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => typeof row.documentId === 'string' && /^[a-z0-9]{20,}$/.test(row.documentId))).toBe(true);
      expect(new Set(rows.map((row) => row.documentId)).size).toBe(rows.length);
    }
  });

  it('lists properties with filters and pages', async () => {
    const rentals = await call('get', '/properties?type=rent&per_page=30&page=3', 'read-only');
    expect(rentals.body.meta).toEqual({ current_page: 3, per_page: 30, total: 70, last_page: 3 });
    expect(rentals.body.data).toHaveLength(10);
    expect(rentals.body.data.every((row: { listing_type: string }) => row.listing_type === 'rent')).toBe(true);

    const search = await call('get', '/properties?q=palm%20jumeirah&status=active', 'read-only');
    expect(search.body.meta.total).toBeGreaterThan(0);
    expect(search.body.data.every((row: { community: string; title: string }) => /palm jumeirah/i.test(`${row.community} ${row.title}`))).toBe(true);

    const none = await call('get', '/properties?q=no-such-place', 'read-only');
    expect(none.body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('exposes the fields a website needs, as plain text, and Blocked listings as inactive', async () => {
    const { data } = (await call('get', '/properties?type=sale&per_page=100', 'read-only')).body;
    const byReference = new Map(data.map((row: Record<string, unknown>) => [row.reference, row]));
    expect(byReference.get('LS-10000')).toMatchObject({
      status: 'active', listing_status: 'Available', completion_status: 'off_plan', handover_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      brochure_url: 'https://files.example-cdn.ae/brochures/LS-10000.pdf', agent_email: expect.stringContaining('@'), title_ar: expect.stringContaining('للبيع'),
      provider_updated_at: expect.stringMatching(/Z$/), price_on_request: false,
    });
    expect(byReference.get('LS-10039')).toMatchObject({ status: 'inactive', listing_status: 'Blocked', deactivated_at: expect.any(String) });
    expect(byReference.get('LS-10011')).toMatchObject({ price: null, price_on_request: true });
    expect(data.filter((row: { permit_number: string }) => /^\d{10}$/.test(row.permit_number)).length).toBeGreaterThan(10);
    for (const row of data as Array<{ description: string; description_ar: string }>) {
      expect(row.description).not.toMatch(/CDATA|[<>]|&nbsp;/);
      expect(row.description_ar).not.toMatch(/[<>]/);
    }
    const withPermit = data.find((row: { permit_number: string }) => row.permit_number !== '');
    const found = await call('get', `/properties?q=${withPermit.permit_number}`, 'read-only');
    expect(found.body.data.map((row: { reference: string }) => row.reference)).toEqual([withPermit.reference]);
  });

  it('refuses bad property queries with 422', async () => {
    const res = await call('get', '/properties?page=0&per_page=500&type=lease&status=gone', 'read-only');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['page', 'per_page', 'status', 'type']);
  });
});

describe('the upsert keys', () => {
  const keys = [
    ['a listing: provider, listing type, reference', PROPERTY, { provider: 'unique-key-test', listing_type: 'sale', reference: 'REF-1' }],
    ["a project's detail: driver, project id", 'plugin::extsource.project-detail', { driver: 'unique-key-test', project_id: '1' }],
  ] as const;

  it.each(keys)('%s: unique in the database itself, a second row is refused', async (_name, uid, key) => {
    await strapi.db.query(uid).create({ data: key });
    try {
      await expect(strapi.db.query(uid).create({ data: key })).rejects.toThrow(/unique/i);
    } finally {
      await strapi.db.query(uid).deleteMany({ where: key });
    }
  });
});

describe('with the Goyzer driver against a fake provider', () => {
  let goyzer: Awaited<ReturnType<typeof startFakeGoyzer>>;
  const units = generatedData({ projects: 0, sales: 1201, rentals: 40 }).listings;
  const availableSales = units.sales.filter((unit) => unit.Status === 'Available').length;
  const goyzerDefaults = { incremental: false, fullSyncHours: 24, maxPages: 100, maxItems: 50000, maxBytes: 128 * 1024 * 1024 };

  beforeAll(async () => {
    goyzer = await startFakeGoyzer({ pageSize: 100 });
  });
  afterAll(() => goyzer.close());
  afterEach(() => {
    goyzer.state.faults = [];
    Object.assign(goyzer.state, { paging: 'numbered', pastLastPage: 'repeat', pagePositions: true, xml: 'observed', changesAllowed: true });
  });

  function useGoyzer(credentials = GOYZER_CREDENTIALS, settings: Partial<typeof goyzerDefaults> = {}) {
    useConfig({ listingsDriver: 'goyzer', goyzer: { baseUrl: goyzer.url, ...credentials, ...goyzerDefaults, ...settings } });
  }

  const activeSales = async () => (await call('get', '/properties?type=sale&status=active&per_page=1', 'read-only')).body.meta.total;

  it('syncs every page up to the feed\'s own page total, with every parameter the service wants', async () => {
    useGoyzer();
    goyzer.state.sales = units.sales.map((unit) => ({ ...unit }));
    goyzer.state.requests = [];
    const run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ status: 'succeeded', provider: 'goyzer', fetched: 1201, created: 1201, updated: 0, deactivated: 0, failed: 0 });
    // 13 pages ("13/13" on the last, which holds one unit sent as a single element); past it the
    // feed would repeat its last page, so nothing is asked beyond the total.
    expect(goyzer.state.requests.map((request) => request.query.get('PageIndex'))).toEqual(Array.from({ length: 13 }, (_, index) => String(index + 1)));
    expect(goyzer.state.requests.every((request) => request.query.get('AccessCode') === GOYZER_CREDENTIALS.accessCode)).toBe(true);
    expect([...goyzer.state.requests[0].query.keys()].sort()).toEqual(
      ['AccessCode', 'Bedrooms', 'BedroomsMax', 'CommunityID', 'CountryID', 'DistrictID', 'EndPriceRange', 'FloorAreaMax', 'FloorAreaMin', 'GroupCode',
        'PageIndex', 'PropertyID', 'ReadyNow', 'SpecialProjects', 'StartPriceRange', 'StateID', 'UnitCategory', 'UnitID', 'categoryID'].sort()
    );
    expect(await goyzerRows('sale', { status: 'active' })).toHaveLength(availableSales);
    expect(await goyzerRows('sale', { status: 'inactive', listing_status: 'Blocked' })).toHaveLength(1201 - availableSales);
  });

  it('stores mapped values: canonical emirates, coordinates in either order, image lists, plain text, UAE dates', async () => {
    const rows = await goyzerRows('sale');
    const swapped = rows.find((row: { reference: string }) => row.reference === 'LS-10017');
    expect(swapped.latitude).toBeGreaterThan(22);
    expect(swapped.latitude).toBeLessThan(26.5);
    expect(swapped.longitude).toBeGreaterThan(51);
    expect(rows.every((row: { state_id: string }) => ['AZ', 'AJ', 'DU', 'FU', 'RK', 'SH', 'UQ'].includes(row.state_id))).toBe(true);
    expect(rows.every((row: { images: unknown }) => Array.isArray(row.images) && (row.images as string[]).length >= 1)).toBe(true);
    expect(rows.every((row: { description: string }) => !/CDATA|<|&amp;/.test(row.description) && row.description.includes('•'))).toBe(true);
    const source = units.sales[0];
    const stored = rows.find((row: { reference: string }) => row.reference === source.RefNo);
    // "11/22/2026 3:22:34 AM" in Dubai is 23:22:34 UTC the day before.
    const [, month, day, year, hour, minute, second, meridiem] = /^(\d+)\/(\d+)\/(\d+) (\d+):(\d+):(\d+) (AM|PM)$/.exec(String(source.LastUpdated))!;
    const utc = Date.UTC(+year, +month - 1, +day, (+hour % 12) + (meridiem === 'PM' ? 12 : 0), +minute, +second) - 4 * 3_600_000;
    expect(new Date(stored.provider_updated_at).getTime()).toBe(utc);
  });

  it('writes in short turns (decision 93): the event loop answers between batches, and a query sees the run half-way', async () => {
    useGoyzer();
    goyzer.state.sales = units.sales.map((unit) => ({ ...unit, SellPrice: '1234567.0000' }));
    const written = () => strapi.db.query(PROPERTY).count({ where: { provider: 'goyzer', listing_type: 'sale', price: 1234567 } });
    const { finished } = await syncService(strapi).start('sales', 'cli');
    let done = false;
    const run = finished.finally(() => (done = true));
    const seen = new Set<number>();
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      seen.add(await written());
    }
    expect(await run).toMatchObject({ status: 'succeeded' });
    const all = await written();
    expect(all).toBeGreaterThan(1000);
    // Microtasks alone (a chain of SQLite queries) would never let this loop in between: 0, then all.
    expect([...seen].filter((count) => count > 0 && count < all).length).toBeGreaterThanOrEqual(10);
    goyzer.state.sales = units.sales.map((unit) => ({ ...unit }));
    expect((await sync('sales')).body.data).toMatchObject({ status: 'succeeded' });
  });

  it('stores a marketing title longer than 255 characters whole, in English and Arabic', async () => {
    useGoyzer();
    const long = `${'Full-floor penthouse on the Palm with private beach access, '.repeat(6)}ready now`;
    const longAr = `${'بنتهاوس بطابق كامل على النخلة مع شاطئ خاص، '.repeat(8)}جاهز الآن`;
    goyzer.state.sales = units.sales.map((unit, index) => (index === 0 ? { ...unit, MarketingTitle: long, ArabicTitle: longAr } : { ...unit }));
    expect((await sync('sales')).body.data).toMatchObject({ status: 'succeeded', failed: 0 });
    const stored = (await goyzerRows('sale')).find((row: { reference: string }) => row.reference === units.sales[0].RefNo);
    expect(long.length).toBeGreaterThan(255);
    expect([stored.title, stored.title_ar]).toEqual([long, longAr]);
    goyzer.state.sales = units.sales.map((unit) => ({ ...unit }));
    expect((await sync('sales')).body.data).toMatchObject({ status: 'succeeded' });
  });

  it('rewrites only what changed, deactivates what disappeared, and reactivates what came back', async () => {
    const blocked = 1201 - availableSales;
    goyzer.state.sales[0].SellPrice = '999000.0000';
    goyzer.state.sales[1].Remarks = '<![CDATA[<p>Price reduced</p>]]>';
    const removed = goyzer.state.sales.splice(2, 10);
    let run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ status: 'succeeded', fetched: 1191, created: 0, updated: 2, unchanged: 1189, deactivated: 10 });
    expect(await goyzerRows('sale', { status: 'inactive' })).toHaveLength(10 + blocked);

    goyzer.state.sales.push(...removed);
    run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ created: 0, updated: 10, unchanged: 1191, deactivated: 0 });
    expect(await goyzerRows('sale', { status: 'inactive' })).toHaveLength(blocked);
  });

  it('reads the compact XML shape the same way', async () => {
    goyzer.state.xml = 'compact';
    expect((await sync('sales')).body.data).toMatchObject({ status: 'succeeded', fetched: 1201, created: 0, updated: 0, unchanged: 1201 });
  });

  it('without page positions, stops at the repeated last page', async () => {
    goyzer.state.pagePositions = false;
    goyzer.state.requests = [];
    const run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ status: 'succeeded', fetched: 1201, created: 0, updated: 0, unchanged: 1201, deactivated: 0, warnings: [] });
    // Page 14 repeated page 13: seen, not counted twice, and the end.
    expect(goyzer.pagesRequested('SalesListings')).toBe(14);
  });

  async function failedRunLeavesCatalogue(expectedError: RegExp) {
    const before = await activeSales();
    const run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ status: 'failed', created: 0, updated: 0, deactivated: 0 });
    expect(run.error).toMatch(expectedError);
    // The lock is released (a new sync starts at once), and the listings are still served.
    expect(await activeSales()).toBe(before);
    return run;
  }

  it('a feed that ignores PageIndex and answers page 1 every time: a failed run after two requests', async () => {
    goyzer.state.paging = 'first';
    goyzer.state.requests = [];
    await failedRunLeavesCatalogue(/^sale: Goyzer SalesListings page 2: asked for page 2, the feed answered page 1 of 13: it ignores PageIndex$/);
    expect(goyzer.pagesRequested('SalesListings')).toBe(2);
    goyzer.state.paging = 'numbered';
    expect((await sync('sales')).body.data.status).toBe('succeeded');
  });

  it('a feed that ignores PageIndex and sends the whole feed every time: read once when it fits the caps', async () => {
    goyzer.state.paging = 'whole';
    goyzer.state.requests = [];
    expect((await sync('sales')).body.data).toMatchObject({ status: 'succeeded', fetched: 1201, unchanged: 1201 });
    expect(goyzer.pagesRequested('SalesListings')).toBe(1);
  });

  it('a whole feed larger than GOYZER_MAX_BYTES: the download is cut at the cap, the run fails, memory stays bounded', async () => {
    const catalogue = goyzer.state.sales;
    // Ten times the catalogue, about 40 MB in one answer, against a cap of 2 MiB.
    goyzer.state.sales = Array.from({ length: 10 }, (_, copy) => catalogue.map((unit) => ({ ...unit, RefNo: `${unit.RefNo}-${copy}` }))).flat();
    goyzer.state.paging = 'whole';
    useGoyzer(GOYZER_CREDENTIALS, { maxBytes: 2 * 1024 * 1024 });
    goyzer.state.requests = [];
    try {
      await failedRunLeavesCatalogue(/^sale: Goyzer SalesListings page 1: the answers of this fetch passed GOYZER_MAX_BYTES \(2 MiB\); the download was stopped$/);
      // One request, not retried, and the client hung up long before the end of the answer.
      expect(goyzer.state.requests).toHaveLength(1);
      expect(goyzer.state.requests[0].completed).toBe(false);
    } finally {
      goyzer.state.sales = catalogue;
      useGoyzer();
    }
    expect((await sync('sales')).body.data.status).toBe('succeeded');
  });

  it('the caps on pages and units fail the run at the first page that tells', async () => {
    useGoyzer(GOYZER_CREDENTIALS, { maxPages: 12 });
    goyzer.state.requests = [];
    await failedRunLeavesCatalogue(/page 1: the feed has 13 pages, more than GOYZER_MAX_PAGES \(12\) allows$/);
    expect(goyzer.state.requests).toHaveLength(1);
    useGoyzer(GOYZER_CREDENTIALS, { maxItems: 1000 });
    await failedRunLeavesCatalogue(/page 1: 1201 units, more than GOYZER_MAX_ITEMS \(1000\) allows$/);
    // A feed that does not announce its size is stopped at the unit past the cap.
    goyzer.state.pagePositions = false;
    useGoyzer(GOYZER_CREDENTIALS, { maxItems: 150 });
    await failedRunLeavesCatalogue(/page 2: 151 units, more than GOYZER_MAX_ITEMS \(150\) allows$/);
    useGoyzer();
  });

  it('reads the feed answers in a thread of its own: none is parsed on the thread that answers visitors', async () => {
    // The XML parser as the app's compiled code loads it on this thread (CommonJS, from the project's node_modules).
    const { XMLParser, XMLValidator } = createRequire(path.join(process.cwd(), 'package.json'))('fast-xml-parser');
    const { parse } = XMLParser.prototype;
    const { validate } = XMLValidator;
    let calls = 0;
    XMLParser.prototype.parse = function counted(this: unknown, ...args: unknown[]) {
      calls += 1;
      return parse.apply(this, args);
    };
    XMLValidator.validate = (...args: unknown[]) => {
      calls += 1;
      return validate(...args);
    };
    try {
      const run = (await sync('sales')).body.data;
      expect(run).toMatchObject({ status: 'succeeded', fetched: 1201 });
    } finally {
      XMLParser.prototype.parse = parse;
      XMLValidator.validate = validate;
    }
    expect(calls).toBe(0);
  });

  it('retries a 500 and succeeds', async () => {
    goyzer.state.faults = [{ path: 'SalesListings', page: 2, status: 500, times: 2 }];
    goyzer.state.requests = [];
    const run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ status: 'succeeded', unchanged: 1201 });
    expect(goyzer.state.requests.filter((request) => request.query.get('PageIndex') === '2')).toHaveLength(3);
  });

  it('waits as long as a 429 Retry-After asks, then succeeds', async () => {
    goyzer.state.faults = [{ path: 'SalesListings', page: 1, status: 429, retryAfter: '1', times: 1 }];
    const started = Date.now();
    const run = (await sync('sales')).body.data;
    expect(run.status).toBe('succeeded');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  async function failsWithoutWriting(error: RegExp) {
    const before = await goyzerRows('sale');
    const runsBefore = await strapi.db.query(RUN).count();
    const run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ status: 'failed', created: 0, updated: 0, deactivated: 0 });
    expect(run.error).toMatch(error);
    expect(run.error).not.toContain(GOYZER_CREDENTIALS.accessCode);
    expect(await goyzerRows('sale')).toEqual(before);
    expect(await strapi.db.query(RUN).count()).toBe(runsBefore + 1);
    const stored = await strapi.db.query(RUN).findOne({ where: { id: run.run_id } });
    expect(stored).toMatchObject({ status: 'failed', error: run.error });
  }

  it('fails cleanly when the provider keeps timing out', async () => {
    goyzer.state.faults = [{ path: 'SalesListings', page: 3, delayMs: 2500, times: 10 }];
    await failsWithoutWriting(/^sale: Goyzer SalesListings page 3: timed out$/);
  });

  it('fails cleanly on malformed XML', async () => {
    goyzer.state.faults = [{ path: 'SalesListings', page: 4, malformed: true, times: 1 }];
    await failsWithoutWriting(/page 4: malformed XML/);
  });

  it('fails cleanly when a page goes missing mid-way (no retry on 4xx)', async () => {
    goyzer.state.faults = [{ path: 'SalesListings', page: 5, status: 404, times: 1 }];
    goyzer.state.requests = [];
    await failsWithoutWriting(/page 5: HTTP 404/);
    expect(goyzer.state.requests.filter((request) => request.query.get('PageIndex') === '5')).toHaveLength(1);
  });

  it('tests the Goyzer feed by reading its first page, and names a malformed one', async () => {
    expect((await call('get', '/test', 'read-only')).body.data.listings).toMatchObject({ ok: true, driver: 'goyzer', message: 'Connected' });
    goyzer.state.faults = [{ path: 'SalesListings', page: 1, malformed: true, times: 1 }];
    const { listings } = (await call('get', '/test', 'read-only')).body.data;
    expect(listings).toMatchObject({ ok: false, driver: 'goyzer' });
    expect(listings.message).toMatch(/^Goyzer SalesListings page 1: malformed XML/);
  });

  it('fails cleanly with wrong credentials, without retrying and without printing them', async () => {
    useGoyzer({ accessCode: 'wrong-code-123', groupCode: 'wrong-group' });
    goyzer.state.requests = [];
    const run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ status: 'failed', error: 'sale: Goyzer SalesListings page 1: HTTP 401' });
    expect(goyzer.state.requests).toHaveLength(1);
    const test = (await call('get', '/test', 'read-only')).body.data;
    expect(test.listings).toMatchObject({ ok: false, driver: 'goyzer', message: 'Goyzer SalesListings page 1: HTTP 401' });
    expect(JSON.stringify(test)).not.toContain('wrong-code-123');
    useGoyzer();
  });

  it('guards against a sudden 90% drop: nothing deactivated, a warning, status partial', async () => {
    const full = goyzer.state.sales;
    goyzer.state.sales = full.slice(0, 120);
    try {
      const run = (await sync('sales')).body.data;
      expect(run).toMatchObject({ status: 'partial', fetched: 120, unchanged: 120, deactivated: 0 });
      expect(run.warnings.join(' ')).toMatch(new RegExp(`returned 120 listings where ${availableSales} are active: nothing was deactivated`));
      expect(await goyzerRows('sale', { status: 'active' })).toHaveLength(availableSales);
    } finally {
      goyzer.state.sales = full;
    }
  });

  describe('incremental sync (GOYZER_INCREMENTAL)', () => {
    const unitOf = (reference: string) => ({ ...goyzer.state.sales.find((unit) => unit.RefNo === reference)! });

    it('between full syncs, applies the 24-hour change list: changed, new and DELETED units only', async () => {
      // A full sync first (one is always due at 0 hours), then incremental within the day.
      useGoyzer(GOYZER_CREDENTIALS, { incremental: true, fullSyncHours: 0 });
      expect((await sync('sales')).body.data).toMatchObject({ status: 'succeeded', unchanged: 1201 });
      useGoyzer(GOYZER_CREDENTIALS, { incremental: true });
      const newcomer = { ...unitOf('LS-10005'), RefNo: 'LS-NEW-1' };
      goyzer.state.changes.sales = [{ ...unitOf('LS-10003'), SellPrice: '1234000.0000' }, newcomer, { ...unitOf('LS-10004'), Status: 'DELETED' }];
      goyzer.state.requests = [];
      const run = (await sync('sales')).body.data;
      expect(run).toMatchObject({ status: 'succeeded', fetched: 3, created: 1, updated: 1, unchanged: 0, deactivated: 1, warnings: [] });
      expect(goyzer.state.requests.map((request) => request.path)).toEqual(['GetUpdatedUnitsForSales']);
      expect(await goyzerRows('sale', { reference: 'LS-10004', status: 'inactive' })).toHaveLength(1);
      expect((await goyzerRows('sale', { reference: 'LS-10003' }))[0].price).toBe(1234000);
      expect(await goyzerRows('sale', { status: 'active' })).toHaveLength(availableSales);
    });

    it('credentials that may not call the change list: a full sync instead, and a warning that says so', async () => {
      goyzer.state.changesAllowed = false;
      goyzer.state.requests = [];
      const run = (await sync('sales')).body.data;
      expect(run.status).toBe('partial');
      expect(run.warnings).toEqual([
        'sale: Goyzer GetUpdatedUnitsForSales: HTTP 403 (these credentials may not call it; GOYZER_INCREMENTAL=false stops trying): a full sync was run instead',
      ]);
      // The full sync deactivates the newcomer the feed does not list, and restores what the change list did not.
      expect(run).toMatchObject({ fetched: 1201, deactivated: 1 });
      expect(goyzer.pagesRequested('SalesListings')).toBe(13);
    });

    it('a full sync when one is due (GOYZER_FULL_SYNC_HOURS)', async () => {
      useGoyzer(GOYZER_CREDENTIALS, { incremental: true, fullSyncHours: 0 });
      goyzer.state.requests = [];
      expect((await sync('sales')).body.data).toMatchObject({ status: 'succeeded', fetched: 1201 });
      expect(goyzer.pagesRequested('GetUpdatedUnitsForSales')).toBe(0);
      useGoyzer();
    });
  });

  it('treats an empty rental dataset as a successful call', async () => {
    goyzer.state.rentals = [];
    const run = (await sync('rentals')).body.data;
    expect(run).toMatchObject({ type: 'rentals', status: 'succeeded', fetched: 0, created: 0, deactivated: 0, error: null });
  });

  it('refuses an overlapping sync with 409 while one runs', async () => {
    goyzer.state.faults = [{ path: 'SalesListings', page: 1, delayMs: 300, times: 1 }];
    const running = sync('sales');
    await sleep(100);
    await checkedError((await http()).post('/api/extsource/sync/all').set('Authorization', `Bearer ${await apiToken('full-access')}`), 409, 'SYNC_IN_PROGRESS');
    await checkedError((await http()).post('/api/extsource/sync/sales').set('Authorization', `Bearer ${await apiToken('full-access')}`), 409, 'SYNC_IN_PROGRESS');
    expect((await sync('rentals')).status).toBe(200);
    expect((await running).body.data.status).toBe('succeeded');
  });

  it('skips records without a reference and reports them', async () => {
    goyzer.state.rentals = [{ ...units.rentals[0] }, { ...units.rentals[1], RefNo: '' }];
    const run = (await sync('rentals')).body.data;
    expect(run).toMatchObject({ status: 'partial', fetched: 2, created: 1, failed: 1 });
    expect(run.warnings).toContain('rent record (no reference) skipped: missing RefNo');
  });
});

describe('projects with the Reelly driver against a fake provider', () => {
  let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
  const data = generatedData({ projects: 230, sales: 0, rentals: 0 }).projects;
  const projects = () => strapi.plugin('extsource').service('projects');
  type Card = { id: string; state_id: string; location: string; coordinates: unknown; developer: { id: number; name: string; logo: string }; completion: { date: string }; price: unknown; badge: string; apartments: unknown[]; facilities: unknown[]; payment_plans: unknown[] };
  const fresh = async (): Promise<Card[]> => {
    projects().invalidate();
    return (await projects().collection()).projects;
  };
  /** A refresh as the hourly one runs: the collection held gone stale, and served until the refresh in the background lands. */
  const refreshed = async (): Promise<Card[]> => {
    const held = await projects().collection();
    const ttl = strapi.config.get('plugin::extsource.projectsTtlSeconds');
    strapi.config.set('plugin::extsource.projectsTtlSeconds', 0);
    try {
      await vi.waitFor(async () => expect((await projects().collection()).version).not.toBe(held.version), { timeout: 10_000, interval: 50 });
    } finally {
      strapi.config.set('plugin::extsource.projectsTtlSeconds', ttl);
    }
    return (await projects().collection()).projects;
  };

  beforeAll(async () => {
    reelly = await startFakeReelly();
    reelly.state.projects = data.projects;
    reelly.state.projectsAr = data.projects_ar;
    reelly.state.developers = data.developers;
    useConfig({ projectsDriver: 'reelly', reelly: { baseUrl: reelly.url, apiKey: REELLY_API_KEY, pageSize: 100, maxPages: 50, maxBytes: 64 * 1024 * 1024 } });
    projects().invalidate();
  });
  afterAll(async () => {
    useConfig({});
    projects().invalidate();
    await reelly.close();
  });
  afterEach(() => {
    Object.assign(reelly.state, { faults: [], shape: 'observed', ignoreCountry: false, afterProjectsPage: undefined, projects: data.projects });
  });

  it('fetches every page once for concurrent readers, with the API key, asking for the UAE only', async () => {
    reelly.state.requests = [];
    const collections = await Promise.all(Array.from({ length: 10 }, () => projects().collection()));
    expect(new Set(collections.map((collection) => collection.version)).size).toBe(1);
    expect(collections[0].projects).toHaveLength(230);
    expect(collections[0].source).toBe('provider');
    const pages = reelly.state.requests.filter((request) => request.path === '/projects');
    const inLanguage = (language: string | null) => pages.filter((request) => request.query.get('language') === language).map((request) => request.query.get('offset'));
    // The English catalogue, then the same pages once more in Arabic (the names and descriptions).
    expect(inLanguage(null)).toEqual(['0', '100', '200']);
    expect(inLanguage('ar')).toEqual(['0', '100', '200']);
    expect(pages).toHaveLength(6);
    expect(pages.every((request) => request.query.get('country') === 'United Arab Emirates' && request.query.get('preferred_currency') === 'AED')).toBe(true);
    expect(reelly.state.requests.every((request) => request.headers['x-api-key'] === REELLY_API_KEY)).toBe(true);
  });

  it('gives every project its emirate, location, coordinates, developer (with id and logo) and completion', async () => {
    const cards = await fresh();
    for (const card of cards) {
      expect(card.state_id, card.id).toMatch(/^(AZ|AJ|DU|FU|RK|SH|UQ)$/);
      expect(card.location, card.id).toMatch(/^.+, .+$/);
      expect(card.coordinates, card.id).not.toBeNull();
      expect(card.developer.id, card.id).toBeGreaterThan(100);
      expect(card.developer.logo, card.id).toMatch(/^https:/);
      expect(card.completion.date, card.id).toMatch(/^Q[1-4] \d{4}$/);
    }
  });

  it('reads the Arabic names, descriptions and places with language=ar, and the Arabic badge from the same answer', async () => {
    const [project] = (await fresh()).filter((card) => card.id === String(data.projects_ar[0].id)) as unknown as Array<{ translations?: { ar?: Record<string, string> }; badge: string }>;
    const arabic = data.projects_ar[0] as { name: string; location: { city: string; district: string } };
    expect(project.translations?.ar).toMatchObject({ name: arabic.name, city: arabic.location.city, community: arabic.location.district });
    expect(project.translations?.ar?.badge).toMatch(/[\u0600-\u06FF]/);
    expect(project.badge).not.toMatch(/[\u0600-\u06FF]/);
  });

  it('keeps the projects in English when the Arabic read fails', async () => {
    reelly.state.projectsAr = [];
    reelly.state.faults = [{ path: '/projects', status: 500, language: 'ar' }];
    try {
      const cards = await fresh();
      expect(cards).toHaveLength(230);
      expect(cards.every((card) => !(card as { translations?: { ar?: { name?: string } } }).translations?.ar?.name)).toBe(true);
    } finally {
      reelly.state.projectsAr = data.projects_ar;
    }
  });

  it('drops projects abroad even when the provider ignores the country filter, without calling them skipped', async () => {
    reelly.state.ignoreCountry = true;
    reelly.state.requests = [];
    const warnings = vi.spyOn(strapi.log, 'warn');
    let cards: Card[];
    let skipped: string[];
    try {
      cards = await fresh();
      skipped = warnings.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('skipped'));
    } finally {
      warnings.mockRestore();
    }
    expect(skipped).toEqual([]);
    expect(data.projects.length).toBeGreaterThan(230);
    expect(cards).toHaveLength(230);
    expect(cards.every((card) => Number(card.id) < 9000)).toBe(true);
    expect(reelly.state.requests.filter((request) => request.path === '/projects' && !request.query.get('language'))).toHaveLength(3);
  });

  it('reads the documented shape to the same cards', async () => {
    const observed = await fresh();
    reelly.state.shape = 'documented';
    const documented = await fresh();
    const essentials = (card: Card) => ({ id: card.id, state_id: card.state_id, location: card.location, coordinates: card.coordinates, developer: card.developer, completion: card.completion, price: card.price, badge: card.badge });
    expect(documented.map(essentials)).toEqual(observed.map(essentials));
  });

  it('reads one project from the detail endpoint, with every detail field, and null for an unknown id or a project abroad', async () => {
    const listed = (await fresh()).find((card) => card.id === '3005')!;
    expect(listed).toMatchObject({ apartments: [], facilities: [], payment_plans: [] });
    for (const shape of ['observed', 'documented'] as const) {
      reelly.state.shape = shape;
      projects().invalidate();
      await projects().project('3005');
      await projects().refreshDetail('3005');
      const { project, pending } = (await projects().project('3005'))!;
      expect(pending).toBe(false);
      expect(project).toMatchObject({ id: '3005', status: 'Off-Plan', state_id: listed.state_id });
      expect(project.apartments.length).toBeGreaterThan(0);
      expect(project.apartments.every((unit: { size_from_sqft: number | null }) => unit.size_from_sqft! > 0)).toBe(true);
      expect(project.facilities.length).toBeGreaterThan(4);
      expect(project.payment_plans[0].steps.reduce((sum: number, step: { percent: number }) => sum + step.percent, 0)).toBe(100);
      expect(project.payment_plans[0].steps.every((step: { label: string }) => step.label !== '')).toBe(true);
      expect(project.gallery.length).toBeGreaterThanOrEqual(3);
      expect(project.description).toContain('handover expected in');
      expect(project.description).not.toMatch(/[<>]/);
    }
    expect(await projects().project('999999')).toBeNull();
    expect(await projects().project('9000')).toBeNull();
  });

  it('deduplicates a catalogue that grows while it is paged, and reads it once more', async () => {
    const added = { ...data.projects[0], id: 4999, name: 'Late Launch Residences' };
    reelly.state.projects = [...data.projects];
    reelly.state.afterProjectsPage = (offset) => {
      if (offset === 0 && !reelly.state.projects.includes(added)) reelly.state.projects.unshift(added);
    };
    reelly.state.requests = [];
    const cards = await fresh();
    expect(new Set(cards.map((card) => card.id)).size).toBe(cards.length);
    expect(cards).toHaveLength(231);
    expect(cards.some((card) => card.id === '4999')).toBe(true);
    const english = reelly.state.requests.filter((request) => request.path === '/projects' && !request.query.get('language'));
    expect(english.map((request) => request.query.get('offset'))).toEqual(['0', '100', '200', '0', '100', '200']);
  });

  it('deduplicates a catalogue whose size holds while projects come and go during paging', async () => {
    const added = { ...data.projects[0], id: 4998, name: 'Another Late Launch' };
    const last = data.projects.filter((project) => Number(project.id) < 9000).at(-1)!;
    reelly.state.projects = [...data.projects];
    reelly.state.afterProjectsPage = (offset) => {
      if (offset !== 0 || reelly.state.projects.includes(added)) return;
      reelly.state.projects = [added, ...reelly.state.projects.filter((project) => project !== last)];
    };
    const cards = await fresh();
    expect(cards).toHaveLength(230);
    expect(new Set(cards.map((card) => card.id)).size).toBe(230);
    expect(cards.some((card) => card.id === '4998')).toBe(true);
    expect(cards.some((card) => card.id === String(last.id))).toBe(false);
  });

  it('drops a project removed while the catalogue is paged', async () => {
    const removed = data.projects.find((project) => project.id === 3150)!;
    reelly.state.projects = [...data.projects];
    reelly.state.afterProjectsPage = (offset) => {
      if (offset === 0) reelly.state.projects = reelly.state.projects.filter((project) => project !== removed);
    };
    const cards = await fresh();
    expect(cards).toHaveLength(229);
    expect(cards.some((card) => card.id === '3150')).toBe(false);
    expect(new Set(cards.map((card) => card.id)).size).toBe(229);
  });

  it('keeps the projects a refresh finds unchanged, and rewrites only the part of the snapshot one changed project is in', async () => {
    const store = strapi.store({ type: 'plugin', name: 'extsource' });
    const partKeys = async () => ((await store.get({ key: 'projects-snapshot:reelly' })) as { keys: string[] }).keys;
    const before = new Map((await fresh()).map((card) => [card.id, card]));
    const keysBefore = await partKeys();
    const changed = data.projects.findIndex((project) => project.id === 3150);
    reelly.state.projects = data.projects.map((project, position) => (position === changed ? { ...project, name: 'Renamed Residences' } : project));
    const after = await refreshed();

    expect(after).toHaveLength(230);
    const kept = after.filter((card) => card === before.get(card.id));
    expect(kept.map((card) => card.id)).toEqual(after.map((card) => card.id).filter((id) => id !== '3150'));
    expect(after.find((card) => card.id === '3150')).toMatchObject({ name: 'Renamed Residences' });
    // Parts of 50 projects: only the one holding project 3150 is new, and the one it replaced is gone.
    const keysAfter = await partKeys();
    expect(keysAfter).toHaveLength(5);
    const partOfChanged = Math.floor(after.findIndex((card) => card.id === '3150') / 50);
    expect(keysAfter.filter((key, part) => key !== keysBefore[part])).toEqual([keysAfter[partOfChanged]]);
    expect(await store.get({ key: keysBefore[partOfChanged] })).toBeNull();

    // What a restart reads is what is served.
    projects().invalidate();
    reelly.state.faults = [{ path: '/projects', status: 503, times: 100 }];
    const restored = await projects().collection();
    expect(restored.source).toBe('snapshot');
    expect(restored.projects).toEqual(after);
  });

  it('reads a snapshot whose parts are named by generation, as an earlier release stored it, and deletes them once replaced', async () => {
    const cards = await fresh();
    const store = strapi.store({ type: 'plugin', name: 'extsource' });
    const oldPart = (part: number) => `projects-snapshot:reelly:earlier:${part}`;
    await store.set({ key: oldPart(0), value: cards.slice(0, 200) });
    await store.set({ key: oldPart(1), value: cards.slice(200) });
    await store.set({ key: 'projects-snapshot:reelly', value: { fetchedAt: new Date().toISOString(), generation: 'earlier', parts: 2 } });
    projects().invalidate();
    reelly.state.faults = [{ path: '/projects', status: 503, times: 100 }];
    const restored = await projects().collection();
    expect(restored.source).toBe('snapshot');
    expect(restored.projects).toEqual(cards);

    reelly.state.faults = [];
    await fresh();
    expect(await store.get({ key: oldPart(0) })).toBeNull();
    expect(await store.get({ key: oldPart(1) })).toBeNull();
  });

  it('keeps serving the last good collection while the provider is down, also after a restart', async () => {
    await fresh();
    projects().invalidate();
    reelly.state.faults = [{ path: '/projects', status: 503, times: 100 }];
    const collection = await projects().collection();
    expect(collection.source).toBe('snapshot');
    expect(collection.projects).toHaveLength(230);
  });

  it('stops a catalogue read at REELLY_MAX_BYTES, and keeps serving the last good collection', async () => {
    await fresh();
    const settings = strapi.config.get('plugin::extsource.reelly') as Record<string, unknown>;
    strapi.config.set('plugin::extsource.reelly', { ...settings, maxBytes: 20_000 });
    reelly.state.requests = [];
    try {
      projects().invalidate();
      const collection = await projects().collection();
      expect(collection).toMatchObject({ source: 'snapshot', projects: expect.arrayContaining([expect.objectContaining({ id: '3000' })]) });
      // The first page (some 100 KB) was cut at the cap and not asked again.
      expect(reelly.state.requests.filter((request) => request.path === '/projects')).toHaveLength(1);
    } finally {
      strapi.config.set('plugin::extsource.reelly', settings);
    }
  });

  it('keeps serving the last good collection when the provider answers malformed JSON', async () => {
    projects().invalidate();
    reelly.state.faults = [{ path: '/projects', malformed: true, times: 100 }];
    const collection = await projects().collection();
    expect(collection.projects).toHaveLength(230);
  });

  it('reads the paged developer list whole, once, then from its cache', async () => {
    projects().invalidate();
    reelly.state.requests = [];
    const first = await projects().developers();
    const second = await projects().developers();
    expect(first).toHaveLength(data.developers.length);
    expect(first[0]).toEqual({ id: 101, name: 'Emaar Properties', slug: 'emaar-properties', logo: expect.stringMatching(/^https:\/\/media\.provider\.test\/images\/demo\/logo-\d\.svg$/) });
    expect(second).toBe(first);
    // 18 developers at 10 a page.
    expect(reelly.state.requests.filter((request) => request.path === '/developers').map((request) => request.query.get('offset'))).toEqual(['0', '10']);
  });

  it('names a developer given by id from the second page of the developer list', async () => {
    const source = data.projects.find((project) => project.id === 3033)!;
    expect(source.developer).toBe(116);
    const card = (await fresh()).find((entry) => entry.id === '3033')!;
    const logo = (data.developers.find((developer) => developer.id === 116)!.logo as { url: string }).url;
    expect(logo).toMatch(/^https:\/\/media\.provider\.test\/images\/demo\/logo-\d\.svg$/);
    expect(card.developer).toEqual({ id: 116, name: 'Azizi Developments', slug: 'azizi-developments', logo });
  });

  it('reports the projects feed in the connection test', async () => {
    reelly.state.faults = [{ path: '/projects', status: 500, times: 100 }];
    const test = (await call('get', '/test', 'read-only')).body.data;
    expect(test.projects).toMatchObject({ ok: false, driver: 'reelly', message: 'Reelly projects offset 0: HTTP 500' });
    expect(test.listings.ok).toBe(true);
  });
});
