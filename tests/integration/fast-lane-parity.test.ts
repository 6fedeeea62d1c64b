/**
 * The fast lane answers exactly as the full path does, or hands the request to it (decision 81): the
 * same random query strings on every v1 route it serves, with and without the lane, give the same status,
 * body and headers (tests/helpers/lane-parity.ts). And on a fresh server, one request with an encoded
 * `locale` key must not label later English answers Arabic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStrapi, METRICS_TOKEN } from '../helpers/app';
import { productionEnvironment, sqliteFile, startAppProcess, type AppProcess } from '../helpers/app-process';
import { fastLaneAnswersAt } from '../helpers/lane-count';
import { assertLaneParity, get } from '../helpers/lane-parity';

describe('fast lane and full path, one answer per URL', () => {
  it('answers every route and query string alike, status, body and headers', async () => {
    const figures = await assertLaneParity(await getStrapi(), Number(process.env.FAST_LANE_PARITY_RUNS || 300));
    // Else the comparison would be of the full path with itself.
    expect(figures.answered_by_lane, JSON.stringify(figures)).toBeGreaterThan(figures.requests / 5);
  });
});

describe('a fresh server, one request with an encoded locale key first', () => {
  let app: AppProcess;
  let remove: () => void;

  beforeAll(async () => {
    const database = sqliteFile();
    remove = database.remove;
    // No warm-up: every lane is cold, as when a start's warm-up ran out of time (decisions 175 and 182), so the Arabic request is each lane's first.
    app = await startAppProcess(productionEnvironment(database.env, { SEED_DEMO: 'true', EXTSOURCE_PROJECTS_DRIVER: 'sample', METRICS_ENABLED: 'true', METRICS_TOKEN, WARM_UP_MAX_SECONDS: '0' }));
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
    const servedBefore = await fastLaneAnswersAt(app.port);
    for (const route of [second, second, first, '/api/v1/luxury', '/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/contact-us-page']) {
      const english = await get(app.port, route);
      expect(english.headers['content-language'], route).toBe('en');
      expect(JSON.parse(english.body).data).toBeTruthy();
    }
    expect(await fastLaneAnswersAt(app.port)).toBeGreaterThan(servedBefore);
  });
});
