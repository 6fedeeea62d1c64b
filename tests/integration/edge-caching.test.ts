/**
 * What browsers and CDNs get from the public GETs, on both paths (the fast lane and the full Strapi
 * stack): CORS for the request's origin, ETag / 304, Cache-Control, Surrogate-Key / Cache-Tag,
 * compression; the request id and access log of the fast lane, and proof that it engages; case variants
 * of the contract paths; the project detail read off the request path.
 */
import http, { type IncomingHttpHeaders } from 'http';
import { createRequire } from 'module';
import path from 'path';
import { brotliDecompressSync, gunzipSync } from 'zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { setTimeout as sleep } from 'timers/promises';
import { apiToken, generatedData, getStrapi, http as agent, METRICS_TOKEN, newClientIp } from '../helpers/app';
import { productionEnvironment, sqliteFile, startAppProcess, type AppProcess } from '../helpers/app-process';
import { checkedError } from '../helpers/contract';
import { fastLaneAnswers, fastLaneAnswersAt } from '../helpers/lane-count';
import { eventually } from '../helpers/eventually';
import { REELLY_API_KEY, startFakeReelly } from '../../scripts/fakes/providers';

const requireCjs = createRequire(__filename);
const dist = (file: string) => requireCjs(path.resolve(__dirname, '..', '..', 'dist', 'src', 'lib', file));
/** The fast lane and the cache of the app under test (the compiled modules Strapi loaded). */
const clearCache = (): void => dist('cache/index.js').cache.clear();
/** The projects service's cache key of the collection (src/plugins/extsource/server/src/services/projects.ts). */
const COLLECTION_KEY = 'extsource:projects';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** Header names as sent, spelling included. */
  names: string[];
  body: Buffer;
}

/** A request with the bytes as sent (no decompression, unlike fetch and supertest). */
function request(port: number, target: string, headers: Record<string, string> = {}, method = 'GET', body?: Buffer): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      const names = res.rawHeaders.filter((_, index) => index % 2 === 0);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, names, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Headers that differ per response whichever path answers. */
const stable = (headers: IncomingHttpHeaders) => {
  const { date: _date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
};

let strapi: Core.Strapi;
let port: number;
const get = (target: string, headers: Record<string, string> = {}) => request(port, target, headers);

beforeAll(async () => {
  strapi = await getStrapi();
  port = (strapi.server.httpServer.address() as { port: number }).port;
});

const PROJECT_ID = '3010';
const PROJECT = `/api/v1/off-plan/projects/${PROJECT_ID}`;

/**
 * A project is answered with its detail once that is held, on both paths: the detail is read now, then
 * only the collection is dropped (the detail stays held), so the next request takes the full path.
 */
async function holdDetailDropCollection(): Promise<void> {
  await strapi.plugin('extsource').service('projects').project(PROJECT_ID);
  await strapi.plugin('extsource').service('projects').refreshDetail(PROJECT_ID);
  dist('cache/index.js').cache.delete(COLLECTION_KEY);
}

/** What makes the next request to `target` take the full path: nothing it needs is in memory. */
const isProject = (target: string) => target.split('?')[0] === PROJECT;
const resetFor = (target: string) => (isProject(target) ? holdDetailDropCollection : clearCache);

/** The first request after the cache is cleared takes the full path, the next one the fast lane. */
async function fullThenFast(target: string, headers: Record<string, string> = {}) {
  await resetFor(target)();
  const before = (await fastLaneAnswers());
  const full = await get(target, headers);
  expect((await fastLaneAnswers()), `${target}: the first request after clearing takes the full path`).toBe(before);
  const fast = await get(target, headers);
  expect((await fastLaneAnswers()), `${target}: the second one is answered on the fast lane`).toBe(before + 1);
  return { full, fast };
}

const LANE_ROUTES = [
  '/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/off-plan', '/api/v1/off-plan/projects', '/api/v1/off-plan/projects?state_id=DU&sort=price_asc',
  '/api/v1/off-plan/projects/filters', PROJECT,
];

describe('the fast lane is on', () => {
  it.each(LANE_ROUTES)('answers %s once cached, with the bytes and headers of the full path', async (target) => {
    const { full, fast } = await fullThenFast(target);
    expect(full.status).toBe(200);
    expect(fast.body.equals(full.body)).toBe(true);
    expect(stable(fast.headers)).toEqual(stable(full.headers));
    // The same header names, spelled the same way (their order may differ).
    expect([...fast.names].sort()).toEqual([...full.names].sort());
  });

  it.each(['/api/v1/luxury', PROJECT])("%s: keeps the client's X-Request-Id on both paths, and makes one for an invalid one", async (target) => {
    const { full, fast } = await fullThenFast(target, { 'X-Request-Id': 'site-req.7' });
    expect(full.headers['x-request-id']).toBe('site-req.7');
    expect(fast.headers['x-request-id']).toBe('site-req.7');
    const invalid = await fullThenFast(target, { 'X-Request-Id': 'a b' });
    expect(invalid.full.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(invalid.fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('CORS on both paths (CORS_ORIGINS=*)', () => {
  it.each(['/api/v1/luxury', '/api/v1/off-plan/projects/filters', PROJECT])('%s: echoes an origin, with the same headers on the fast lane as on the full path', async (target) => {
    const { full, fast } = await fullThenFast(target, { Origin: 'https://www.example.com' });
    expect(full.headers['access-control-allow-origin']).toBe('https://www.example.com');
    expect(stable(fast.headers)).toEqual(stable(full.headers));
  });

  it('sends no CORS headers, not even an empty one, to a request without an Origin', async () => {
    const { full, fast } = await fullThenFast('/api/v1/contact-us-page');
    for (const res of [full, fast]) {
      expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      expect(res.headers.vary).toMatch(/Origin/);
    }
  });
});

describe('conditional requests', () => {
  it.each(LANE_ROUTES)('%s: a strong ETag, and 304 without a body on both paths', async (target) => {
    await resetFor(target)();
    const first = await get(target);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const { full, fast } = await fullThenFast(target, { 'If-None-Match': etag });
    for (const res of [full, fast]) {
      expect(res.status).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['content-type']).toBeUndefined();
    }
    expect((await get(target, { 'If-None-Match': '"something-else"' })).status).toBe(200);
  });
});

describe('Cache-Control, Surrogate-Key and Cache-Tag', () => {
  const PAGES = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';
  const PROVIDER = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';

  it.each([
    ['/api/v1/luxury', PAGES, 'luxury media'],
    ['/api/v1/contact-us-page', PAGES, 'contact-page media'],
    ['/api/v1/off-plan', PAGES, 'offplan-page media'],
    ['/api/v1/off-plan/projects?page=2', PROVIDER, 'projects offplan-page media'],
    ['/api/v1/off-plan/projects/filters', PROVIDER, 'projects'],
    ['/api/v1/off-plan/projects/3010', PROVIDER, 'projects project-3010'],
    ['/api/v1/search/suggest?q=dubai', PROVIDER, 'projects listings pages'],
    ['/api/v1/pages/beachfront-launches', PAGES, 'page-beachfront-launches media projects'],
    ['/api/v1/pages/dubai-marina', PAGES, 'page-dubai-marina media projects listings'],
    ['/api/v1/pages?kind=landing', PAGES, 'pages'],
  ])('%s: %s, keys %s', async (target, cacheControl, ownKeys) => {
    const res = await get(target);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
    // A project answer also names the projects it shows as similar (decision 125).
    const similar = JSON.parse(res.body.toString()).data.similar as Array<{ id: string }> | undefined;
    const keys = [ownKeys, ...(similar ?? []).map(({ id }) => `project-${id}`)].join(' ');
    expect(res.headers['surrogate-key']).toBe(keys);
    expect(res.headers['cache-tag']).toBe(keys.replaceAll(' ', ','));
  });

  it('never on errors, the contact POST, token routes or other paths', async () => {
    const answers = [
      await get('/api/v1/off-plan/projects/999999'),
      await get('/api/v1/off-plan/projects?page=0'),
      await get('/api/v1/nowhere'),
      await get('/api/v1/health'),
      await get('/api/extsource/stats', { Authorization: `Bearer ${await apiToken('read-only')}` }),
      await request(port, '/api/v1/contact-us', { 'Content-Type': 'application/json', 'X-Forwarded-For': newClientIp() }, 'POST', Buffer.from(JSON.stringify({
        first_name: 'Edge', last_name: 'Cache', email: 'edge.cache@example.com', mobile: '+971 50 123 4567', method_of_contact: 'Email', message: 'No caching here.',
      }))),
    ];
    expect(answers.map((res) => res.status)).toEqual([404, 422, 404, 200, 200, 201]);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers['surrogate-key']).toBeUndefined();
      expect(res.headers['cache-tag']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    }
  });
});

describe('compression', () => {
  it.each([
    ['br', '/api/v1/luxury'], ['gzip', '/api/v1/luxury'], ['br', '/api/v1/off-plan/projects/filters'], ['gzip', PROJECT],
  ] as const)('sends %s to clients that accept it (%s), on both paths, and the same bytes decoded', async (encoding, target) => {
    await resetFor(target)();
    const identity = (await get(target)).body;
    const { full, fast } = await fullThenFast(target, { 'Accept-Encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' });
    const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
    for (const res of [full, fast]) {
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(identity.length / 2);
      expect(decode(res.body).equals(identity)).toBe(true);
      expect(String(res.headers.vary).split(/,\s*/).sort()).toEqual(['Accept-Encoding', 'Origin']);
    }
    expect(fast.body.equals(full.body)).toBe(true);
  });

  it('sends the identity body to clients that accept no compression we make', async () => {
    for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await get('/api/v1/luxury', { 'Accept-Encoding': acceptEncoding });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString()).success).toBe(true);
    }
  });

  it('compresses large uncached JSON too (a listing page of 100)', async () => {
    const target = `/api/v1/off-plan/projects?per_page=100&page=1&sort=price_desc&x=${Date.now()}`;
    const plain = await get(target);
    const res = await get(target, { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).equals(plain.body)).toBe(true);
  });
});

describe('case variants of the contract paths', () => {
  const envelope = (res: Raw) => JSON.parse(res.body.toString()) as { success: boolean; status_code?: number; error_code?: string };

  it('answers a GET under any spelling in the contract envelope', async () => {
    const upper = await get('/API/V1/LUXURY');
    expect(upper.status).toBe(200);
    expect(envelope(upper).success).toBe(true);
    const unknown = await get('/API/V1/NOWHERE');
    expect(unknown.status).toBe(404);
    expect(envelope(unknown)).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
  });

  it('refuses bodies at the edge under any spelling: 413 for a large multipart body, 415 for a small one, nothing stored', async () => {
    const contacts = () => strapi.db.query('api::contact.contact').count();
    const before = await contacts();
    const boundary = 'edgeboundary';
    const multipart = (size: number) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${'x'.repeat(size)}\r\n--${boundary}--\r\n`);
    const post = (target: string, body: Buffer) =>
      request(port, target, { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length), 'X-Forwarded-For': newClientIp() }, 'POST', body);
    for (const target of ['/API/V1/CONTACT-US', '/Api/v1/Contact-Us']) {
      const large = await post(target, multipart(900 * 1024));
      expect(large.status).toBe(413);
      expect(envelope(large)).toMatchObject({ success: false, error_code: 'PAYLOAD_TOO_LARGE' });
      const small = await post(target, multipart(100));
      expect(small.status).toBe(415);
      expect(envelope(small)).toMatchObject({ success: false, error_code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect(await contacts()).toBe(before);
  });
});

describe('the provider is never on the public request path', () => {
  let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
  let original: unknown;
  const projects = () => strapi.plugin('extsource').service('projects');
  /** Reads of a project's detail (each asks for the English record and, beside it, the Arabic one). */
  const detailRequests = (id: string, language: string | null) =>
    reelly.state.requests.filter((entry: { path: string; query: URLSearchParams }) => entry.path === `/projects/${id}` && entry.query.get('language') === language).length;
  const detailReads = (id: string) => detailRequests(id, null);
  const project = (id: string) => get(`/api/v1/off-plan/projects/${id}`);
  const data = (res: Raw) => JSON.parse(res.body.toString()).data;

  beforeAll(async () => {
    original = structuredClone(strapi.config.get('plugin::extsource'));
    reelly = await startFakeReelly();
    const generated = generatedData({ projects: 30, sales: 0, rentals: 0 }).projects;
    reelly.state.projects = generated.projects;
    reelly.state.projectsAr = generated.projects_ar;
    reelly.state.developers = generated.developers;
    strapi.config.set('plugin::extsource', {
      ...(original as object),
      projectsDriver: 'reelly',
      reelly: { baseUrl: reelly.url, apiKey: REELLY_API_KEY, pageSize: 50, maxPages: 10 },
      // Retries a sync would use: none of them may happen on a visitor's behalf.
      http: { timeoutMs: 5000, retries: 3, backoffMs: 5, maxDelayMs: 50 },
      // A visitor's ask alone reads a detail here (the read-ahead has tests of its own).
      detailRate: 0,
    });
    // Details another file's test read of the same generated projects are not this test's.
    await strapi.db.query('plugin::extsource.project-detail').deleteMany({ where: {} });
    projects().invalidate();
    expect((await get('/api/v1/off-plan/projects')).status).toBe(200);
  });
  afterAll(async () => {
    strapi.config.set('plugin::extsource', original);
    projects().invalidate();
    await reelly.close();
  });

  const idAt = (index: number) => String((reelly.state.projects[index] as { id: number }).id);

  it('answers at once from the card while a slow detail read runs, with one provider call for 20 requests', async () => {
    const id = idAt(0);
    reelly.state.faults = [{ path: `/projects/${id}`, delayMs: 1500 }];
    const answers = await Promise.all(Array.from({ length: 20 }, () => project(id)));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    // Answered while the provider had not answered yet: the card's detail fields are empty (decision 5).
    for (const res of answers) expect(data(res)).toMatchObject({ id, apartments: [], payment_plans: [] });
    // The read leaves from the detail thread (decision 186), maybe once it has started.
    await eventually(() => expect(detailReads(id)).toBe(1));
    const detailed = await eventually(async () => {
      const body = data(await project(id));
      expect(body.apartments.length).toBeGreaterThan(0);
      return body;
    });
    expect(detailed.id).toBe(id);
    expect(detailReads(id)).toBe(1);
    expect(detailRequests(id, 'ar')).toBe(1);
  });

  it('a failing detail read is tried once, without retries, and not again for a while; the card is served', async () => {
    const id = idAt(1);
    reelly.state.faults = [{ path: `/projects/${id}`, status: 500 }];
    expect(data(await project(id))).toMatchObject({ id, apartments: [] });
    await eventually(() => expect(detailReads(id)).toBe(1));
    for (let i = 0; i < 10; i += 1) expect((await project(id)).status).toBe(200);
    await sleep(200);
    expect(detailReads(id)).toBe(1);
  });

  it('an id the provider does not know is asked once, then served the card without asking again', async () => {
    const id = idAt(2);
    reelly.state.faults = [{ path: `/projects/${id}`, status: 404 }];
    expect((await project(id)).status).toBe(200);
    await eventually(() => expect(detailReads(id)).toBe(1));
    for (let i = 0; i < 10; i += 1) await project(id);
    expect(detailReads(id)).toBe(1);
  });

  it('the card, while the provider has no detail for it, is answered on the fast lane as on the full path', async () => {
    const id = idAt(3);
    reelly.state.faults = [{ path: `/projects/${id}`, status: 500 }];
    await projects().refreshDetail(id);
    dist('cache/index.js').cache.delete(COLLECTION_KEY);
    const before = (await fastLaneAnswers());
    const full = await project(id);
    expect((await fastLaneAnswers())).toBe(before);
    const fast = await project(id);
    expect((await fastLaneAnswers())).toBe(before + 1);
    expect(data(fast)).toMatchObject({ id, apartments: [], payment_plans: [] });
    expect(fast.body.equals(full.body)).toBe(true);
    expect(stable(fast.headers)).toEqual(stable(full.headers));
    expect(detailReads(id)).toBe(1);
  });

  it('an id the collection does not list is a 404 at once, without a provider call, from the full path', async () => {
    reelly.state.faults = [];
    const before = (await fastLaneAnswers());
    for (const id of ['777777', '777777', 'not%20an%20id', 'a'.repeat(65)]) {
      await checkedError((await agent()).get(`/api/v1/off-plan/projects/${id}`), 404, 'NOT_FOUND');
    }
    expect(detailReads('777777')).toBe(0);
    expect((await fastLaneAnswers())).toBe(before);
  });
});

describe('CORS_ORIGINS limited to the site: allowed, refused and no origin, fast lane and full path alike', () => {
  const SITE = 'https://www.site.test';
  let app: AppProcess;
  let remove: () => void;

  beforeAll(async () => {
    const database = sqliteFile();
    remove = database.remove;
    app = await startAppProcess(
      productionEnvironment(database.env, { CORS_ORIGINS: SITE, SEED_DEMO: 'true', LOG_LEVEL: 'http', EXTSOURCE_PROJECTS_DRIVER: 'sample', METRICS_ENABLED: 'true', METRICS_TOKEN })
    );
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    remove?.();
  });

  async function childFullThenFast(target: string, headers: Record<string, string>) {
    if (isProject(target)) {
      await app.request({ holdDetail: PROJECT_ID }, 'held');
      await app.request({ deleteCacheKey: COLLECTION_KEY }, 'deleted');
    } else {
      await app.request('clear-cache', 'cleared');
    }
    const before = (await fastLaneAnswersAt(app.port));
    const full = await request(app.port, target, headers);
    expect((await fastLaneAnswersAt(app.port))).toBe(before);
    const fast = await request(app.port, target, headers);
    expect((await fastLaneAnswersAt(app.port))).toBe(before + 1);
    return { full, fast };
  }

  it.each([
    ['an allowed origin', { Origin: SITE }, SITE],
    ['a refused origin', { Origin: 'https://evil.test' }, undefined],
    ['no origin', {}, undefined],
  ])('%s', async (_what, headers: Record<string, string>, allowed) => {
    for (const target of ['/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/off-plan/projects/filters', PROJECT]) {
      const { full, fast } = await childFullThenFast(target, headers);
      expect(full.headers['access-control-allow-origin']).toBe(allowed);
      expect(stable(fast.headers)).toEqual(stable(full.headers));
      if (!allowed) expect(Object.keys(fast.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it.each(['/api/v1/luxury', PROJECT])('%s: writes the access-log line of the full path for what the fast lane answers (LOG_LEVEL=http)', async (target) => {
    const line = new RegExp(` GET ${target.replaceAll('/', '\\/')}\\?log=1 \\(\\d+ ms\\) 200`);
    const lines = () => app.output().split('\n').filter((text) => line.test(text));
    await childFullThenFast(`${target}?log=1`, {});
    await eventually(() => expect(lines()).toHaveLength(2));
  });
});
