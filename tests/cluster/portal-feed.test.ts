/**
 * A CRM's Property Finder feed read on several instances (issue 69): two `strapi start` processes on one
 * PostgreSQL database and one redis-server. A sync run through A reads the feed once and is what B then
 * answers, within seconds, and a change synced through B is what A answers. (One sync at a time across
 * instances is the lease every listings driver runs under: cluster.test.ts shows it with Goyzer's.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, agent, createApiToken, freePort, freshDatabase, redisServer, startInstance, instanceBaseEnv, type Instance, type RedisServer } from '../helpers/cluster';
import { generatedData } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { FEED_TOKEN, startFakePortalFeed, type FakePortalFeed } from '../../scripts/fakes/portal-feeds';

const units = generatedData({ projects: 0, sales: 30, rentals: 15 }).listings;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let redis: RedisServer;
let feed: FakePortalFeed;
let a: Instance;
let b: Instance;
let apiToken: string;

beforeAll(async () => {
  database = await freshDatabase();
  redis = await redisServer();
  feed = await startFakePortalFeed({ format: 'pf-xml', token: FEED_TOKEN });
  Object.assign(feed.state, { sales: units.sales, rentals: units.rentals });
  const env = {
    ...instanceBaseEnv(database.url, redis.url),
    CLIENT_URL: 'http://site.test.local',
    EXTSOURCE_CRON: '',
    EXTSOURCE_LISTINGS_DRIVER: 'pf-xml',
    LISTINGS_FEED_URL: feed.url,
    LISTINGS_FEED_HEADERS: JSON.stringify({ Authorization: `Bearer ${FEED_TOKEN}` }),
    EXTSOURCE_HTTP_RETRIES: '0',
  };
  const [portA, portB] = [await freePort(), await freePort()];
  [a, b] = await Promise.all([startInstance({ name: 'a', port: portA, env }), startInstance({ name: 'b', port: portB, env })]);
  apiToken = await createApiToken(a, await adminLogin(a));
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([redis?.stop(), feed?.close()]);
  await database?.drop();
}, 60_000);

const sync = (instance: Instance) => agent(instance).post('/api/extsource/sync/all').set('Authorization', `Bearer ${apiToken}`);
const total = async (instance: Instance) => (await agent(instance).get('/api/v1/properties?purpose=sale&per_page=1')).body.data?.listings?.total as number | undefined;

describe("a CRM's Property Finder feed on two instances", () => {
  it('a sync through A reads the feed once, and B answers its listings within seconds', async () => {
    const advertised = units.sales.filter((unit) => unit.Status !== 'Blocked' && !(unit.StateName === 'Dubai' && !unit.PermitNumber && !unit.ReraStrNo)).length;
    const listed = [...units.sales, ...units.rentals].filter((unit) => unit.Status !== 'Blocked').length;
    const res = await sync(a);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'succeeded', created: listed });
    expect(feed.state.requests).toHaveLength(1);
    await eventually(async () => expect(await total(b)).toBe(advertised), { timeoutMs: 15_000, intervalMs: 200 });
  });

  it('a changed price synced through B is what A answers', async () => {
    const unit = units.sales.find((candidate) => candidate.Status === 'Available' && candidate.StateName !== 'Dubai' && candidate.PriceOnApplication !== 'Yes')!;
    unit.SellPrice = '7654321.0000';
    expect((await sync(b)).body.data).toMatchObject({ status: 'succeeded', updated: 1 });
    await eventually(async () => expect((await agent(a).get(`/api/v1/properties/${String(unit.RefNo)}`)).body.data?.price?.amount).toBe(7654321), { timeoutMs: 15_000, intervalMs: 200 });
  });
});
