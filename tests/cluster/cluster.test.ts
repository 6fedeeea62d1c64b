/**
 * Several instances behave as one service. Two real Strapi processes (the compiled app, `strapi start`,
 * as production runs it) share one fresh PostgreSQL database and one redis-server started by this
 * test; haproxy balances them. Providers are the fake servers of scripts/fakes.
 *
 * The files in this folder run in order, in one worker, on the compiled app (dist/; the API needs no
 * admin panel build): npm test's cluster pass, after the PostgreSQL pass.
 */
import { spawn } from 'child_process';
import path from 'path';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'timers/promises';
import { checked } from '../helpers/contract';
import {
  adminLogin, agent, createApiToken, freePort, freshDatabase, instanceBaseEnv, redisServer, sql, startHaproxy, startInstance, uploadsOfThisRun,
  type Instance, type LoadBalancer, type RedisServer,
} from '../helpers/cluster';
import { eventually } from '../helpers/eventually';
import { generatedData } from '../helpers/app';
import { GOYZER_CREDENTIALS, REELLY_API_KEY, startFakeGoyzer, startFakeReelly } from '../../scripts/fakes/providers';
import { smtp, startSmtpServer } from '../helpers/smtp';
import { startWebhookReceiver, WEBHOOK_SECRET, type WebhookReceiver } from '../helpers/webhook-receiver';

const appDir = path.resolve(__dirname, '..', '..');
const HERO = 'api::luxury.luxury-hero';
const TESTIMONIAL = 'api::luxury.luxury-testimonial';
const CONTACT_PAGE = 'api::contact.contact-page';
const OFFPLAN_PAGE = 'api::off-plan.off-plan-page';
const BUS_DOWN_MAX_AGE_S = 3;
const PROJECTS_TTL_S = 6;
const RATE_LIMIT_MAX = 4;

const data = generatedData({ projects: 40, sales: 20, rentals: 5 });

let database: Awaited<ReturnType<typeof freshDatabase>>;
// The instances share the app's public/uploads (demo images, test uploads): what they add goes at the end.
let uploads: ReturnType<typeof uploadsOfThisRun>;
let redis: RedisServer;
let goyzer: Awaited<ReturnType<typeof startFakeGoyzer>>;
let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
let crm: WebhookReceiver;
let smtpPort: number;
let a: Instance;
let b: Instance;
let lb: LoadBalancer;
let adminToken: string;
let apiToken: string;

/** What every instance (and the CLI) gets: one database, one Redis, the fake providers. */
function sharedEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...instanceBaseEnv(database.url, redis.url),
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    TRUST_PROXY_HOPS: '1',
    ADMIN_LOGIN_RATE_LIMIT_MAX: '100',
    CONTACT_RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    // Every lead goes to the sales inbox and the CRM; both instances' workers look for due deliveries often.
    CONTACT_NOTIFY_EMAIL: 'sales@cluster.test',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    EMAIL_FROM: 'website@cluster.test',
    LEAD_WEBHOOK_URL: crm.url,
    LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
    LEAD_DELIVERY_POLL_MS: '50',
    PUBLISH_SCHEDULE_POLL_MS: '100',
    CACHE_MAX_AGE_S: '600',
    CACHE_BUS_DOWN_MAX_AGE_S: String(BUS_DOWN_MAX_AGE_S),
    EXTSOURCE_CRON: '',
    EXTSOURCE_LISTINGS_DRIVER: 'goyzer',
    GOYZER_BASE_URL: goyzer.url,
    GOYZER_ACCESS_CODE: GOYZER_CREDENTIALS.accessCode,
    GOYZER_GROUP_CODE: GOYZER_CREDENTIALS.groupCode,
    EXTSOURCE_HTTP_TIMEOUT_MS: '10000',
    EXTSOURCE_HTTP_RETRIES: '0',
    EXTSOURCE_PROJECTS_DRIVER: 'reelly',
    REELLY_BASE_URL: reelly.url,
    REELLY_API_KEY,
    EXTSOURCE_PROJECTS_TTL_S: String(PROJECTS_TTL_S),
    EXTSOURCE_DETAIL_RATE: '400',
    ...extra,
  };
}

async function startPair(extra: Record<string, string> = {}): Promise<[Instance, Instance]> {
  const [portA, portB] = [await freePort(), await freePort()];
  return Promise.all([
    startInstance({ name: 'a', port: portA, env: sharedEnv(extra) }),
    startInstance({ name: 'b', port: portB, env: sharedEnv(extra) }),
  ]);
}

beforeAll(async () => {
  uploads = uploadsOfThisRun();
  database = await freshDatabase();
  redis = await redisServer();
  goyzer = await startFakeGoyzer({ pageSize: 1 });
  goyzer.state.sales = data.listings.sales;
  goyzer.state.rentals = data.listings.rentals;
  reelly = await startFakeReelly();
  reelly.state.projects = data.projects.projects;
  reelly.state.projectsAr = data.projects.projects_ar;
  reelly.state.developers = data.projects.developers;
  crm = await startWebhookReceiver();
  smtpPort = await startSmtpServer();
  // Both at once, on an empty database: what the first test checks.
  [a, b] = await startPair();
  lb = await startHaproxy({ port: await freePort(), backends: [a, b] });
  adminToken = await adminLogin(a);
  apiToken = await createApiToken(a, adminToken);
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), lb?.stop()]);
  await Promise.all([redis?.stop(), goyzer?.close(), reelly?.close(), crm?.close()]);
  await database?.drop();
  uploads?.remove();
}, 60_000);

const asAdmin = (test: ReturnType<ReturnType<typeof agent>['get']>) => test.set('Authorization', `Bearer ${adminToken}`);
const logLines = (instance: Instance, pattern: RegExp) => instance.lines.filter((line) => pattern.test(line));

async function getJson(instance: { url: string }, route: string) {
  const res = await checked(agent(instance).get(route));
  expect(res.status).toBe(200);
  return res.body;
}

/**
 * Warms B's cache (and its fast lane) with the current value, runs `edit` through A, then polls B
 * until `read` returns `expected`: the delay, which the bus keeps far below any cache lifetime.
 */
async function editReachesB(what: string, route: string, read: (body: Record<string, any>) => unknown, expected: unknown, edit: () => Promise<void>) {
  for (let warm = 0; warm < 2; warm += 1) expect(read(await getJson(b, route))).not.toEqual(expected);
  const started = Date.now();
  await edit();
  const edited = Date.now();
  await eventually(async () => {
    const res = await agent(b).get(route);
    expect(res.status === 200 && JSON.stringify(read(res.body)) === JSON.stringify(expected), `${what} on B`).toBe(true);
  });
  const delay = Date.now() - edited;
  console.log(`${what}: edit through A took ${edited - started} ms, then B served it ${delay} ms later`);
  return delay;
}

const contentManager = (method: 'put' | 'post', route: string) => asAdmin(agent(a)[method](`/content-manager${route}`));

/** An editor's "Publish" on a single type: saves the draft and publishes it in one transaction. */
async function publishSingleType(uid: string, body: Record<string, unknown>) {
  const res = await contentManager('post', `/single-types/${uid}/actions/publish`).send(body);
  expect(res.status).toBe(200);
}

describe('started together on an empty database', () => {
  it('both instances are up, with one schema, one first admin and one set of demo content', async () => {
    expect([a.exitStatus(), b.exitStatus()]).toEqual([undefined, undefined]);
    // Documents, not rows: with Draft & Publish a published document is two rows (draft and published).
    const count = async (table: string) => Number((await sql<{ n: string }>(database.url, `select count(distinct document_id) as n from ${table}`))[0].n);
    expect(await count('admin_users')).toBe(1);
    expect(await count('luxury_testimonials')).toBe(4);
    expect(await count('luxury_hero')).toBe(1);
    expect(await count('contact_page')).toBe(1);
    expect(await count('off_plan_page')).toBe(1);
    const waited = [...logLines(a, /another instance is starting/), ...logLines(b, /another instance is starting/)];
    expect(waited).toHaveLength(1);
    expect((await getJson(b, '/api/v1/luxury')).data.testimonials).toHaveLength(4);
  });
});

describe('one provider fetch per project-collection fill, across instances', () => {
  const listingTotal = async (instance: Instance) => (await getJson(instance, '/api/v1/off-plan/projects')).data.properties.total as number;
  /** Reads of the catalogue's page (one page here), in English or, beside each, in Arabic. */
  const pagesIn = (language: string | null) => reelly.state.requests.filter((request) => request.path === '/projects' && request.query.get('language') === language).length;
  const projectPages = () => {
    expect(pagesIn('ar')).toBe(pagesIn(null));
    return pagesIn(null);
  };

  it('started together: one fetch between them before they listened (decision 175), every reader served without another', async () => {
    expect(projectPages(), 'the fills of both starts').toBe(1);
    reelly.state.requests = [];
    const totals = await Promise.all([a, b, a, b, a, b].map(listingTotal));
    expect(totals).toEqual(Array(6).fill(40));
    expect(projectPages(), 'fetches after the starts').toBe(0);
  });

  it('a stale collection is refreshed once for both, and both serve the new one', async () => {
    reelly.state.projects = [...data.projects.projects, { ...data.projects.projects[0], id: 999001, name: 'Refreshed Tower' }];
    await sleep(PROJECTS_TTL_S * 1000 + 200);
    reelly.state.requests = [];
    await eventually(async () => {
      const totals = await Promise.all([listingTotal(a), listingTotal(b)]);
      expect(totals.every((total) => total === 41), 'both instances serve the refreshed collection').toBe(true);
    }, { timeoutMs: 15_000 });
    expect(projectPages()).toBe(1);
  });
});

describe('project details across instances', () => {
  const readAhead = async () => (await checked(agent(a).get('/api/extsource/stats').set('Authorization', `Bearer ${apiToken}`))).body.data.project_details;
  const detailRequests = () => reelly.state.requests.filter((request) => request.path.startsWith('/projects/')).length;

  it('are read ahead by one instance; both answer every project in full without asking the provider', async () => {
    // The collection was just refreshed (above): the run to wait for is the one that lists the refreshed collection.
    const listed = (await getJson(a, '/api/v1/off-plan/projects')).data.properties.total as number;
    await eventually(async () => {
      const progress = await readAhead();
      expect(progress?.state === 'done' && progress.listed === listed, `the read-ahead of the ${listed} projects finished`).toBe(true);
    }, { timeoutMs: 30_000 });
    expect(await readAhead()).toMatchObject({ failed: 0 });
    const ids = reelly.state.projects.filter((project) => (project.location as { country?: string }).country === 'United Arab Emirates').map((project) => String(project.id));
    reelly.state.requests = [];
    for (const instance of [a, b]) {
      for (const id of ids) {
        const { data: project } = await getJson(instance, `/api/v1/off-plan/projects/${id}`);
        expect(project.detail_status, `project ${id} on ${instance.name}`).toBeUndefined();
        expect(project.apartments.length).toBeGreaterThan(0);
      }
    }
    expect(detailRequests()).toBe(0);
    const runs = [...logLines(a, /read ahead \d+ of \d+ project details/), ...logLines(b, /read ahead \d+ of \d+ project details/)];
    expect(runs.length).toBeGreaterThan(0);
  });
});

describe('an edit through A (Content Manager HTTP API) is served by B', () => {
  const delays: number[] = [];
  afterAll(() => {
    if (delays.length) console.log(`edit-to-B delays (ms): ${delays.join(', ')}; worst ${Math.max(...delays)}`);
  });

  it('a single-type publish: the luxury page', async () => {
    delays.push(await editReachesB('luxury hero publish', '/api/v1/luxury', (body) => body.data.hero.title, 'Published on A', () =>
      publishSingleType(HERO, { title: 'Published on A' })
    ));
    expect(Math.max(...delays)).toBeLessThan(1000);
  });

  it('a testimonial created and published, then bulk deleted', async () => {
    const names = (body: Record<string, any>) => body.data.testimonials.map((item: { reviewer_name: string }) => item.reviewer_name).includes('Bulk Cluster');
    let documentId = '';
    delays.push(await editReachesB('testimonial created and published', '/api/v1/luxury', names, true, async () => {
      const res = await contentManager('post', `/collection-types/${TESTIMONIAL}/actions/publish`).send({ reviewer_name: 'Bulk Cluster', text: 'Superb.', rating: 5, order: 9, is_active: true });
      expect(res.status).toBe(200);
      documentId = res.body.data.documentId;
    }));
    delays.push(await editReachesB('testimonial bulk delete', '/api/v1/luxury', names, false, async () => {
      const res = await contentManager('post', `/collection-types/${TESTIMONIAL}/actions/bulkDelete`).send({ documentIds: [documentId] });
      expect(res.status).toBe(200);
    }));
    expect(Math.max(...delays)).toBeLessThan(1000);
  });

  it('a media file set, replaced (same URL, new bytes, from the shared uploads folder) and deleted', async () => {
    const red = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    const blue = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==', 'base64');
    const uploaded = await asAdmin(agent(a).post('/upload')).attach('files', red, { filename: 'tower.png', contentType: 'image/png' });
    expect(uploaded.status).toBe(201);
    const file = uploaded.body[0];
    const image = (body: Record<string, any>) => body.data.hero.background_image;
    delays.push(await editReachesB('hero image set', '/api/v1/luxury', image, `http://cms.test.local${file.url}`, () =>
      publishSingleType(HERO, { background_image: file.id })
    ));

    // Strapi keeps a replaced file's URL: B's page stays right, and B serves the new bytes under it.
    const bytes = async (instance: Instance) => (await agent(instance).get(file.url).buffer(true)).body as Buffer;
    const before = await bytes(b);
    const replaced = await asAdmin(agent(a).post('/upload').query({ id: file.id })).attach('files', blue, { filename: 'tower.png', contentType: 'image/png' });
    expect(replaced.status).toBe(200);
    expect(replaced.body.url).toBe(file.url);
    expect(image(await getJson(b, '/api/v1/luxury'))).toBe(`http://cms.test.local${file.url}`);
    expect(await bytes(b)).not.toEqual(before);
    expect(await bytes(b)).toEqual(await bytes(a));

    delays.push(await editReachesB('media delete', '/api/v1/luxury', image, 'http://cms.test.local/images/placeholder.svg', async () => {
      expect((await asAdmin(agent(a).delete(`/upload/files/${file.id}`))).status).toBe(200);
    }));
    expect(Math.max(...delays)).toBeLessThan(1000);
  });

  it('the contact page', async () => {
    delays.push(await editReachesB('contact page publish', '/api/v1/contact-us-page', (body) => body.data.title, 'Talk to us (edited on A)', () =>
      publishSingleType(CONTACT_PAGE, { title: 'Talk to us (edited on A)' })
    ));
    expect(Math.max(...delays)).toBeLessThan(1000);
  });

  it('the off-plan page: the legacy page and the listing', async () => {
    delays.push(await editReachesB('off-plan page publish (listing)', '/api/v1/off-plan/projects', (body) => body.data.listing_header.title, 'Launches edited on A', () =>
      publishSingleType(OFFPLAN_PAGE, { listing_page_title: 'Launches edited on A' })
    ));
    delays.push(await editReachesB('off-plan page publish (legacy page)', '/api/v1/off-plan', (body) => body.data.hero.subtitle, 'Subtitle edited on A', () =>
      publishSingleType(OFFPLAN_PAGE, { hero_subtitle: 'Subtitle edited on A' })
    ));
    expect(Math.max(...delays)).toBeLessThan(1000);
  });
});

const lead = {
  first_name: 'Cluster', last_name: 'Lead', email: 'cluster.lead@example.com', mobile: '+971 50 123 4567',
  method_of_contact: 'Email', message: 'Interested in a villa.',
};
let nextIp = 0;
const clientIp = () => `198.51.100.${(nextIp += 1)}`;
const postContact = (target: { url: string }, forwardedFor?: string) => {
  const request = agent(target).post('/api/v1/contact-us').send(lead);
  return forwardedFor ? request.set('X-Forwarded-For', forwardedFor) : request;
};

describe('scheduled publishing across instances', () => {
  it('runs once, on whichever instance, and both serve the published page', async () => {
    const save = await contentManager('put', `/single-types/${HERO}?locale=en`).send({ title: 'Scheduled on A' });
    expect(save.status).toBe(200);
    for (let warm = 0; warm < 2; warm += 1) expect((await getJson(b, '/api/v1/luxury')).data.hero.title).not.toBe('Scheduled on A');
    const scheduled = await asAdmin(agent(a).post('/publication-schedule')).send({ uid: HERO, locale: 'en', action: 'publish', at: new Date(Date.now() + 1500).toISOString() });
    expect(scheduled.status).toBe(201);
    const id = scheduled.body.data.id as number;
    for (const instance of [a, b]) {
      await eventually(async () => expect((await getJson(instance, '/api/v1/luxury')).data.hero.title === 'Scheduled on A', `the scheduled publish on ${instance.name}`).toBe(true));
    }
    // Several ticks of both instances later, it has still run once.
    await sleep(1000);
    const runs = [a, b].flatMap((instance) => logLines(instance, new RegExp(`scheduled publish #${id} .*: done`)));
    expect(runs).toHaveLength(1);
    const [row] = await sql<{ status: string }>(database.url, 'select status from app_scheduled_publications where id = $1', [id]);
    expect(row.status).toBe('done');
  });
});

describe('contact rate limit', () => {
  it('is counted across A and B (shared in Redis)', async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (const instance of [a, b, a, b, b, a]) statuses.push((await postContact(instance, ip)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('counts the address haproxy saw, whatever X-Forwarded-For the client sent', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= RATE_LIMIT_MAX + 2; i += 1) {
      statuses.push((await postContact(lb, `203.0.113.${i}, 192.0.2.50`)).status);
    }
    expect(statuses).toEqual([...Array(RATE_LIMIT_MAX).fill(201), 429, 429]);
  });
});

describe('lead deliveries across instances', () => {
  it('each delivery is sent exactly once, whichever instance stored the lead and whichever claims it', async () => {
    const tag = `cluster-lead-${Date.now()}`;
    const LEADS = 80;
    let ids: number[] = [];
    // A slow CRM keeps rounds under way on both instances at once, so their claims meet on the same rows.
    crm.delayMs = 30;
    try {
      ids = await Promise.all(
        Array.from({ length: LEADS }, async (_, i) => {
          const res = await agent(i % 2 ? a : b).post('/api/v1/contact-us').set('X-Forwarded-For', `2001:db8:c1::${i + 1}`)
            // A person each (decision 144: one person's leads after the first are repeats, which get no e-mail).
            .send({ first_name: 'Cluster', last_name: `Lead ${i}`, email: `${tag}-${i}@example.com`, mobile: `+97156${String(i).padStart(7, '0')}` });
          expect(res.status).toBe(201);
          return res.body.data.id as number;
        })
      );
      await eventually(async () => {
        const [row] = await sql<{ n: string }>(database.url, "select count(*) as n from app_lead_deliveries where status = 'delivered' and contact_id = any($1)", [ids]);
        expect(Number(row.n) === 2 * LEADS, 'every delivery delivered').toBe(true);
      }, { timeoutMs: 60_000 });
    } finally {
      crm.delayMs = 0;
    }
    const hooks = crm.received.filter((hook) => hook.email.startsWith(tag));
    expect(hooks).toHaveLength(LEADS);
    expect(new Set(hooks.map((hook) => hook.headers['idempotency-key'])).size).toBe(LEADS);
    expect(new Set(hooks.map((hook) => hook.email)).size).toBe(LEADS);
    const mails = smtp.received.filter((mail) => mail.raw.includes(tag));
    expect(mails).toHaveLength(LEADS);
    // A backlog due at one moment (as after a CRM outage): both instances, polling, claim from it at once.
    const BACKLOG = 400;
    const dueAt = Date.now() + 1500;
    const keys = await sql<{ idempotency_key: string }>(
      database.url,
      `insert into app_lead_deliveries (contact_id, target, idempotency_key, status, attempts, next_attempt_at, created_at, round_started_at, updated_at)
       select ($1::int[])[1 + (n % $2::int)], 'webhook', $3 || '-' || n, 'retrying', 1, $4, $4, $4, $4 from generate_series(1, $5) as n
       returning idempotency_key`,
      [ids, LEADS, tag, dueAt, BACKLOG]
    );
    await eventually(async () => {
      const [row] = await sql<{ n: string }>(database.url, "select count(*) as n from app_lead_deliveries where status = 'delivered' and idempotency_key like $1", [`${tag}-%`]);
      expect(Number(row.n) === BACKLOG, 'the backlog delivered').toBe(true);
    }, { timeoutMs: 60_000 });
    const backlogHooks = crm.received.filter((hook) => String(hook.headers['idempotency-key']).startsWith(`${tag}-`));
    expect(backlogHooks).toHaveLength(BACKLOG);
    expect(new Set(backlogHooks.map((hook) => hook.headers['idempotency-key']))).toEqual(new Set(keys.map((key) => key.idempotency_key)));
    // Both instances sent some of the backlog: the claims really were shared.
    const sentBy = (instance: Instance) => logLines(instance, /lead delivery #\d+ .*webhook, attempt 2\): delivered/).length;
    console.log(`lead delivery backlog: ${sentBy(a)} sent by A, ${sentBy(b)} by B`);
    expect(sentBy(a) + sentBy(b)).toBe(BACKLOG);
    expect(sentBy(a)).toBeGreaterThan(0);
    expect(sentBy(b)).toBeGreaterThan(0);
  });
});

describe('repeats across instances', () => {
  it('the same submission to A and B at once is one first lead and one repeat of it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const person = { first_name: 'Racer', email: `race-${round}-${Date.now()}@example.com`, mobile: `+97157${String(round).padStart(7, '0')}` };
      const answers = await Promise.all([a, b].map((instance, i) => agent(instance).post('/api/v1/contact-us').set('X-Forwarded-For', `2001:db8:c2::${round * 2 + i + 1}`).send(person)));
      expect(answers.map((res) => res.status)).toEqual([201, 201]);
      const ids = answers.map((res) => res.body.data.id as number);
      const rows = await sql<{ id: number; repeat_of: number | null }>(database.url, 'select id, repeat_of from contacts where id = any($1) order by id', [ids]);
      const firsts = rows.filter((row) => row.repeat_of === null);
      expect(firsts).toHaveLength(1);
      expect(rows.filter((row) => row.repeat_of === firsts[0].id)).toHaveLength(1);
      const events = await sql<{ contact_id: number; target: string; event: string | null }>(database.url, 'select contact_id, target, event from app_lead_deliveries where contact_id = any($1) order by contact_id, target', [ids]);
      const repeat = rows.find((row) => row.repeat_of !== null)!.id;
      expect(events.filter((row) => row.contact_id === repeat).map((row) => [row.target, row.event])).toEqual([['webhook', 'lead.repeated']]);
    }
  });
});

describe('syncs across instances and the CLI', () => {
  const sync = (instance: Instance) => agent(instance).post('/api/extsource/sync/all').set('Authorization', `Bearer ${apiToken}`);
  const runsBy = (status: string) => sql<{ id: number; status: string; owner: string }>(database.url, 'select id, status, owner from extsource_sync_runs where status = $1 order by id', [status]);

  it('concurrent POST /sync/all to A and B: one runs, the other answers 409', async () => {
    goyzer.state.faults = [{ path: 'SalesListings', delayMs: 100 }];
    const before = (await sql<{ n: string }>(database.url, 'select count(*) as n from extsource_sync_runs'))[0].n;
    try {
      const [fromA, fromB] = await Promise.all([sync(a), sync(b)]);
      const byStatus = [fromA, fromB].sort((x, y) => x.status - y.status);
      expect(byStatus.map((res) => res.status)).toEqual([200, 409]);
      expect(byStatus[0].body.data).toMatchObject({ status: 'succeeded', fetched: 25 });
      // It names what the winner held at that instant: both types, or the first it had taken so far.
      expect(byStatus[1].body).toMatchObject({ error_code: 'SYNC_IN_PROGRESS', message: expect.stringMatching(/^A sync of (sales|rentals|sales and rentals) is already running$/) });
    } finally {
      goyzer.state.faults = [];
    }
    const after = (await sql<{ n: string }>(database.url, 'select count(*) as n from extsource_sync_runs'))[0].n;
    expect(Number(after) - Number(before)).toBe(1);
  });

  it("a sync through A changes the sale and rent listings B answers, within seconds", async () => {
    const unit = goyzer.state.sales.find((candidate) => candidate.Status === 'Available' && candidate.StateName !== 'Dubai')!;
    const reference = String(unit.RefNo);
    const priceOn = async (instance: Instance) => (await agent(instance).get(`/api/v1/properties/${reference}`)).body.data?.price?.amount;
    await eventually(async () => expect(await priceOn(b)).toEqual(expect.any(Number)), { timeoutMs: 15_000 });
    unit.SellPrice = '7654321.0000';
    expect((await sync(a)).status).toBe(200);
    await eventually(async () => expect(await priceOn(b)).toBe(7654321), { timeoutMs: 15_000, intervalMs: 200 });
  });

  it("shows A's run on B's admin page; the CLI meanwhile gets 409 and A's run is not marked failed", async () => {
    goyzer.state.faults = [{ path: 'SalesListings', delayMs: 800 }];
    const running = sync(a).then((res) => res);
    try {
      await eventually(async () => {
        const res = await asAdmin(agent(b).get('/extsource/overview'));
        expect(res.status === 200 && res.body.data.running.some((entry: { fetched: number }) => entry.fetched > 0), "A's run in B's admin overview").toBe(true);
      }, { timeoutMs: 15_000 });
      const [live] = await runsBy('running');
      expect(live.owner).toMatch(/:\d+:/);

      const cli = spawn(process.execPath, [path.join(appDir, 'scripts', 'extsource-sync.js'), 'all'], {
        cwd: appDir,
        env: { ...process.env, ...sharedEnv() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      cli.stdout.on('data', (chunk) => (output += chunk));
      cli.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
      expect(output).toContain('A sync of sales and rentals is already running');
      expect(code).toBe(3);

      // The CLI's start-up (which fails runs whose owner stopped) left A's live run alone.
      expect(await runsBy('running')).toEqual([live]);
    } finally {
      goyzer.state.faults = [];
    }
    const finished = await running;
    expect(finished.status).toBe(200);
    expect(finished.body.data.status).toBe('succeeded');
  });
});

describe('Redis stopped mid-run, then back', () => {
  const unreachable = /redis: unreachable/;

  it('every route answers on both instances, the loss is logged once, an edit still reaches B', async () => {
    await redis.stop();
    for (const instance of [a, b]) {
      for (const route of [
        '/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/off-plan', '/api/v1/off-plan/projects', '/api/v1/off-plan/projects/filters',
        `/api/v1/off-plan/projects/${data.projects.projects[1].id}`, '/api/v1/health', '/api/v1/openapi.json',
      ]) {
        expect(`${route}: ${(await agent(instance).get(route)).status}`).toBe(`${route}: 200`);
      }
      expect((await agent(instance).get('/_health')).status).toBe(204);
      expect((await postContact(instance, clientIp())).status).toBe(201);
      for (const route of ['/api/extsource/stats', '/api/extsource/properties', '/api/extsource/test']) {
        expect(`${route}: ${(await agent(instance).get(route).set('Authorization', `Bearer ${apiToken}`)).status}`).toBe(`${route}: 200`);
      }
    }
    const delay = await editReachesB('hero publish while Redis is down', '/api/v1/luxury', (body) => body.data.hero.subtitle, 'Redis is down', () =>
      publishSingleType(HERO, { subtitle: 'Redis is down' })
    );
    expect(delay).toBeLessThan(BUS_DOWN_MAX_AGE_S * 1000);
    await sleep(3000);
    for (const instance of [a, b]) {
      expect(logLines(instance, unreachable)).toHaveLength(1);
      expect(logLines(instance, /Unhandled error event/)).toEqual([]);
    }
  });

  it('reconnects by itself: counts are shared in Redis again', async () => {
    await redis.start();
    await eventually(() => expect([a, b].every((instance) => logLines(instance, /redis: connected again/).length === 1), 'both instances back on Redis').toBe(true), { timeoutMs: 15_000 });
    const ip = clientIp();
    expect((await postContact(a, ip)).status).toBe(201);
    expect((await postContact(b, ip)).status).toBe(201);
    const client = new Redis(redis.url);
    try {
      expect(await client.get(`rl:contact:${ip}`)).toBe('2');
    } finally {
      client.disconnect();
    }
  });
});

describe('the PostgreSQL listener (invalidation bus) cut, then back', () => {
  const killListeners = () =>
    sql(database.url, "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'cache-bus'");

  it('while it is down, edits reach B within the short fallback lifetime; the loss is logged once', async () => {
    await killListeners();
    const outage = setInterval(() => void killListeners().catch(() => undefined), 50);
    try {
      await eventually(() => expect(logLines(b, /cache bus: no PostgreSQL listener/).length === 1, 'B notices').toBe(true), { timeoutMs: 5_000 });
      const delay = await editReachesB('hero publish while the bus is down', '/api/v1/luxury', (body) => body.data.hero.subtitle, 'Bus is down', () =>
        publishSingleType(HERO, { subtitle: 'Bus is down' })
      );
      expect(delay).toBeLessThan(BUS_DOWN_MAX_AGE_S * 1000 + 1000);
      expect(logLines(b, /cache bus: no PostgreSQL listener/)).toHaveLength(1);
    } finally {
      clearInterval(outage);
    }
  });

  it('reconnects by itself, and edits travel over it again', async () => {
    const listening = async () =>
      Number((await sql<{ n: string }>(database.url, "select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'cache-bus' and query like 'LISTEN%'"))[0].n);
    await eventually(async () => expect((await listening()) === 2, 'both instances listening again').toBe(true), { timeoutMs: 20_000 });
    expect([a, b].every((instance) => logLines(instance, /cache bus: listening again/).length >= 1)).toBe(true);
    const delay = await editReachesB('hero publish after the bus came back', '/api/v1/luxury', (body) => body.data.hero.subtitle, 'Bus is back', () =>
      publishSingleType(HERO, { subtitle: 'Bus is back' })
    );
    expect(delay).toBeLessThan(1000);
  });
});

describe('the scheduled sync', () => {
  it('runs once per tick across instances (a rolling restart with the schedule on)', async () => {
    await Promise.all([a.stop(), b.stop()]);
    const since = new Date();
    [a, b] = await startPair({ EXTSOURCE_CRON: '*/3 * * * * *' });
    await sleep(7_500);
    await Promise.all([a.stop(), b.stop()]);
    const runs = await sql<{ started_at: Date; owner: string }>(
      database.url, "select started_at, owner from extsource_sync_runs where trigger = 'cron' and started_at >= $1 order by id", [since]
    );
    const ticks = new Map<number, number>();
    for (const run of runs) {
      const tick = Math.floor(new Date(run.started_at).getTime() / 3000);
      ticks.set(tick, (ticks.get(tick) ?? 0) + 1);
    }
    expect(ticks.size).toBeGreaterThanOrEqual(2);
    expect([...ticks.values()].every((count) => count === 1)).toBe(true);
    const claims = await sql<{ name: string }>(database.url, "select name from app_leases where name like 'extsource:cron:%'");
    expect(claims.length).toBeGreaterThanOrEqual(ticks.size);
  });
});
