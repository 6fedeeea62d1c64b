/**
 * A start builds what visitors read before it listens and asks each fast lane once (decisions 175 and
 * 182, issue 41): production apps in child processes against a fake Reelly over real HTTP. SQLite only:
 * nothing here depends on the database.
 */
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productionEnvironment, sqliteFile, startAppProcess, type AppProcess } from '../helpers/app-process';
import { generatedData } from '../helpers/app';
import { REELLY_API_KEY, startFakeReelly } from '../../scripts/fakes/providers';

const PROJECTS = 30;
const data = generatedData({ projects: PROJECTS, sales: 0, rentals: 0 }).projects;

let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
const running: AppProcess[] = [];
const cleanups: Array<() => void> = [];

beforeAll(async () => {
  reelly = await startFakeReelly();
  Object.assign(reelly.state, { projects: data.projects, projectsAr: data.projects_ar, developers: data.developers });
});
afterAll(async () => {
  await reelly.close();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.stop()));
  for (const cleanup of cleanups.splice(0)) cleanup();
  Object.assign(reelly.state, { faults: [], requests: [] });
});

/** A production app reading the fake Reelly, its read-ahead off; resolves once it listens. */
async function started(extra: Record<string, string> = {}): Promise<AppProcess> {
  const database = sqliteFile();
  cleanups.push(database.remove);
  const app = await startAppProcess(productionEnvironment(database.env, {
    REELLY_BASE_URL: reelly.url, REELLY_API_KEY, EXTSOURCE_DETAIL_RATE: '0', LOG_LEVEL: 'info', ...extra,
  }));
  running.push(app);
  return app;
}

const listRequests = () => reelly.state.requests.filter((request: { path: string }) => request.path === '/projects').length;

describe.skipIf(process.env.TEST_DB_CLIENT === 'postgres')('a start warms up before it listens', () => {
  it('holds the project collection once it listens: the first visitor is answered without a provider request', async () => {
    const app = await started();
    expect(listRequests(), 'the collection fetched before the app listened').toBeGreaterThan(0);
    expect(app.output()).toMatch(/warm-up: the off-plan projects, the listings' index, the search box's index, the fast lanes' first answers in memory after \d+ ms/);
    reelly.state.requests = [];
    const agent = supertest(`http://127.0.0.1:${app.port}`);
    const listing = await agent.get('/api/v1/off-plan/projects');
    expect(listing.status).toBe(200);
    expect(listing.body.data.pagination.total).toBe(PROJECTS);
    const suggested = await agent.get(`/api/v1/search/suggest?q=${encodeURIComponent(String(data.projects[0].name).slice(0, 4))}`);
    expect(suggested.status).toBe(200);
    expect(listRequests(), 'provider requests after the start').toBe(0);
  });

  it('has asked every fast lane once in each language: the first visitors are answered on the lane', async () => {
    const token = 'warm-up-metrics-token-0123456789';
    const app = await started({ METRICS_ENABLED: 'true', METRICS_TOKEN: token });
    const agent = supertest(`http://127.0.0.1:${app.port}`);
    const answered = async (route: string, lane: 'fast' | 'full') => {
      const scraped = await agent.get('/metrics').set('Authorization', `Bearer ${token}`);
      expect(scraped.status).toBe(200);
      const line = scraped.text.split('\n').find((candidate) => candidate.startsWith('http_requests_total{')
        && candidate.includes(`route="${route}"`) && candidate.includes(`lane="${lane}"`) && candidate.includes('status="200"'));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    // The listings are asked with the query their route declares (a start asks `purpose=sale`), a visitor with another.
    for (const [route, query] of [['/api/v1/luxury', ''], ['/api/v1/off-plan/projects', 'page=2'], ['/api/v1/properties', 'purpose=rent']]) {
      expect(await answered(route, 'full'), `${route}: the start's own asks, English and Arabic, with and without X-Forwarded-Proto: https`).toBe(4);
      for (const locale of ['en', 'ar']) expect((await agent.get(route).query(`${query}&locale=${locale}`)).status).toBe(200);
      expect(await answered(route, 'fast'), `${route}: the first visitors, on the lane`).toBe(2);
      expect(await answered(route, 'full')).toBe(4);
    }
    expect(await answered('/api/v1/sitemap.xml', 'full'), 'the sitemap, which a start does not ask').toBe(0);
  });

  it('listens at once with WARM_UP_MAX_SECONDS=0: the first visitor starts the fill', async () => {
    const app = await started({ WARM_UP_MAX_SECONDS: '0' });
    expect(listRequests()).toBe(0);
    const listing = await supertest(`http://127.0.0.1:${app.port}`).get('/api/v1/off-plan/projects');
    expect(listing.status).toBe(200);
    expect(listRequests()).toBeGreaterThan(0);
  });

  it('listens after WARM_UP_MAX_SECONDS when the provider hangs, saying what is still under way', async () => {
    reelly.state.faults = [{ path: '/projects', delayMs: 2500, times: 1 }];
    const app = await started({ WARM_UP_MAX_SECONDS: '1' });
    expect(app.output()).toMatch(/warm-up: listening after \d+ ms with the off-plan projects, the listings' index, the search box's index, the fast lanes' first answers still under way/);
    const listing = await supertest(`http://127.0.0.1:${app.port}`).get('/api/v1/off-plan/projects');
    expect(listing.status).toBe(200);
    expect(listing.body.data.pagination.total).toBe(PROJECTS);
  });
});
