/**
 * Project details read ahead of visitors and held in the database (decisions 66-68), against the fake
 * Reelly: the first visitor after a collection gets the full page; an instance that lost its memory
 * answers from the store with the provider down; a card-only answer says so and is kept short at the
 * edge; the read-ahead keeps to its rate and concurrency; an unchanged re-read writes nothing; the
 * details are read in a thread behind the visitors' (decision 186), whose requests the metrics count.
 */
import { readdirSync } from 'fs';
import { getPriority } from 'os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { apiToken, appModule, generatedData, getStrapi, http, METRICS_TOKEN } from '../helpers/app';
import { checked } from '../helpers/contract';
import { reellyConfig } from '../helpers/reelly-config';
import { startFakeReelly } from '../../scripts/fakes/providers';

const DETAIL = 'plugin::extsource.project-detail';
const PROJECTS = 10;

let strapi: Core.Strapi;
let original: unknown;
let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
const data = generatedData({ projects: PROJECTS, sales: 0, rentals: 0 }).projects;
// The generator adds a project abroad, which the service never lists.
const ids = data.projects.filter((project) => (project.location as { country?: string }).country === 'United Arab Emirates').map((project) => String(project.id));
const projects = () => strapi.plugin('extsource').service('projects');
const appCache = () => appModule<{ cache: { clear(): void } }>('src/lib/cache/index').cache;

/** English reads of a project's detail at the fake (each read also asks for the Arabic one). */
const detailReads = (id?: string) =>
  reelly.state.requests.filter((request) => (id ? request.path === `/projects/${id}` : request.path.startsWith('/projects/')) && !request.query.get('language')).length;

function useConfig(patch: Record<string, unknown> = {}) {
  strapi.config.set('plugin::extsource', reellyConfig(original, reelly.url, patch));
}

/** A new collection, as after a refresh, and the read-ahead it starts, to its end. */
async function refreshAndReadAhead(): Promise<void> {
  projects().invalidate();
  await projects().collection();
  await projects().readAheadSettled();
}

const get = async (id: string) => checked((await http()).get(`/api/v1/off-plan/projects/${id}`));

/** The requests for a detail (either language, any outcome) the metrics counted. */
async function countedDetailRequests(): Promise<number> {
  const { text } = await (await http()).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  const counted = text.split('\n').filter((line: string) => line.startsWith('extsource_provider_requests_total{') && line.includes('provider="reelly"') && line.includes('endpoint="/projects/{id}"'));
  return counted.reduce((sum: number, line: string) => sum + Number(line.split(' ').pop()), 0);
}

/** This process's threads at the lowest priority (a thread that ends meanwhile is not counted). */
function threadsBehindVisitors(): number {
  return readdirSync('/proc/self/task').filter((id) => {
    try {
      return getPriority(Number(id)) === 19;
    } catch {
      return false;
    }
  }).length;
}

beforeAll(async () => {
  strapi = await getStrapi();
  original = structuredClone(strapi.config.get('plugin::extsource'));
  reelly = await startFakeReelly();
  Object.assign(reelly.state, { projects: data.projects, projectsAr: data.projects_ar, developers: data.developers });
  useConfig();
  // A read-ahead another file started (at 4 details a second) would keep this file's from starting.
  await projects().readAheadSettled();
  await strapi.db.query(DETAIL).deleteMany({ where: {} });
  await strapi.store({ type: 'plugin', name: 'extsource' }).delete({ key: 'details-sweep:reelly' });
});
afterAll(async () => {
  strapi.config.set('plugin::extsource', original);
  projects().invalidate();
  // Other files play the same generated projects: none may find these details held.
  await strapi.db.query(DETAIL).deleteMany({ where: {} });
  await reelly.close();
});
afterEach(() => {
  Object.assign(reelly.state, { faults: [], detailDelayMs: 0 });
  useConfig();
});

describe('the read-ahead of project details', () => {
  it('reads every listed detail after a collection refresh: the first visitor gets the full page', async () => {
    reelly.state.requests = [];
    await refreshAndReadAhead();
    for (const id of ids) expect(detailReads(id), `project ${id}`).toBe(1);
    const before = detailReads();
    for (const id of ids) {
      const { body, headers } = await get(id);
      expect(body.data.detail_status).toBeUndefined();
      expect(body.data.apartments.length).toBeGreaterThan(0);
      expect(body.data.facilities.length).toBeGreaterThan(0);
      expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
      // Its own key, then those of the projects it shows as similar (decision 127).
      const keys = [`project-${id}`, ...body.data.similar.map((card: { id: string }) => `project-${card.id}`)];
      expect(headers['surrogate-key']).toBe(['projects', ...keys].join(' '));
      expect(headers['cache-tag']).toBe(['projects', ...keys].join(','));
    }
    expect(detailReads()).toBe(before);
    expect(await strapi.db.query(DETAIL).count({ where: { driver: 'reelly' } })).toBe(PROJECTS);
  });

  it("gives its rows document ids of Strapi's shape from one batch of random bytes, not cuid2's hash each (decision 235)", async () => {
    const rows = (await strapi.db.query(DETAIL).findMany({ select: ['documentId'], where: { driver: 'reelly' } })) as Array<{ documentId: string }>;
    expect(rows.length).toBe(PROJECTS);
    // cuid2 spells in base 36: among this many ids, some would hold a 0, 1, 8 or 9.
    for (const { documentId } of rows) expect(documentId).toMatch(/^[a-z][a-z2-7]{23}$/);
    expect(new Set(rows.map((row) => row.documentId)).size).toBe(rows.length);
  });

  it('shows its progress in the stats: every due detail read and stored', async () => {
    const res = await checked((await http()).get('/api/extsource/stats').set('Authorization', `Bearer ${await apiToken('read-only')}`));
    expect(res.body.data.project_details).toMatchObject({ state: 'done', listed: PROJECTS, due: PROJECTS, read: PROJECTS, changed: PROJECTS, failed: 0, rate: 1000, concurrency: 3 });
  });

  it('an instance that lost its memory answers the full detail from the store, with the provider down', async () => {
    appCache().clear();
    reelly.state.faults = [{ status: 503 }];
    reelly.state.requests = [];
    for (const id of ids.slice(0, 3)) {
      const { body } = await get(id);
      expect(body.data.detail_status).toBeUndefined();
      expect(body.data.payment_plans.length).toBeGreaterThan(0);
    }
    expect(detailReads()).toBe(0);
  });

  it('a re-read of unchanged details writes nothing', async () => {
    await strapi.store({ type: 'plugin', name: 'extsource' }).delete({ key: 'details-sweep:reelly' });
    const rows = () => strapi.db.query(DETAIL).findMany({ select: ['project_id', 'updatedAt', 'fingerprint'], orderBy: { id: 'asc' } });
    const before = await rows();
    reelly.state.requests = [];
    await refreshAndReadAhead();
    expect(detailReads()).toBe(PROJECTS);
    expect(await projects().readAheadProgress()).toMatchObject({ state: 'done', due: PROJECTS, read: PROJECTS, changed: 0, unchanged: PROJECTS });
    expect(await rows()).toEqual(before);
  });

  it.runIf(process.platform === 'linux')('reads them in a thread behind the visitors, each request counted in the metrics', async () => {
    await strapi.store({ type: 'plugin', name: 'extsource' }).delete({ key: 'details-sweep:reelly' });
    const before = await countedDetailRequests();
    await refreshAndReadAhead();
    // English and Arabic for each project, told by the thread to the visitors' thread's metrics.
    expect(await countedDetailRequests()).toBe(before + 2 * PROJECTS);
    expect(threadsBehindVisitors()).toBeGreaterThan(0);
  });

  it('once a sweep is done, a refresh reads only details never read', async () => {
    const added = { ...data.projects[0], id: 4990, name: 'Newly Listed Tower' };
    reelly.state.projects = [...data.projects, added];
    reelly.state.requests = [];
    try {
      await refreshAndReadAhead();
      expect(detailReads()).toBe(1);
      expect(detailReads('4990')).toBe(1);
    } finally {
      reelly.state.projects = data.projects;
      await strapi.db.query(DETAIL).deleteMany({ where: { project_id: '4990' } });
    }
  });

  it('keeps to its request rate', async () => {
    await strapi.db.query(DETAIL).deleteMany({ where: {} });
    // 20 requests a second, two per detail (English and Arabic): a detail started every 100 ms at most.
    useConfig({ detailRate: 20, detailConcurrency: 4 });
    reelly.state.requests = [];
    const started = Date.now();
    await refreshAndReadAhead();
    expect(detailReads()).toBe(ids.length);
    expect(Date.now() - started).toBeGreaterThanOrEqual((ids.length - 1) * 100);
  });

  it('keeps to its concurrency: reads at once, each asking for English and Arabic side by side', async () => {
    await strapi.db.query(DETAIL).deleteMany({ where: {} });
    useConfig({ detailConcurrency: 2 });
    Object.assign(reelly.state, { detailDelayMs: 150, maxDetailsInFlight: 0, requests: [] });
    await refreshAndReadAhead();
    expect(detailReads()).toBe(ids.length);
    expect(reelly.state.maxDetailsInFlight).toBeLessThanOrEqual(4);
    expect(reelly.state.maxDetailsInFlight).toBeGreaterThanOrEqual(3);
  });
});

describe('a detail read whose Arabic half fails', () => {
  it('keeps the Arabic held before: nothing is written, the Arabic page unchanged', async () => {
    const id = ids[6];
    await projects().refreshDetail(id);
    const arabicName = (await checked((await http()).get(`/api/v1/off-plan/projects/${id}?locale=ar`))).body.data.name;
    expect(arabicName).toMatch(/[\u0600-\u06FF]/);
    const row = () => strapi.db.query(DETAIL).findOne({ select: ['updatedAt', 'fingerprint'], where: { driver: 'reelly', project_id: id } });
    const before = await row();
    reelly.state.faults = [{ path: `/projects/${id}`, language: 'ar', status: 500 }];
    await projects().refreshDetail(id);
    expect(await row()).toEqual(before);
    expect((await checked((await http()).get(`/api/v1/off-plan/projects/${id}?locale=ar`))).body.data.name).toBe(arabicName);
  });
});

describe("a visitor's ask with the read-ahead off", () => {
  it('reads a held detail again once it is older than detailTtlSeconds, a failed one after projectRetrySeconds', async () => {
    const id = ids[5];
    useConfig({ detailRate: 0, detailTtlSeconds: 3600, projectRetrySeconds: 0 });
    await projects().refreshDetail(id);
    const held = detailReads(id);
    await get(id);
    await projects().readAheadSettled();
    expect(detailReads(id)).toBe(held);

    useConfig({ detailRate: 0, detailTtlSeconds: 0, projectRetrySeconds: 3600 });
    await get(id);
    await projects().readAheadSettled();
    expect(detailReads(id)).toBe(held + 1);

    reelly.state.faults = [{ path: `/projects/${id}`, status: 500 }];
    await projects().refreshDetail(id);
    const failed = detailReads(id);
    await get(id);
    await projects().readAheadSettled();
    expect(detailReads(id)).toBe(failed);
  });
});

describe('a card-only answer', () => {
  it('is marked pending, with the short edge lifetime, on both paths, until the detail arrives', async () => {
    const id = ids[4];
    await strapi.db.query(DETAIL).deleteMany({ where: { project_id: id } });
    useConfig({ projectRetrySeconds: 0 });
    reelly.state.faults = [{ path: `/projects/${id}`, status: 500 }];
    await refreshAndReadAhead();
    const full = await get(id);
    const fast = await get(id);
    for (const { body, headers } of [full, fast]) {
      expect(body.data).toMatchObject({ id, detail_status: 'pending', apartments: [], facilities: [], payment_plans: [], floor_plans: [], brochure_url: '' });
      expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
      expect(headers['surrogate-key']).toBe(['projects', `project-${id}`, ...body.data.similar.map((card: { id: string }) => `project-${card.id}`)].join(' '));
    }
    expect((await projects().readAheadProgress())?.failures).toEqual([{ id, reason: `Reelly project ${id}: HTTP 500` }]);
    // The reads those answers started, the fault still set, end first: a read under way is shared with the next ask.
    await projects().readAheadSettled();

    reelly.state.faults = [];
    await get(id);
    await projects().refreshDetail(id);
    const { body, headers, text } = await get(id);
    expect(body.data.detail_status).toBeUndefined();
    expect(body.data.apartments.length).toBeGreaterThan(0);
    expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    // Held as the provider sent it here, and as another instance reads it from the database: the same bytes.
    appCache().clear();
    const fromStore = await get(id);
    expect(fromStore.text).toBe(text);
    expect(fromStore.headers.etag).toBe(headers.etag);
  });

  it('the full answer carries what buyers look for, when the provider sends it: floor plans, brochure, handover day, sizes in m²', async () => {
    const source = data.projects.find((project) => Array.isArray(project.floor_plans) && project.marketing_brochure && project.completion_datetime)!;
    const { body } = await get(String(source.id));
    const plans = source.floor_plans as Array<{ title: string; file: string }>;
    expect(body.data.floor_plans).toEqual(plans.map((plan) => ({ name: plan.title, url: plan.file })));
    expect(body.data.brochure_url).toBe(source.marketing_brochure);
    expect(body.data.handover_date).toBe(String(source.completion_datetime).slice(0, 10));
    for (const unit of body.data.apartments) {
      expect(unit.size_from_sqm).toBe(Math.round(unit.size_from_sqft / 10.7639));
      expect(unit.size_to_sqm).toBe(Math.round(unit.size_to_sqft / 10.7639));
    }
    const without = data.projects.find((project) => !project.floor_plans && !project.marketing_brochure)!;
    expect((await get(String(without.id))).body.data).toMatchObject({ floor_plans: [], brochure_url: '' });
  });
});
