/**
 * Issue 67's acceptance (decision 220): a third catalogue, commercial units, added by its descriptor module
 * alone (tests/fixtures/catalogues/commercial-units.js, named by CATALOGUE_MODULES) in an app of its own,
 * answers its list with a filter and its counts, its filters, its map, one unit with its similar units, its
 * slugs (a former one moved), a page's live section and a buyer's saved search matched as the alerts match
 * it. The counts, orders and similar units asserted are what the engine's build and search make of the
 * descriptor's facets, sorts, partitions and similar tiers: bypass the engine and they differ.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnvironment, sqliteFile, startAppProcess, TEST_SECRETS, type AppProcess } from '../helpers/app-process';
import { eventually } from '../helpers/eventually';
import { fastLaneAnswersAt } from '../helpers/lane-count';
import { validateSitemap } from '../helpers/sitemap-schemas';

const FIXTURE = path.resolve(__dirname, '../fixtures/catalogues/commercial-units.js');
const FEED = path.resolve(__dirname, '../fixtures/catalogues/commercial-units.json');

const METRICS_TOKEN = 'third-catalogue-metrics-token-0123';

let app: AppProcess;
let database: ReturnType<typeof sqliteFile>;
let feedCopy: string;

const get = async (pathAndQuery: string) => {
  const response = await fetch(`http://127.0.0.1:${app.port}/api${pathAndQuery}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
};

beforeAll(async () => {
  database = sqliteFile();
  feedCopy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'commercial-feed-')), 'units.json');
  fs.copyFileSync(FEED, feedCopy);
  app = await startAppProcess({
    ...baseEnvironment(),
    ...TEST_SECRETS,
    ...database.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://cms.test.local',
    SEED_DEMO: 'false',
    METRICS_ENABLED: 'true',
    METRICS_TOKEN,
    // Alerts on, matching each catalogue's new build within a fifth of a second.
    ALERTS_UNSUBSCRIBE_SECRET: 'third-catalogue-alerts-secret',
    ALERTS_POLL_MS: '200',
    CATALOGUE_MODULES: FIXTURE,
    COMMERCIAL_UNITS_FEED: feedCopy,
  });
}, 180_000);

afterAll(async () => {
  await app?.stop();
  database?.remove();
  if (feedCopy) fs.rmSync(path.dirname(feedCopy), { recursive: true, force: true });
});

const card = (id: number, key: string, slug: string) => expect.objectContaining({ id, key, slug });

describe('a third catalogue from its descriptor alone', () => {
  it('lists a filtered page with its counts, in the sort asked, under its own surrogate key', async () => {
    const { status, headers, body } = await get('/v1/commercial?use=office&state_id=DU&sort=price_asc');
    expect(status).toBe(200);
    expect(headers.get('surrogate-key')).toBe('commercial');
    const { items, facets, counts_by_state, pagination } = body.data;
    // The offices of Dubai, cheapest first: the engine's price order within the state's and the option's sets.
    expect(items.map((item: { key: string }) => item.key)).toEqual(['CU-003', 'CU-001', 'CU-002', 'CU-004']);
    expect(items[1]).toEqual(card(1, 'CU-001', 'office-1204-bay-square'));
    expect(pagination).toEqual({ page: 1, per_page: 12, total: 4, pages: 1 });
    // `use` counted disjunctively (the other uses of Dubai), `fitted` (combine: all) over the match itself.
    expect(facets).toEqual({
      use: [{ value: 'office', count: 4 }, { value: 'retail', count: 2 }, { value: 'warehouse', count: 2 }],
      fitted: [{ value: 'furnished', count: 2 }, { value: 'parking', count: 3 }],
    });
    expect(counts_by_state).toEqual([
      { state_id: 'DU', state_name: 'Dubai', count: 4 },
      { state_id: 'AZ', state_name: 'Abu Dhabi', count: 1 },
      { state_id: 'SH', state_name: 'Sharjah', count: 1 },
    ]);
    // Every option of an `all` facet: intersected, not united.
    const both = (await get('/v1/commercial?use=office&fitted=furnished,parking')).body.data;
    expect(both.items.map((item: { key: string }) => item.key)).toEqual(['CU-004', 'CU-001']);
    // Asked again, answered from memory by the fast lane (its lookup registered by the catalogue service).
    const before = await fastLaneAnswersAt(app.port, METRICS_TOKEN);
    expect((await get('/v1/commercial?use=office&state_id=DU&sort=price_asc')).body.data.pagination.total).toBe(4);
    expect(await fastLaneAnswersAt(app.port, METRICS_TOKEN)).toBe(before + 1);
    const refused = await get('/v1/commercial?use=villa&beds=2');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ beds: ['beds is not a filter of this catalogue.'], use: ['use must be among: office, retail, warehouse.'] });
  });

  it('answers its filters and its map', async () => {
    expect((await get('/v1/commercial/filters')).body.data).toEqual({
      total: 12,
      facets: {
        use: [{ value: 'office', count: 6 }, { value: 'retail', count: 3 }, { value: 'warehouse', count: 3 }],
        fitted: [{ value: 'furnished', count: 4 }, { value: 'parking', count: 6 }],
      },
      ranges: { price: { min: 900000, max: 6800000 } },
      sorts: ['newest', 'price_asc', 'size_desc'],
    });
    const map = (await get('/v1/commercial/map?use=office&bbox=54.9,24.9,55.6,25.4&zoom=9')).body.data;
    // Dubai's four offices in one cluster at this zoom, with their price range.
    expect(map.total).toBe(4);
    expect(map.features).toHaveLength(1);
    expect(map.features[0].properties).toMatchObject({ cluster: true, point_count: 4, price_range: { min: 1200000, max: 3900000, currency: 'AED' } });
    const close = (await get('/v1/commercial/map?use=office&bbox=55.26,25.18,55.29,25.195&zoom=16')).body.data;
    expect(close.features.map((feature: { properties: { slug: string } }) => feature.properties.slug).sort()).toEqual(['office-1204-bay-square', 'office-2201-prism-tower', 'office-903-churchill-tower']);
  });

  it('answers one unit by its slug or key with its similar units, and a former slug moved', async () => {
    const { status, headers, body } = await get('/v1/commercial/office-1204-bay-square');
    expect(status).toBe(200);
    expect(headers.get('surrogate-key')).toBe('commercial-items commercial-CU-001 commercial-CU-003 commercial-CU-002 commercial-CU-004');
    expect(body.data).toMatchObject({ key: 'CU-001', canonical_url: 'https://site.test/commercial/office-1204-bay-square' });
    // The similar tiers: its community's offices nearest first, then the nearest office outside it.
    expect(body.data.similar.map((unit: { key: string }) => unit.key)).toEqual(['CU-003', 'CU-002', 'CU-004']);
    expect((await get('/v1/commercial/CU-001')).body.data.slug).toBe('office-1204-bay-square');
    expect((await get('/v1/commercial/no-such-unit')).status).toBe(404);

    const units = JSON.parse(fs.readFileSync(feedCopy, 'utf8')) as Array<{ ref: string; name: string }>;
    units.find((unit) => unit.ref === 'CU-001')!.name = 'Office 1205, Bay Square';
    fs.writeFileSync(feedCopy, JSON.stringify(units));
    await app.request({ invalidateTag: 'commercial-units' }, 'invalidated');
    await eventually(async () => expect((await get('/v1/commercial/office-1205-bay-square')).status).toBe(200), { timeoutMs: 20_000, intervalMs: 100 });
    const moved = await get('/v1/commercial/office-1204-bay-square?x=1');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/api/v1/commercial/office-1205-bay-square?x=1');
  });

  it('lists its units in a sitemap part of its own, by their current slugs', async () => {
    const text = async (pathname: string) => (await fetch(`http://127.0.0.1:${app.port}${pathname}`)).text();
    const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const parts = locsOf(await text('/api/v1/sitemap.xml')).filter((loc) => loc.includes('/sitemaps/commercial-'));
    expect(parts).toEqual(['http://cms.test.local/api/v1/sitemaps/commercial-1.xml']);
    const part = await text('/api/v1/sitemaps/commercial-1.xml');
    await validateSitemap(part, 'sitemap-hreflang.xsd');
    const units = locsOf(part);
    // Each of the twelve in each language, each by the slug its own answer has now.
    expect(units).toHaveLength(24);
    const { slug } = (await get('/v1/commercial/CU-001')).body.data;
    expect(units).toEqual(expect.arrayContaining([`https://site.test/commercial/${slug}`, 'https://site.test/ar/commercial/office-2201-prism-tower']));
    expect(units.filter((url) => url.includes('/office-120'))).toEqual([`https://site.test/commercial/${slug}`, `https://site.test/ar/commercial/${slug}`]);
  });

  it("shows in a composed page's live section, by a spelling of its own", async () => {
    const section = { __component: 'sections.figures', catalogue: 'offices', query: 'max_price=2000000' };
    const created = await app.request<{ documentId?: string; error?: string }>(
      { createDocument: { uid: 'api::pages.page', status: 'published', data: { kind: 'landing', title: 'Offices', slug: 'commercial-offices', sections: [section] } } },
      'created'
    );
    expect(created.error).toBeUndefined();
    const [figures] = (await get('/v1/pages/commercial-offices')).body.data.sections;
    // The offices at 2M or less (CU-001, 003, 009, 012), as the engine's live result figures them.
    expect(figures).toMatchObject({ type: 'figures', catalogue: 'offices', query: 'max_price=2000000&use=office' });
    expect(figures.figures).toMatchObject({ count: 4, price_from: { amount: 900000 }, price_to: { amount: 1850000 }, median_price_per_sqft: { amount: 1274 } });
  });

  it("accepts a buyer's saved search of it and matches it as the alerts do", async () => {
    const saved = await app.request<{ read: any; keyPrefix: string; matching: string[] | null }>({ savedSearch: { name: 'Cheap offices', catalogue: 'commercial', query: 'use=office&max_price=2000000' } }, 'saved');
    expect(saved.read).toEqual({ ok: true, fields: { name: 'Cheap offices', catalogue: 'commercial', query: 'use=office&max_price=2000000', frequency: 'daily' } });
    expect(saved.keyPrefix).toBe('commercial:');
    expect(saved.matching).toEqual(['CU-001', 'CU-003', 'CU-009', 'CU-012']);
    // A favourite of one of its units has a column of its own, made from its entry at register.
    expect(await app.request({ countRows: { uid: 'api::account.favorite', where: { commercial_key: 'CU-001' } } }, 'counted')).toBe(0);
    const refused = await app.request<{ read: any }>({ savedSearch: { name: 'x', catalogue: 'commercial', query: 'beds=2' } }, 'saved');
    expect(refused.read.ok).toBe(false);
  });

  it("sends a buyer's saved search of it an alert when a unit it selects comes", async () => {
    const buyer = await app.request<{ id: number; auth: string }>({ addBuyer: { email: `commercial-${Date.now()}@example.com` } }, 'buyer');
    const response = await fetch(`http://127.0.0.1:${app.port}/api/v1/me/saved-searches`, {
      method: 'POST',
      headers: { Authorization: buyer.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bay offices', catalogue: 'commercial', query: 'location=business bay&use=office' }),
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { data: unknown }).data).toMatchObject({ catalogue: 'commercial', query: 'use=office&location=business+bay' });
    const rows = (table: string, where: Record<string, unknown> = {}) => app.request<Array<Record<string, unknown>>>({ rows: { table, where } }, 'rows');
    // A first match only remembers the units, in the catalogue's own seen table.
    await eventually(async () => expect(await rows('app_alert_seen_commercial')).toHaveLength(12), { timeoutMs: 20_000, intervalMs: 100 });

    const units = JSON.parse(fs.readFileSync(feedCopy, 'utf8')) as Array<Record<string, unknown>>;
    const added = { id: 13, ref: 'CU-013', name: 'Office 3107, Bay Gate', use: 'office', emirate: 'DU', community: 'Business Bay', price: 1500000, size: 1100, lat: 25.1870, lng: 55.2750, fitted: [] };
    const elsewhere = { ...added, id: 14, ref: 'CU-014', name: 'Office 40, Marina Plaza', community: 'Dubai Marina', lat: 25.08, lng: 55.14 };
    fs.writeFileSync(feedCopy, JSON.stringify([...units, added, elsewhere]));
    await app.request({ invalidateTag: 'commercial-units' }, 'invalidated');
    // The new Business Bay office is told to the search; the Marina one is not its.
    const told = await eventually(async () => {
      const found = await rows('app_alerts', { buyer_id: buyer.id });
      expect(found).toHaveLength(1);
      return found[0];
    }, { timeoutMs: 20_000, intervalMs: 100 });
    expect(told).toMatchObject({ project_id: 'commercial:CU-013', subject_name: 'Bay offices', price: 1500000 });

    // Favourites: its routes are made from its entry (`/me/favorites/commercial/:key`), its own column kept.
    const favourite = (key: string, method = 'PUT') => fetch(`http://127.0.0.1:${app.port}/api/v1/me/favorites/commercial/${key}`, { method, headers: { Authorization: buyer.auth } });
    expect((await favourite('CU-001')).status).toBe(200);
    expect(await app.request({ countRows: { uid: 'api::account.favorite', where: { commercial_key: 'CU-001' } } }, 'counted')).toBe(1);
    const unknown = await favourite('CU-999');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, status_code: 404, message: 'No commercial unit is named CU-999.', error_code: 'NOT_FOUND' });
    expect((await favourite('CU-001', 'DELETE')).status).toBe(200);
    expect(JSON.parse(String(told.project_names))).toEqual({ en: 'Office 3107, Bay Gate', ar: 'Office 3107, Bay Gate' });
  });
});
