/**
 * The map through a real Varnish with xkey (deploy/varnish/default.vcl), as the listing (decision 123):
 * stored under the listing's surrogate keys, and purged when a new project collection arrives, so a
 * project the provider adds is on the map through Varnish long before the edge lifetime runs out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type Instance } from '../helpers/cluster';
import { eventually } from '../helpers/eventually';
import { generatedData } from '../helpers/app';
import { appBehindVarnish, type Varnish } from '../helpers/varnish';
import { startFakeReelly } from '../../scripts/fakes/providers';

const PURGE_SECRET = 'varnish-map-test-purge-secret';
/** Short, so a visitor's request soon refreshes the collection from the provider. */
const PROJECTS_TTL_S = 2;
const MAP = '/api/v1/off-plan/projects/map?bbox=51,22,56.5,26.5&zoom=7';
const LISTING = '/api/v1/off-plan/projects?bbox=51,22,56.5,26.5&per_page=1';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: Instance;
let varnish: Varnish;
let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
const projects = generatedData({ projects: 12, sales: 0, rentals: 0 }).projects;

beforeAll(async () => {
  database = await freshDatabase();
  reelly = await startFakeReelly();
  Object.assign(reelly.state, { projects: projects.projects, projectsAr: projects.projects_ar, developers: projects.developers });
  ({ app, varnish } = await appBehindVarnish({
    name: 'map-edge',
    databaseUrl: database.url,
    reellyUrl: reelly.url,
    purgeSecret: PURGE_SECRET,
    env: { EXTSOURCE_DETAIL_RATE: '0', EXTSOURCE_PROJECTS_TTL_S: String(PROJECTS_TTL_S) },
  }));
}, 300_000);

afterAll(async () => {
  await Promise.all([varnish?.stop(), app?.stop(), reelly?.close()]);
  await database?.drop();
}, 60_000);

async function throughVarnish(route: string): Promise<{ cache: string; body: Record<string, any> }> {
  const res = await fetch(`${varnish.url}${route}`);
  expect(res.status).toBe(200);
  return { cache: String(res.headers.get('x-cache')), body: (await res.json()) as Record<string, any> };
}

/**
 * Whether every purge that failed (those of the seeding, sent before Varnish listened) has since got
 * through or been given up: a late one landing during the test would purge the map for another reason.
 */
function purgesSettled(): boolean {
  const keysOf = (pattern: RegExp) => new Set(app.lines.flatMap((line) => pattern.exec(line)?.[1] ?? []));
  const failed = keysOf(/cdn purge: \S+ failed for (.+) \(/);
  const done = new Set([...keysOf(/cdn purge: \S+ purged (.+) after \d+ attempts/), ...keysOf(/cdn purge: gave up purging (.+) at /)]);
  return [...failed].every((keys) => done.has(keys));
}

describe('the map through Varnish', () => {
  it('is stored as the listing is, and purged with it when the provider adds a project', async () => {
    await eventually(() => expect(purgesSettled(), 'the seeding purges through').toBe(true), { timeoutMs: 45_000, intervalMs: 200 });
    const served = await fetch(`${app.url}${MAP}`);
    expect(served.headers.get('surrogate-key')).toBe('projects offplan-page media');
    const before = await eventually(async () => {
      await throughVarnish(MAP);
      const second = await throughVarnish(MAP);
      expect(second.cache).toBe('HIT');
      return second.body.data.total as number;
    });
    expect(before).toBe((await throughVarnish(LISTING)).body.data.properties.total);

    const template = projects.projects.find((one) => (one.location as { country?: string } | undefined)?.country === 'United Arab Emirates' && (one.location as { latitude?: number }).latitude)!;
    reelly.state.projects = [...reelly.state.projects, { ...template, id: 990101, name: 'Map Purge Tower', slug_name: 'map-purge-tower' }];
    const added = Date.now();
    // A visitor's request at the service refreshes the collection once its lifetime is over; the purge follows.
    await eventually(async () => {
      await fetch(`${app.url}/api/v1/off-plan/projects?per_page=1`);
      expect((await throughVarnish(MAP)).body.data.total).toBe(before + 1);
    }, { timeoutMs: 30_000, intervalMs: 500 });
    // Well within the edge lifetime (s-maxage=60): purged, not expired.
    expect(Date.now() - added).toBeLessThan(45_000);
    expect((await throughVarnish(LISTING)).body.data.properties.total).toBe(before + 1);
  });
});
