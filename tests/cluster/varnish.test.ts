/**
 * A real Varnish with xkey in front of the service (deploy/varnish/default.vcl): public pages are served
 * from Varnish, and an editor's save purges exactly the answers built from what was saved, through the
 * purge the service sends after the commit (CDN_PURGE_URLS, with the shared secret), a scheduled
 * publication as well; a draft read passes through, stored nowhere. A project page kept while its
 * detail was pending is purged under its own key when the detail arrives, and so are the pages that
 * show it among their similar projects (decision 125); and when an editor publishes its SEO override. A
 * sync that changes a sale or rent listing purges the listings' pages and that listing's own answers,
 * not the others' (issue 43); a composed page is purged by its publish and by a sync that changes what
 * its live sections show (issue 45).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'timers/promises';
import { adminLogin, agent, CLUSTER_ADMIN, createApiToken, freshDatabase, type Instance } from '../helpers/cluster';
import { eventually } from '../helpers/eventually';
import { generatedData } from '../helpers/app';
import { appBehindVarnish, type Varnish } from '../helpers/varnish';
import { GOYZER_CREDENTIALS, startFakeGoyzer, startFakeReelly } from '../../scripts/fakes/providers';

const PURGE_SECRET = 'varnish-test-purge-secret';
const SIGNATURE = 'api::luxury.luxury-signature';
const CONTACT_PAGE = 'api::contact.contact-page';
const ROBOTS = 'api::sitemap.robots-txt';
const PAGE = 'api::pages.page';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: Instance;
let varnish: Varnish;
let adminToken: string;
let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
let goyzer: Awaited<ReturnType<typeof startFakeGoyzer>>;
const listings = generatedData({ projects: 0, sales: 12, rentals: 4 }).listings;
// Enough projects that some do not show the pending one among their similar projects.
const projects = generatedData({ projects: 40, sales: 0, rentals: 0 }).projects;
/** The project whose detail the provider fails at first. */
const PENDING_ID = String(projects.projects[2].id);
const UAE_IDS = projects.projects.filter((project) => (project.location as { country?: string }).country === 'United Arab Emirates').map((project) => String(project.id));

beforeAll(async () => {
  database = await freshDatabase();
  reelly = await startFakeReelly();
  Object.assign(reelly.state, { projects: projects.projects, projectsAr: projects.projects_ar, developers: projects.developers });
  reelly.state.faults = [{ path: `/projects/${PENDING_ID}`, status: 500 }];
  goyzer = await startFakeGoyzer({ pageSize: 50 });
  Object.assign(goyzer.state, { sales: listings.sales, rentals: listings.rentals });
  ({ app, varnish } = await appBehindVarnish({
    name: 'edge',
    databaseUrl: database.url,
    reellyUrl: reelly.url,
    purgeSecret: PURGE_SECRET,
    env: {
      ADMIN_EMAIL: CLUSTER_ADMIN.email,
      ADMIN_PASSWORD: CLUSTER_ADMIN.password,
      PUBLISH_SCHEDULE_POLL_MS: '200',
      EXTSOURCE_DETAIL_RATE: '400',
      EXTSOURCE_PROJECT_RETRY_S: '1',
      // Long enough that only a purge can replace a pending page within this test.
      CACHE_CONTROL_PENDING: 'public, max-age=0, s-maxage=120',
      EXTSOURCE_LISTINGS_DRIVER: 'goyzer',
      GOYZER_BASE_URL: goyzer.url,
      GOYZER_ACCESS_CODE: GOYZER_CREDENTIALS.accessCode,
      GOYZER_GROUP_CODE: GOYZER_CREDENTIALS.groupCode,
    },
  }));
  adminToken = await adminLogin(app);
}, 300_000);

afterAll(async () => {
  await Promise.all([varnish?.stop(), app?.stop(), reelly?.close(), goyzer?.close()]);
  await database?.drop();
}, 60_000);

interface Through {
  cache: string;
  body: Record<string, any>;
}

async function throughVarnish(route: string): Promise<Through> {
  const res = await fetch(`${varnish.url}${route}`);
  expect(res.status).toBe(200);
  return { cache: String(res.headers.get('x-cache')), body: (await res.json()) as Record<string, any> };
}

/** Two reads: the second is a Varnish hit (the first may be one too). */
async function cachedInVarnish(route: string): Promise<Through> {
  await throughVarnish(route);
  const second = await throughVarnish(route);
  expect(second.cache).toBe('HIT');
  return second;
}

async function publish(uid: string, body: Record<string, unknown>, locale = 'en'): Promise<void> {
  const res = await agent(app).post(`/content-manager/single-types/${uid}/actions/publish?locale=${locale}`).set('Authorization', `Bearer ${adminToken}`).send(body);
  expect(res.status).toBe(200);
}

/** The seeding's purges are retried until Varnish listens: one landing during a test would purge a page the test did not touch. */
const seedingPurgesThrough = () =>
  eventually(async () => expect(['luxury', 'contact-page'].every((key) => app.lines.some((line) => new RegExp(`cdn purge: .* purged ${key}\\b`).test(line))), 'the seeding purges through').toBe(true), { timeoutMs: 30_000 });

describe('Varnish with xkey in front of the service', () => {
  it('serves the public pages from its cache, and passes errors and other paths', async () => {
    await seedingPurgesThrough();
    await cachedInVarnish('/api/v1/luxury');
    await cachedInVarnish('/api/v1/contact-us-page');
    for (let i = 0; i < 2; i += 1) {
      const missing = await fetch(`${varnish.url}/api/v1/off-plan/projects/999999`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-cache')).toBe('MISS');
    }
  });

  it("an editor's save is purged: the next request through Varnish shows the edit; other pages stay cached", async () => {
    await seedingPurgesThrough();
    const before = await cachedInVarnish('/api/v1/luxury');
    expect(before.body.data.signature.description).not.toBe('Purged through xkey');
    await cachedInVarnish('/api/v1/contact-us-page');

    await publish(SIGNATURE, { description: 'Purged through xkey' });
    const saved = Date.now();
    await eventually(async () => expect((await throughVarnish('/api/v1/luxury')).body.data.signature.description === 'Purged through xkey', 'the edit through Varnish').toBe(true));
    const waited = Date.now() - saved;
    console.log(`varnish: the edit was served through Varnish ${waited} ms after the save returned`);
    expect((await throughVarnish('/api/v1/luxury')).cache).toBe('HIT');
    // Only what the save touched was purged.
    expect((await throughVarnish('/api/v1/contact-us-page')).cache).toBe('HIT');
    // The purges of the seeding, sent before Varnish listened, get through on a retry (backoff 1, 2, 4 s...,
    // so the line may come after this test's edit); none is given up.
    await eventually(async () => expect(app.lines.some((line) => /cdn purge: .* purged luxury after \d+ attempts/.test(line)), 'the seeding purge of luxury retried through').toBe(true), { timeoutMs: 20_000 });
    expect(app.lines.filter((line) => /cdn purge: gave up/.test(line))).toEqual([]);
  });

  it('the contact page too, under its own key', async () => {
    await cachedInVarnish('/api/v1/contact-us-page');
    await publish(CONTACT_PAGE, { title: 'Talk to us (purged)' });
    await eventually(async () => expect((await throughVarnish('/api/v1/contact-us-page')).body.data.title === 'Talk to us (purged)', 'the contact page edit through Varnish').toBe(true));
  });

  it('per language: an Arabic save purges the Arabic answers only; a shared field saved in English purges both', async () => {
    const english = await cachedInVarnish('/api/v1/luxury');
    await cachedInVarnish('/api/v1/luxury?locale=ar');
    await publish(SIGNATURE, { description: 'وصف جديد عبر xkey' }, 'ar');
    await eventually(async () => expect((await throughVarnish('/api/v1/luxury?locale=ar')).body.data.signature.description === 'وصف جديد عبر xkey', 'the Arabic edit through Varnish').toBe(true));
    const untouched = await throughVarnish('/api/v1/luxury');
    expect(untouched.cache).toBe('HIT');
    expect(untouched.body).toEqual(english.body);

    await publish(SIGNATURE, { link_url: '/signature-collection-2027' });
    for (const route of ['/api/v1/luxury', '/api/v1/luxury?locale=ar']) {
      await eventually(async () => expect((await throughVarnish(route)).body.data.signature.link_url === '/signature-collection-2027', `the shared link through Varnish on ${route}`).toBe(true));
    }
  });

  it('a scheduled publication purges as a manual publish does', async () => {
    await cachedInVarnish('/api/v1/luxury');
    const save = await agent(app).put(`/content-manager/single-types/${SIGNATURE}?locale=en`).set('Authorization', `Bearer ${adminToken}`).send({ description: 'Launched on schedule' });
    expect(save.status).toBe(200);
    const at = new Date(Date.now() + 1000).toISOString();
    const scheduled = await agent(app).post('/publication-schedule').set('Authorization', `Bearer ${adminToken}`).send({ uid: SIGNATURE, locale: 'en', action: 'publish', at });
    expect(scheduled.status).toBe(201);
    expect((await throughVarnish('/api/v1/luxury')).body.data.signature.description).not.toBe('Launched on schedule');
    await eventually(async () => expect((await throughVarnish('/api/v1/luxury')).body.data.signature.description === 'Launched on schedule', 'the scheduled publish through Varnish').toBe(true));
  });

  it('passes a draft read: never stored, never served to a visitor without the token', async () => {
    const token = await createApiToken(app, adminToken);
    const save = await agent(app).put(`/content-manager/single-types/${SIGNATURE}?locale=en`).set('Authorization', `Bearer ${adminToken}`).send({ description: 'Only in the draft' });
    expect(save.status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const draft = await fetch(`${varnish.url}/api/v1/luxury?status=draft`, { headers: { Authorization: `Bearer ${token}` } });
      expect(draft.status).toBe(200);
      expect(draft.headers.get('x-cache')).toBe('MISS');
      expect(((await draft.json()) as Record<string, any>).data.signature.description).toBe('Only in the draft');
    }
    const anonymous = await fetch(`${varnish.url}/api/v1/luxury?status=draft`);
    expect(anonymous.status).toBe(401);
    expect((await throughVarnish('/api/v1/luxury')).body.data.signature.description).not.toBe('Only in the draft');
  });

  it('the sitemap and robots.txt are purged with what they list: a published page, a published robots.txt', async () => {
    const read = async (route: string) => {
      const res = await fetch(`${varnish.url}${route}`);
      expect(res.status).toBe(200);
      return { cache: String(res.headers.get('x-cache')), body: await res.text() };
    };
    const kept = async (route: string) => {
      await read(route);
      const second = await read(route);
      expect(second.cache).toBe('HIT');
      return second;
    };
    const pages = '/api/v1/sitemaps/pages-1.xml';
    const before = await kept(pages);
    await kept('/api/v1/sitemap.xml');
    await publish(CONTACT_PAGE, { title: 'Listed anew in the sitemap' });
    // The contact page's lastmod moves: its key (contact-page) purges the parts and the index.
    await eventually(async () => expect((await read(pages)).body !== before.body, 'the sitemap part rebuilt through Varnish').toBe(true));
    expect((await read('/api/v1/sitemap.xml')).cache).toBe('MISS');

    const robots = await kept('/api/v1/robots.txt');
    expect(robots.body).toMatch(/^User-agent: \*\nAllow: \/\n\nSitemap: http:\/\/cms\.test\.local\/api\/v1\/sitemap\.xml\n$/);
    await publish(ROBOTS, { content: 'User-agent: *\nDisallow: /purged-through-xkey' });
    await eventually(async () => expect((await read('/api/v1/robots.txt')).body.includes('Disallow: /purged-through-xkey'), 'robots.txt through Varnish').toBe(true));
  });

  it("a sync that changes a sale listing purges the listings' pages and that listing's own answers, not the other listings'", async () => {
    const token = await createApiToken(app, adminToken);
    const sync = async () => expect((await agent(app).post('/api/extsource/sync/all').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    await sync();
    const unit = listings.sales.find((candidate) => candidate.Status === 'Available' && candidate.StateName !== 'Dubai')!;
    const route = `/api/v1/properties/${String(unit.RefNo)}`;
    const page = '/api/v1/properties?purpose=sale&sort=price_desc';
    await eventually(async () => expect((await cachedInVarnish(route)).body.data.reference).toBe(String(unit.RefNo)));
    expect((await cachedInVarnish(page)).body.data.listings.data[0].price.amount).toBeLessThan(99_000_000);
    // A rental: never similar to a sale listing, so nothing it shows changes with the sale's price.
    const rental = (await throughVarnish('/api/v1/properties?purpose=rent&per_page=1')).body.data.listings.data[0].reference as string;
    const rentalRoute = `/api/v1/properties/${encodeURIComponent(rental)}`;
    await cachedInVarnish(rentalRoute);
    unit.SellPrice = '99000000.0000';
    await sync();
    await eventually(async () => expect((await throughVarnish(route)).body.data.price.amount, 'the new price through Varnish').toBe(99_000_000));
    await eventually(async () => expect((await throughVarnish(page)).body.data.listings.data[0].reference, 'the listing page through Varnish').toBe(String(unit.RefNo)));
    expect((await throughVarnish(rentalRoute)).cache, 'a listing the sync did not change stays in Varnish').toBe('HIT');
  });

  it("a composed page follows the feed and its editor: a sync that changes a home its live section shows purges it, and so does a publish of the page", async () => {
    const token = await createApiToken(app, adminToken);
    const sync = async () => expect((await agent(app).post('/api/extsource/sync/all').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    await sync();
    const save = async (title: string, documentId?: string) => {
      const res = await agent(app)
        .post(`/content-manager/collection-types/${PAGE}/${documentId ? `${documentId}/` : ''}actions/publish?locale=en`)
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ title, slug: 'dearest-homes', kind: 'landing', sections: [{ __component: 'sections.listings', purpose: 'sale', query: 'sort=price_desc', limit: 1 }, { __component: 'sections.figures', catalogue: 'sale', query: '' }] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return String(res.body.data.documentId);
    };
    const documentId = await save('The dearest homes');
    const route = '/api/v1/pages/dearest-homes';
    const sections = async (through: Through) => through.body.data.sections as Array<Record<string, any>>;
    const [before] = await sections(await cachedInVarnish(route));
    // The cheapest public home becomes the dearest: dearer than any before, the one an earlier test raised included.
    const direct = async (path: string) => (await fetch(`${app.url}${path}`).then((res) => res.json())).data;
    const cheapest = (await direct('/api/v1/properties?purpose=sale&sort=price_asc&per_page=1')).listings.data[0].reference as string;
    expect(cheapest).not.toBe(before.items[0].reference);
    const unit = listings.sales.find((candidate) => String(candidate.RefNo) === cheapest)!;
    // Over 99,999,999.99, which a decimal(10,2) column refused on PostgreSQL and so failed the whole sale sync.
    unit.SellPrice = '199000000.0000';
    await sync();
    await eventually(async () => {
      const [dearest, figures] = await sections(await throughVarnish(route));
      expect(dearest.items[0].reference, 'the new dearest home through Varnish').toBe(String(unit.RefNo));
      expect(figures.figures.price_to.amount).toBe(199_000_000);
    });
    await cachedInVarnish(route);
    await save('The dearest homes, again', documentId);
    await eventually(async () => expect((await throughVarnish(route)).body.data.title, 'the publish through Varnish').toBe('The dearest homes, again'));
  });

  it('refuses a purge without the shared secret', async () => {
    await cachedInVarnish('/api/v1/luxury');
    const attempts: Array<Record<string, string>> = [{ xkey: 'luxury' }, { xkey: 'luxury', 'X-Purge-Token': 'wrong' }];
    for (const headers of attempts) {
      const res = await fetch(`${varnish.url}/`, { method: 'PURGE', headers });
      expect(res.status).toBe(403);
    }
    expect((await throughVarnish('/api/v1/luxury')).cache).toBe('HIT');
  });

  it('a project page kept while its detail was pending is replaced as soon as the detail arrives (its own key purged), with the pages showing it as similar', async () => {
    const route = `/api/v1/off-plan/projects/${PENDING_ID}`;
    const pending = await cachedInVarnish(route);
    expect(pending.body.data).toMatchObject({ id: PENDING_ID, detail_status: 'pending', apartments: [] });
    const atService = async (id: string) => (await fetch(`${app.url}/api/v1/off-plan/projects/${id}`).then((res) => res.json())).data;
    // Another project's page showing the pending one among its similar projects, and one that does not.
    let showing: string | undefined;
    let other: string | undefined;
    for (const id of UAE_IDS.filter((candidate) => candidate !== PENDING_ID)) {
      const shown = ((await atService(id)).similar as Array<{ id: string }>).map((card) => String(card.id));
      if (shown.includes(PENDING_ID)) showing ??= id;
      else other ??= id;
    }
    if (!showing || !other) throw new Error(`no project shows ${PENDING_ID} as similar, or every one does`);
    for (const id of [showing, other]) {
      await eventually(async () => expect((await atService(id)).detail_status === undefined, `project ${id} read ahead`).toBe(true), { timeoutMs: 20_000 });
      await cachedInVarnish(`/api/v1/off-plan/projects/${id}`);
    }

    reelly.state.faults = [];
    await sleep(1100);
    // A visitor's ask at the service reads the detail now that the retry interval is over.
    await eventually(async () => expect((await atService(PENDING_ID)).detail_status === undefined, 'the service holds the detail').toBe(true));
    const held = Date.now();
    await eventually(async () => expect((await throughVarnish(route)).body.data.detail_status === undefined, 'the full page through Varnish').toBe(true), { timeoutMs: 5_000 });
    const waited = Date.now() - held;
    console.log(`varnish: the full project page was served ${waited} ms after the service held the detail`);
    expect((await throughVarnish(route)).body.data.apartments.length).toBeGreaterThan(0);
    // The page showing it was purged under its key too; a page that does not show it was not.
    expect((await throughVarnish(`/api/v1/off-plan/projects/${showing}`)).cache).toBe('MISS');
    expect((await throughVarnish(`/api/v1/off-plan/projects/${other}`)).cache).toBe('HIT');
  });

  it("an editor's project SEO, published, purges that project's page alone (its own key), in each language", async () => {
    const id = String(projects.projects[4].id);
    const route = `/api/v1/off-plan/projects/${id}`;
    const answerOf = async (target: string) => (await fetch(`${app.url}${target}`).then((res) => res.json())).data;
    // Another page, one that does not show this project among its similar ones (those carry its key too).
    const others = projects.projects.map((project) => String(project.id)).filter((candidate) => candidate !== id && UAE_IDS.includes(candidate));
    const unrelated: string[] = [];
    for (const candidate of others) if (!(await answerOf(`/api/v1/off-plan/projects/${candidate}`)).similar.some((card: { id: string }) => String(card.id) === id)) unrelated.push(candidate);
    const other = `/api/v1/off-plan/projects/${unrelated.at(-1)}`;
    for (const target of [route, other]) {
      await eventually(async () => expect((await answerOf(target)).detail_status === undefined, 'read ahead').toBe(true), { timeoutMs: 20_000 });
    }
    for (const target of [route, `${route}?locale=ar`, other]) await cachedInVarnish(target);
    const collection = '/content-manager/collection-types/api::off-plan.project-seo';
    const created = await agent(app)
      .post(`${collection}?locale=en`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ project_id: String(projects.projects[4].id), seo: { meta_title: 'Through Varnish' } });
    expect(created.status).toBe(201);
    const published = await agent(app).post(`${collection}/${created.body.data.documentId}/actions/publish?locale=en`).set('Authorization', `Bearer ${adminToken}`).send({});
    expect(published.status).toBe(200);
    await eventually(async () => expect((await throughVarnish(route)).body.data.seo.meta_title).toBe('Through Varnish'), { timeoutMs: 5_000 });
    await eventually(async () => expect((await throughVarnish(`${route}?locale=ar`)).body.data.seo.meta_title).toBe('Through Varnish'), { timeoutMs: 5_000 });
    expect((await throughVarnish(other)).cache).toBe('HIT');
  });
});
