/**
 * Buyer accounts on several instances (issue 33): two `strapi start` processes on one PostgreSQL
 * database and one redis-server, haproxy in front. The account rate limits are counted in Redis, so
 * attempts spread over the instances meet one limit; a blocked buyer's or a logged-out session's tokens
 * stop at once on the instance that ended them and, through the bus, on the other within milliseconds; a
 * favourite stored through one instance flags the listing served by the other, while the anonymous listing stays
 * the same bytes and ETag everywhere. Alerts: both instances see a projects refresh and tick often, yet a
 * new match is e-mailed once (one sender holds the `alerts:send` lease at a time), and an alert whose
 * sender dies mid-send is sent by the other instance once the claim runs out (nothing lost).
 */
import { setTimeout as sleep } from 'timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, agent, freePort, freshDatabase, redisServer, sql, startHaproxy, startInstance, instanceBaseEnv, type Instance, type LoadBalancer, type RedisServer } from '../helpers/cluster';
import { generatedData } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { mailedLink, mailText, smtp, startSmtpServer } from '../helpers/smtp';
import { REELLY_API_KEY, startFakeReelly } from '../../scripts/fakes/providers';

const PASSWORD = 'Marina-Gate-Tower-42';
const IP_MAX = 5;
const EMAIL_MAX = 3;
const PROJECTS_TTL_S = 4;
const ALERTS_POLL_MS = 250;
const ALERTS_SEND_TIMEOUT_MS = 4_000;
const projects = generatedData({ projects: 12, sales: 0, rentals: 0 }).projects;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let redis: RedisServer;
let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
let a: Instance;
let b: Instance;
let lb: LoadBalancer;

beforeAll(async () => {
  database = await freshDatabase();
  redis = await redisServer();
  reelly = await startFakeReelly();
  Object.assign(reelly.state, { projects: projects.projects, projectsAr: projects.projects_ar, developers: projects.developers });
  const smtpPort = await startSmtpServer();
  const env = {
    ...instanceBaseEnv(database.url, redis.url),
    CLIENT_URL: 'http://site.test.local',
    TRUST_PROXY: 'true',
    TRUST_PROXY_HOPS: '1',
    CONTACT_NOTIFY_EMAIL: '',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    EMAIL_FROM: 'website@cluster.test',
    EXTSOURCE_CRON: '',
    EXTSOURCE_PROJECTS_DRIVER: 'reelly',
    REELLY_BASE_URL: reelly.url,
    REELLY_API_KEY,
    EXTSOURCE_HTTP_RETRIES: '0',
    ACCOUNT_RATE_LIMIT_IP_MAX: String(IP_MAX),
    ACCOUNT_RATE_LIMIT_EMAIL_MAX: String(EMAIL_MAX),
    // A short lifetime lets a changed catalogue reach both instances; the alert ticks come fast.
    EXTSOURCE_PROJECTS_TTL_S: String(PROJECTS_TTL_S),
    ALERTS_UNSUBSCRIBE_SECRET: 'cluster-alerts-unsubscribe-secret',
    ALERTS_POLL_MS: String(ALERTS_POLL_MS),
    ALERTS_SEND_TIMEOUT_MS: String(ALERTS_SEND_TIMEOUT_MS),
  };
  const [portA, portB] = [await freePort(), await freePort()];
  [a, b] = await Promise.all([startInstance({ name: 'a', port: portA, env }), startInstance({ name: 'b', port: portB, env })]);
  lb = await startHaproxy({ port: await freePort(), backends: [a, b] });
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), lb?.stop()]);
  await Promise.all([redis?.stop(), reelly?.close()]);
  await database?.drop();
}, 60_000);

let clients = 0;
/** A client address of its own per call (instances trust one proxy hop), so limits couple no two tests. */
const clientIp = () => `2001:db8:c::${(clients += 1).toString(16)}`;
let accounts = 0;
const newEmail = () => `cluster.buyer.${Date.now()}.${(accounts += 1)}@example.com`;

const post = (instance: { url: string }, url: string, body: object, ip = clientIp()) => agent(instance).post(url).set('X-Forwarded-For', ip).send(body);
const me = (instance: { url: string }, jwt: string) => agent(instance).get('/api/v1/me').set('Authorization', `Bearer ${jwt}`);
const refresh = (instance: { url: string }, refreshToken: string) => post(instance, '/api/auth/refresh', { refreshToken });

/** How long the other instance may take to hear of a write: the bus carries it in tens of milliseconds. */
const BUS_BOUND_MS = 2_000;

/**
 * `jwt` is refused at once by the instance that ended its session and, as soon as the bus tells it (it
 * holds the buyer it checked), by the other one.
 */
async function refusedOnBoth(writer: Instance, jwt: string) {
  expect((await me(writer, jwt)).status).toBe(401);
  const other = writer === a ? b : a;
  const since = Date.now();
  await eventually(async () => expect((await me(other, jwt)).status).toBe(401), { timeoutMs: BUS_BOUND_MS });
  console.log(`session ended through ${writer === a ? 'A' : 'B'}: refused by the other instance ${Date.now() - since} ms later`);
}

/** Registers on A, confirms through the mailed code on B, signs in on A: a ready buyer. */
async function confirmedBuyer(extra: Record<string, unknown> = {}) {
  const email = newEmail();
  expect((await post(a, '/api/auth/local/register', { email, password: PASSWORD, ...extra })).status).toBe(200);
  const code = (await mailedLink(email, 'confirmation')).url.searchParams.get('confirmation')!;
  const confirmed = await agent(b).get(`/api/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`).set('X-Forwarded-For', clientIp());
  expect(confirmed.status).toBe(302);
  const signedIn = await post(a, '/api/auth/local', { identifier: email, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  return { email, id: signedIn.body.user.id as number, jwt: signedIn.body.jwt as string, refreshToken: signedIn.body.refreshToken as string };
}

describe('account rate limits across instances (counted in Redis)', () => {
  it(`per IP: registrations alternating over A and B are refused from the ${IP_MAX + 1}th on`, async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    // Bodies without a password: refused (400) after the limiter counted them, and nobody is created.
    for (let attempt = 0; attempt < IP_MAX + 2; attempt += 1) statuses.push((await post(attempt % 2 ? b : a, '/api/auth/local/register', { email: newEmail() }, ip)).status);
    expect(statuses).toEqual([...Array(IP_MAX).fill(400), 429, 429]);
    const refused = await post(a, '/api/auth/local/register', { email: newEmail() }, ip);
    expect(refused.body.error).toMatchObject({ status: 429, name: 'RateLimitError' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(b, '/api/auth/local/register', { email: newEmail() })).status).toBe(400);
  });

  it(`per e-mail: sign-ins on one address from ever-new IPs over A and B are refused from the ${EMAIL_MAX + 1}th on`, async () => {
    const email = newEmail();
    const statuses: number[] = [];
    for (const instance of [a, b, a, b, a]) statuses.push((await post(instance, '/api/auth/local', { identifier: email, password: 'Wrong-Password-00' })).status);
    expect(statuses).toEqual([...Array(EMAIL_MAX).fill(400), 429, 429]);
  });

  it('through haproxy: the address haproxy saw is counted, whatever X-Forwarded-For the client sends', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < IP_MAX + 1; attempt += 1) statuses.push((await post(lb, '/api/auth/forgot-password', { email: newEmail() }, `203.0.113.${attempt + 1}`)).status);
    expect(statuses).toEqual([...Array(IP_MAX).fill(200), 429]);
  });
});

describe('sessions across instances', () => {
  // Through the Content Manager on A, as an editor blocks: each instance holds the buyer it checked
  // (services/buyer.ts), so B learns of it through the bus (a raw SQL write would wait for the cache's lifetime).
  it('a buyer blocked by an editor on A is refused by both instances (B as the bus tells it), signed-in pages included, and cannot refresh on either', async () => {
    const buyer = await confirmedBuyer();
    const signedInListing = () => agent(b).get('/api/v1/off-plan/projects?per_page=5').set('Authorization', `Bearer ${buyer.jwt}`);
    expect((await me(a, buyer.jwt)).status).toBe(200);
    expect((await me(b, buyer.jwt)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await signedInListing()).headers['cache-control']).toBe('private, no-store');
    const [user] = await sql<{ document_id: string }>(database.url, 'select document_id from up_users where id = $1', [buyer.id]);
    const blocked = await agent(a)
      .put(`/content-manager/collection-types/plugin::users-permissions.user/${user.document_id}`)
      .set('Authorization', `Bearer ${await adminLogin(a)}`)
      .send({ blocked: true });
    expect(blocked.status).toBe(200);
    await refusedOnBoth(a, buyer.jwt);
    expect((await signedInListing()).headers['cache-control']).not.toMatch(/private/);
    expect((await refresh(b, buyer.refreshToken)).status).toBe(401);
    expect((await refresh(a, buyer.refreshToken)).status).toBe(401);
    const again = await post(b, '/api/auth/local', { identifier: buyer.email, password: PASSWORD });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Your account has been blocked by an administrator');
  });

  it('logout on A ends the session on B: access token and refresh token', async () => {
    const buyer = await confirmedBuyer();
    expect((await me(b, buyer.jwt)).status).toBe(200);
    const out = await agent(a).post('/api/auth/logout').set('Authorization', `Bearer ${buyer.jwt}`).send({ refreshToken: buyer.refreshToken });
    expect(out.status).toBe(200);
    await refusedOnBoth(a, buyer.jwt);
    expect((await refresh(b, buyer.refreshToken)).status).toBe(401);
  });

  it('a refresh on B retires the old access token on A', async () => {
    const buyer = await confirmedBuyer();
    expect((await me(a, buyer.jwt)).status).toBe(200);
    const renewed = await refresh(b, buyer.refreshToken);
    expect(renewed.status).toBe(200);
    await refusedOnBoth(b, buyer.jwt);
    expect((await me(a, renewed.body.jwt)).status).toBe(200);
  });

  it('a refresh token replayed on B after its rotation on A ends the sign-in on both instances, and the buyer is e-mailed', async () => {
    const buyer = await confirmedBuyer();
    const rotated = await refresh(a, buyer.refreshToken);
    expect(rotated.status).toBe(200);
    expect((await me(a, rotated.body.jwt)).status).toBe(200);
    expect((await me(b, rotated.body.jwt)).status).toBe(200);

    const replay = await refresh(b, buyer.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toMatchObject({ status: 401, name: 'UnauthorizedError', message: 'Invalid refresh token' });
    await refusedOnBoth(b, rotated.body.jwt);
    expect((await refresh(a, rotated.body.refreshToken)).status).toBe(401);
    expect((await refresh(b, rotated.body.refreshToken)).status).toBe(401);
    const mail = await eventually(() => {
      const found = smtp.received.find((m) => m.to.includes(buyer.email) && mailText(m).includes('You were signed out of your account'));
      if (!found) throw new Error('no signed-out e-mail yet');
      return found;
    }, { timeoutMs: 20_000 });
    expect(mailText(mail)).toContain('used twice');
  });
});

describe('favourites across instances', () => {
  const listing = '/api/v1/off-plan/projects?per_page=50';

  it("a favourite stored through A flags B's listing and detail; the anonymous listing stays the same bytes and ETag", async () => {
    const anonymousBefore = await agent(lb).get(listing).buffer(true);
    expect(anonymousBefore.status).toBe(200);
    const id = String(anonymousBefore.body.data.properties.data[0].id);

    const buyer = await confirmedBuyer();
    const put = await agent(a).put(`/api/v1/me/favorites/${encodeURIComponent(id)}`).set('Authorization', `Bearer ${buyer.jwt}`);
    expect(put.status).toBe(200);

    const signedIn = await agent(b).get(listing).set('Authorization', `Bearer ${buyer.jwt}`);
    expect(signedIn.status).toBe(200);
    const flags = Object.fromEntries(signedIn.body.data.properties.data.map((card: { id: string; is_favorited: boolean }) => [String(card.id), card.is_favorited]));
    expect(flags[id]).toBe(true);
    expect(Object.values(flags).filter(Boolean)).toHaveLength(1);
    expect(signedIn.headers['cache-control']).toMatch(/private/);
    expect(signedIn.headers['surrogate-key']).toBeUndefined();
    const detail = await agent(a).get(`/api/v1/off-plan/projects/${encodeURIComponent(id)}`).set('Authorization', `Bearer ${buyer.jwt}`);
    expect(detail.body.data.is_favorited).toBe(true);
    // B answers the buyer from what it holds (the fast lane): a removal on A reaches it through the bus.
    const flagOnB = async () => (await agent(b).get(listing).set('Authorization', `Bearer ${buyer.jwt}`)).body.data.properties.data[0].is_favorited;
    expect([await flagOnB(), await flagOnB()]).toEqual([true, true]);
    expect((await agent(a).delete(`/api/v1/me/favorites/${encodeURIComponent(id)}`).set('Authorization', `Bearer ${buyer.jwt}`)).status).toBe(200);
    await eventually(async () => expect(await flagOnB()).toBe(false), { timeoutMs: BUS_BOUND_MS });

    // Round robin: consecutive anonymous reads through haproxy land on both instances.
    const anonymous = await Promise.all([0, 1, 2, 3].map(async () => agent(lb).get(listing).buffer(true)));
    for (const res of [...anonymous, await agent(a).get(listing).buffer(true), await agent(b).get(listing).buffer(true)]) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(anonymousBefore.text);
      expect(res.headers.etag).toBe(anonymousBefore.headers.etag);
      expect(res.headers['cache-control']).toBe(anonymousBefore.headers['cache-control']);
      expect(res.text).not.toContain('is_favorited');
    }
    const fresh = await agent(lb).get(listing).set('If-None-Match', anonymousBefore.headers.etag);
    expect(fresh.status).toBe(304);
  });
});

describe('alerts across instances', () => {
  const template = projects.projects.find((one) => (one.location as { country?: string }).country === 'United Arab Emirates') ?? projects.projects[0];
  const project = (id: number, name: string) => ({ ...template, id, name, slug_name: name.toLowerCase().replace(/\s+/g, '-') });
  /** The alert e-mails to `email` (its confirmation e-mail aside). */
  const alertsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email) && /^List-Unsubscribe:/im.test(mail.raw));
  const outbox = (buyerId: number) =>
    sql<{ id: number; project_id: string; status: string; attempts: number; claimed_by: string | null }>(database.url, 'select id, project_id, status, attempts, claimed_by from app_alerts where buyer_id = $1 order by id', [buyerId]);
  const total = async (instance: Instance) => (await agent(instance).get('/api/v1/off-plan/projects?per_page=1')).body.data.properties.total as number;

  /** Adds a project to the fake's catalogue; once both instances serve it (each refreshes after the lifetime ran out). */
  async function add(name: string, id: number): Promise<void> {
    const before = await total(a);
    reelly.state.projects = [...reelly.state.projects, project(id, name)];
    await eventually(async () => expect([await total(a), await total(b)]).toEqual([before + 1, before + 1]), { timeoutMs: PROJECTS_TTL_S * 1000 + 20_000, intervalMs: 500 });
  }

  let buyer: Awaited<ReturnType<typeof confirmedBuyer>>;
  beforeAll(async () => {
    buyer = await confirmedBuyer({ marketing_consent: true });
    const search = await agent(b).post('/api/v1/me/saved-searches').set('Authorization', `Bearer ${buyer.jwt}`).send({ name: 'Cluster towers', query: 'project_name=Cluster Alert', frequency: 'instant' });
    expect(search.status).toBe(201);
  });

  it('a new project matching an instant search, seen by both instances: one e-mail, its outbox row sent', async () => {
    await add('Cluster Alert Tower', 990001);
    const [mail] = await eventually(() => {
      const found = alertsTo(buyer.email);
      expect(found).toHaveLength(1);
      return found;
    }, { timeoutMs: 20_000 });
    expect(mailText(mail)).toContain('Cluster Alert Tower');
    // Many ticks of both instances later, and a refresh of the same catalogue, still that one e-mail.
    await sleep(PROJECTS_TTL_S * 1000 + 500);
    await Promise.all([total(a), total(b)]);
    await sleep(20 * ALERTS_POLL_MS);
    expect(alertsTo(buyer.email)).toHaveLength(1);
    expect((await outbox(buyer.id)).map((row) => [row.project_id, row.status, Number(row.attempts)])).toEqual([['990001', 'sent', 1]]);
  });

  // Last in this file: one instance is gone afterwards.
  it('the instance holding the send lease dies mid-send: the other sends the alert when the claim runs out', async () => {
    smtp.stalled = 0;
    smtp.stall = true;
    let survivor: Instance | undefined;
    try {
      await add('Cluster Alert Heights', 990002);
      await eventually(() => expect(smtp.stalled).toBeGreaterThan(0), { timeoutMs: 20_000, intervalMs: 20 });
      // The claim's token starts with the sender's INSTANCE_ID: host:pid:random.
      const [claimed] = (await outbox(buyer.id)).filter((row) => row.project_id === '990002');
      const pid = Number(claimed.claimed_by?.split(':')[1]);
      const holder = [a, b].find((instance) => instance.child.pid === pid);
      if (!holder) throw new Error(`no instance has pid ${pid} (claim ${claimed.claimed_by})`);
      survivor = holder === a ? b : a;
      holder.child.kill('SIGKILL');
      await holder.exited;
      expect(alertsTo(buyer.email)).toHaveLength(1);
    } finally {
      smtp.stall = false;
    }
    // The dead sender's lease (30 s) and claim (the send timeout and a margin) run out, then the survivor sends.
    const mails = await eventually(() => {
      const found = alertsTo(buyer.email);
      expect(found).toHaveLength(2);
      return found;
    }, { timeoutMs: 60_000, intervalMs: 250 });
    expect(mailText(mails[1])).toContain('Cluster Alert Heights');
    const rows = await outbox(buyer.id);
    expect(rows.map((row) => [row.project_id, row.status])).toEqual([['990001', 'sent'], ['990002', 'sent']]);
    expect(Number(rows[1].attempts)).toBe(2);
    await sleep(10 * ALERTS_POLL_MS);
    expect(alertsTo(buyer.email)).toHaveLength(2);
    expect((await agent(survivor!).get('/_health')).status).toBe(204);
  }, 120_000);
});
