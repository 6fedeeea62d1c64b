import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { apiToken, generatedData, getStrapi, http } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { GOYZER_CREDENTIALS, REELLY_API_KEY, startFakeGoyzer, startFakeReelly } from '../../scripts/fakes/providers';

const PROPERTY = 'plugin::extsource.property';
const RUN = 'plugin::extsource.sync-run';
const FAST_RETRIES = { timeoutMs: 400, retries: 2, backoffMs: 5, maxDelayMs: 3000 };

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

function useConfig(patch: Record<string, unknown>) {
  strapi.config.set('plugin::extsource', { ...structuredClone(originalConfig as object), http: FAST_RETRIES, ...patch });
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
    expect(empty.body.data).toEqual({ total: 0, active: 0, inactive: 0, sales: 0, rentals: 0, runs: 0, last_sync_at: null, last_success_at: null, last_run: null });
    expect((await call('get', '/properties', 'read-only')).body).toEqual({
      success: true, status_code: 200, data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 },
    });

    const run = (await sync('all')).body.data;
    expect(run).toMatchObject({ type: 'all', status: 'succeeded', provider: 'sample', fetched: 230, created: 230, updated: 0, unchanged: 0, deactivated: 0, failed: 0, error: null });
    const stats = (await call('get', '/stats', 'read-only')).body.data;
    expect(stats).toMatchObject({ total: 230, active: 230, inactive: 0, sales: 160, rentals: 70, runs: 1, last_success_at: run.finished_at });
    expect(stats.last_run.run_id).toBe(run.run_id);
  });

  it('is idempotent: a second identical sync creates and rewrites nothing', async () => {
    const before = await strapi.db.query(PROPERTY).findMany({ select: ['id', 'updatedAt'], where: { provider: 'sample' } });
    const run = (await sync('all')).body.data;
    expect(run).toMatchObject({ status: 'succeeded', fetched: 230, created: 0, updated: 0, unchanged: 230, deactivated: 0 });
    const after = await strapi.db.query(PROPERTY).findMany({ select: ['id', 'updatedAt'], where: { provider: 'sample' } });
    expect(after).toEqual(before);
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

  it('refuses bad property queries with 422', async () => {
    const res = await call('get', '/properties?page=0&per_page=500&type=lease&status=gone', 'read-only');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['page', 'per_page', 'status', 'type']);
  });
});

describe('with the Goyzer driver against a fake provider', () => {
  let goyzer: Awaited<ReturnType<typeof startFakeGoyzer>>;
  const units = generatedData({ projects: 0, sales: 1201, rentals: 40 }).listings;

  beforeAll(async () => {
    goyzer = await startFakeGoyzer({ pageSize: 100 });
  });
  afterAll(() => goyzer.close());
  afterEach(() => {
    goyzer.state.faults = [];
  });

  function useGoyzer(credentials = GOYZER_CREDENTIALS) {
    useConfig({ listingsDriver: 'goyzer', goyzer: { baseUrl: goyzer.url, ...credentials, maxPages: 100 } });
  }

  it('syncs every page, with the credentials, including a last page of one record', async () => {
    useGoyzer();
    goyzer.state.sales = units.sales.map((unit) => ({ ...unit }));
    goyzer.state.requests = [];
    const run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ status: 'succeeded', provider: 'goyzer', fetched: 1201, created: 1201, updated: 0, deactivated: 0, failed: 0 });
    // 13 pages of data (the 13th holds one unit, sent as a single element) and the empty page that ends it.
    expect(goyzer.pagesRequested('SalesListings')).toBe(14);
    expect(goyzer.state.requests.every((request) => request.query.get('AccessCode') === GOYZER_CREDENTIALS.accessCode)).toBe(true);
    expect(await goyzerRows('sale', { status: 'active' })).toHaveLength(1201);
  });

  it('stores mapped values: canonical emirates, coordinates in either order, image lists', async () => {
    const rows = await goyzerRows('sale');
    const swapped = rows.find((row: { reference: string }) => row.reference === 'LS-10017');
    expect(swapped.latitude).toBeGreaterThan(22);
    expect(swapped.latitude).toBeLessThan(26.5);
    expect(swapped.longitude).toBeGreaterThan(51);
    expect(rows.every((row: { state_id: string }) => ['AZ', 'AJ', 'DU', 'FU', 'RK', 'SH', 'UQ'].includes(row.state_id))).toBe(true);
    expect(rows.every((row: { images: unknown }) => Array.isArray(row.images) && (row.images as string[]).length >= 1)).toBe(true);
  });

  it('rewrites only what changed, deactivates what disappeared, and reactivates what came back', async () => {
    goyzer.state.sales[0].SellPrice = '999000';
    goyzer.state.sales[1].Remarks = 'Price reduced';
    const removed = goyzer.state.sales.splice(2, 10);
    let run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ status: 'succeeded', fetched: 1191, created: 0, updated: 2, unchanged: 1189, deactivated: 10 });
    expect(await goyzerRows('sale', { status: 'inactive' })).toHaveLength(10);

    goyzer.state.sales.push(...removed);
    run = (await sync('sales')).body.data;
    expect(run).toMatchObject({ created: 0, updated: 10, unchanged: 1191, deactivated: 0 });
    expect(await goyzerRows('sale', { status: 'inactive' })).toHaveLength(0);
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
    goyzer.state.faults = [{ path: 'SalesListings', page: 3, delayMs: 1000, times: 10 }];
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
      expect(run.warnings.join(' ')).toMatch(/returned 120 listings where 1201 are active: nothing was deactivated/);
      expect(await goyzerRows('sale', { status: 'active' })).toHaveLength(1201);
    } finally {
      goyzer.state.sales = full;
    }
  });

  it('treats an empty rental dataset as a successful call', async () => {
    goyzer.state.rentals = [];
    const run = (await sync('rentals')).body.data;
    expect(run).toMatchObject({ type: 'rentals', status: 'succeeded', fetched: 0, created: 0, deactivated: 0, error: null });
  });

  it('refuses an overlapping sync with 409 while one runs', async () => {
    goyzer.state.faults = [{ path: 'SalesListings', page: 1, delayMs: 300, times: 1 }];
    const running = sync('sales');
    await new Promise((resolve) => setTimeout(resolve, 100));
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

  beforeAll(async () => {
    reelly = await startFakeReelly();
    reelly.state.projects = data.projects;
    reelly.state.developers = data.developers;
    useConfig({ projectsDriver: 'reelly', reelly: { baseUrl: reelly.url, apiKey: REELLY_API_KEY, pageSize: 100, maxPages: 50 } });
    projects().invalidate();
  });
  afterAll(async () => {
    useConfig({});
    projects().invalidate();
    await reelly.close();
  });
  afterEach(() => {
    reelly.state.faults = [];
  });

  it('fetches every page once for concurrent readers, with the API key', async () => {
    reelly.state.requests = [];
    const collections = await Promise.all(Array.from({ length: 10 }, () => projects().collection()));
    expect(new Set(collections.map((collection) => collection.version)).size).toBe(1);
    expect(collections[0].projects).toHaveLength(230);
    expect(collections[0].source).toBe('provider');
    expect(reelly.state.requests.filter((request) => request.path === '/projects').map((request) => request.query.get('offset'))).toEqual(['0', '100', '200']);
    expect(reelly.state.requests.every((request) => request.headers['x-api-key'] === REELLY_API_KEY)).toBe(true);
  });

  it('reads one project from the detail endpoint, and null for an unknown id', async () => {
    const project = await projects().project('3005');
    expect(project).toMatchObject({ id: '3005', status: 'Off-Plan' });
    expect(project.apartments.length).toBeGreaterThan(0);
    expect(await projects().project('999999')).toBeNull();
  });

  it('keeps serving the last good collection while the provider is down, also after a restart', async () => {
    projects().invalidate();
    reelly.state.faults = [{ path: '/projects', status: 503, times: 100 }];
    const collection = await projects().collection();
    expect(collection.source).toBe('snapshot');
    expect(collection.projects).toHaveLength(230);
  });

  it('keeps serving the last good collection when the provider answers malformed JSON', async () => {
    projects().invalidate();
    reelly.state.faults = [{ path: '/projects', malformed: true, times: 100 }];
    const collection = await projects().collection();
    expect(collection.projects).toHaveLength(230);
  });

  it('reads developers from the developer feed once, then from its cache', async () => {
    reelly.state.requests = [];
    const first = await projects().developers();
    const second = await projects().developers();
    expect(first).toHaveLength(data.developers.length);
    expect(first[0]).toEqual({ id: 101, name: 'Emaar Properties', slug: 'emaar-properties', logo: expect.stringMatching(/^https:\/\/media\.provider\.test\/images\/demo\/logo-\d\.svg$/) });
    expect(second).toBe(first);
    expect(reelly.state.requests.filter((request) => request.path === '/developers')).toHaveLength(1);
  });

  it('reports the projects feed in the connection test', async () => {
    reelly.state.faults = [{ path: '/projects', status: 500, times: 100 }];
    const test = (await call('get', '/test', 'read-only')).body.data;
    expect(test.projects).toMatchObject({ ok: false, driver: 'reelly', message: 'Reelly projects offset 0: HTTP 500' });
    expect(test.listings.ok).toBe(true);
  });
});
