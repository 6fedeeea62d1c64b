/**
 * The fast lane answers exactly as the full path does, or hands the request to it: the same random
 * query strings (encoded keys, bracket forms, repeats, `status`, `locale`, filters) on every v1 route
 * it serves, sent to the app's server (fast lane in front) and to the same Strapi app without the lane
 * (its Koa callback on a server of its own), must give the same status, body and headers. And on a
 * fresh server, one request with an encoded `locale` key must not label later English answers Arabic.
 */
import http, { type IncomingHttpHeaders } from 'http';
import type { AddressInfo } from 'net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, getStrapi } from '../helpers/app';
import { productionEnvironment, sqliteFile, startAppProcess, type AppProcess } from '../helpers/app-process';

const RUNS = Number(process.env.FAST_LANE_PARITY_RUNS || 300);
const fastLaneServed = () => appModule<{ fastLaneServed(): number }>('src/lib/fast-lane').fastLaneServed();

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function get(port: number, target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: target, headers: { 'Accept-Encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
  });
}

/** Headers that differ per response whichever path answers. */
const stable = ({ date: _d, 'x-request-id': _r, connection: _c, 'keep-alive': _k, ...rest }: IncomingHttpHeaders) => rest;

/** A key as a client may spell it: plainly, with a letter percent-encoded, or in a bracket form. */
const spelledKey = fc
  .tuple(
    fc.constantFrom('locale', 'status', 'page', 'per_page', 'currency', 'sort', 'search', 'state_id', 'bedrooms', 'preview', 'other'),
    fc.constantFrom('plain', 'encoded-first', 'encoded-last', 'brackets', 'index', 'object', 'operator')
  )
  .map(([key, form]) => {
    const encode = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
    switch (form) {
      case 'encoded-first': return `${encode(key[0])}${key.slice(1)}`;
      case 'encoded-last': return `${key.slice(0, -1)}${encode(key.at(-1)!)}`;
      case 'brackets': return `${key}[]`;
      case 'index': return `${key}[0]`;
      case 'object': return `${key}[x]`;
      case 'operator': return `${key}[$ne]`;
      default: return key;
    }
  });

const value = fc.constantFrom('ar', 'en', 'AR', 'fr', '', 'draft', 'published', '1', '2', '50', 'AED', 'USD', 'price_asc', 'DU', '%D8%AF', '%FF', 'a+b', '%20ar');
const pair = fc.tuple(spelledKey, fc.option(value, { nil: undefined })).map(([key, text]) => (text === undefined ? key : `${key}=${text}`));
const queryString = fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.join('&'));

describe('fast lane and full path, one answer per URL', () => {
  let strapi: Core.Strapi;
  let lanePort: number;
  let fullPath: http.Server;
  let fullPort: number;
  let routes: string[];

  beforeAll(async () => {
    strapi = await getStrapi();
    lanePort = (strapi.server.httpServer.address() as AddressInfo).port;
    // The same app without the lane: Koa's own handler, as Strapi's server calls it behind the lane.
    fullPath = http.createServer(strapi.server.app.callback());
    await new Promise<void>((resolve) => fullPath.listen(0, '127.0.0.1', resolve));
    fullPort = (fullPath.address() as AddressInfo).port;
    const listing = JSON.parse((await get(lanePort, '/api/v1/off-plan/projects?per_page=2')).body) as { data: { properties: { data: Array<{ id: string | number }> } } };
    const projectId = listing.data.properties.data[0].id;
    routes = [
      '/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/off-plan', '/api/v1/off-plan/projects',
      '/api/v1/off-plan/projects/filters', `/api/v1/off-plan/projects/${projectId}`, '/api/v1/off-plan/projects/no-such-project',
    ];
    // Each route once per language on the lane's server, twice: the full path teaches the lane its headers.
    for (const route of routes) for (const query of ['', '?locale=ar', '', '?locale=ar']) await get(lanePort, `${route}${query}`);
  });

  afterAll(() => new Promise<void>((resolve) => fullPath.close(() => resolve())));

  it('answers every route and query string alike, status, body and headers', async () => {
    const before = fastLaneServed();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), queryString, async (route, query) => {
        const target = `${route}?${query}`;
        const lane = await get(lanePort, target);
        const full = await get(fullPort, target);
        sent += 1;
        expect({ status: lane.status, body: lane.body, headers: stable(lane.headers) }, target).toEqual({
          status: full.status,
          body: full.body,
          headers: stable(full.headers),
        });
      }),
      { numRuns: RUNS, seed: Number(process.env.FAST_LANE_PARITY_SEED) || undefined }
    );
    // Else the comparison would be of the full path with itself.
    expect(fastLaneServed() - before, `of ${sent} requests`).toBeGreaterThan(sent / 5);
  });
});

describe('a fresh server, one request with an encoded locale key first', () => {
  let app: AppProcess;
  let remove: () => void;

  beforeAll(async () => {
    const database = sqliteFile();
    remove = database.remove;
    app = await startAppProcess(productionEnvironment(database.env, { SEED_DEMO: 'true', EXTSOURCE_PROJECTS_DRIVER: 'sample' }));
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    remove?.();
  });

  it('labels later English answers English, on the fast lane too', async () => {
    const listing = JSON.parse((await get(app.port, '/api/v1/off-plan/projects?per_page=2')).body) as { data: { properties: { data: Array<{ id: string | number }> } } };
    const [first, second] = listing.data.properties.data.map((project) => `/api/v1/off-plan/projects/${project.id}`);
    for (const route of [first, '/api/v1/luxury', '/api/v1/contact-us-page']) {
      const arabic = await get(app.port, `${route}?%6Cocale=ar`);
      expect(arabic.headers['content-language'], route).toBe('ar');
    }
    const servedBefore = await app.request<number>('fast-lane-served', 'served');
    for (const route of [second, second, first, '/api/v1/luxury', '/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/contact-us-page']) {
      const english = await get(app.port, route);
      expect(english.headers['content-language'], route).toBe('en');
      expect(JSON.parse(english.body).data).toBeTruthy();
    }
    expect(await app.request<number>('fast-lane-served', 'served')).toBeGreaterThan(servedBefore);
  });
});
