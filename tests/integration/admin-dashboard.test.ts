/**
 * The admin API behind the dashboard widgets and the Property sync page (leads summary, sync
 * dashboard, synced listings), and what Strapi's Editor role may do with leads and syncs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, editorAccount, getStrapi, http, newClientIp } from '../helpers/app';
import { scheduleSync, SYNC_JOB_NAME } from '../../src/plugins/extsource/server/src/schedule';

let strapi: Core.Strapi;
let admin: string;
let editor: string;

beforeAll(async () => {
  strapi = await getStrapi();
  admin = await adminToken();
  editor = await adminToken(await editorAccount());
});

async function adminGet(path: string, token = admin) {
  return (await http()).get(path).set('Authorization', `Bearer ${token}`);
}

async function postLead(first_name: string) {
  const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send({ first_name, last_name: 'Widget', email: 'lead.widget@example.com', mobile: '+971 50 111 2222', method_of_contact: 'Instagram' });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

describe('GET /leads/summary', () => {
  it('counts leads of today, 7 and 30 days and lists the latest five, newest first', async () => {
    const before = (await adminGet('/leads/summary')).body.data;
    const id = await postLead('Newest');
    const old = await strapi.db.query('api::contact.contact').create({ data: { first_name: 'Old', email: 'old@example.com', mobile: '+971 50 000 0000' } });
    // Received ten days ago (the query engine stamps createdAt itself, so the row is back-dated directly).
    await strapi.db.connection('contacts').where({ id: old.id }).update({ created_at: new Date(Date.now() - 10 * 24 * 3600 * 1000) });

    const res = await adminGet('/leads/summary');
    expect(res.status).toBe(200);
    const { counts, latest } = res.body.data;
    expect(counts).toEqual({
      today: before.counts.today + 1,
      last_7_days: before.counts.last_7_days + 1,
      last_30_days: before.counts.last_30_days + 2,
    });
    expect(latest.length).toBeLessThanOrEqual(5);
    expect(latest[0]).toMatchObject({ id, name: 'Newest Widget', email: 'lead.widget@example.com', method_of_contact: 'Instagram' });
    expect(latest[0].received_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const received = latest.map((lead: { received_at: string }) => lead.received_at);
    expect(received).toEqual([...received].sort().reverse());
    if (latest.length < 5) expect(latest.at(-1).id).toBe(old.id);
  });

  it("counts today from the start of the editor's day when the browser sends it", async () => {
    const dayStart = new Date().toISOString();
    await postLead('Today');
    const res = await adminGet(`/leads/summary?today=${encodeURIComponent(dayStart)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.counts.today).toBe(1);
  });

  it('refuses a day start that is not a date of the last 24 hours', async () => {
    for (const today of ['yesterday', '2020-01-01T00:00:00Z']) {
      const res = await adminGet(`/leads/summary?today=${today}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^today must be/);
    }
  });

  it('needs an admin session', async () => {
    expect((await (await http()).get('/leads/summary')).status).toBe(401);
  });
});

describe('Editor role', () => {
  it('reads leads but cannot create one (leads come from the website)', async () => {
    expect((await adminGet('/content-manager/collection-types/api::contact.contact', editor)).status).toBe(200);
    const created = await (await http())
      .post('/content-manager/collection-types/api::contact.contact')
      .set('Authorization', `Bearer ${editor}`)
      .send({ first_name: 'Fake', email: 'fake@example.com', mobile: '+971 50 000 0001' });
    expect(created.status).toBe(403);
    expect((await adminGet('/leads/summary', editor)).status).toBe(200);
  });

  it('still edits and publishes the site content, in English and in Arabic', async () => {
    // Each language saved with its own text: the other files read the demo's Arabic hero after this one.
    const heroIn = (locale: string) => strapi.documents('api::luxury.luxury-hero').findFirst({ locale });
    const publish = async (locale: string) => {
      const hero = await heroIn(locale);
      return (await http())
        .post(`/content-manager/single-types/api::luxury.luxury-hero/actions/publish?locale=${locale}`)
        .set('Authorization', `Bearer ${editor}`)
        .send({ ...hero, locale, title: hero!.title });
    };
    expect((await publish('en')).status).toBe(200);
    expect((await publish('ar')).status).toBe(200);
    const arabicBefore = await heroIn('ar');
    const saved = await (await http())
      .put('/content-manager/single-types/api::luxury.luxury-hero?locale=ar')
      .set('Authorization', `Bearer ${editor}`)
      .send({ title: arabicBefore!.title });
    expect(saved.status).toBe(200);
    expect((await heroIn('ar'))!.title).toBe(arabicBefore!.title);
    const read = await (await http()).get('/content-manager/single-types/api::luxury.luxury-hero?locale=ar').set('Authorization', `Bearer ${editor}`);
    expect(read.status).toBe(200);
  });

  it('reads the Property sync page and may run syncs', async () => {
    expect((await adminGet('/extsource/overview', editor)).status).toBe(200);
    expect((await adminGet('/extsource/dashboard', editor)).status).toBe(200);
    const permissions = (await adminGet('/admin/users/me/permissions', editor)).body.data as Array<{ action: string }>;
    expect(permissions.map((permission) => permission.action)).toEqual(expect.arrayContaining(['plugin::extsource.read', 'plugin::extsource.sync']));
  });
});

describe('GET /extsource/dashboard', () => {
  it('gives the last run of each type, the runs going and the next scheduled run', async () => {
    const run = await strapi.plugin('extsource').service('sync').run('rentals', 'api');
    const res = await adminGet('/extsource/dashboard');
    expect(res.status).toBe(200);
    const { last_runs, running, next_run_at } = res.body.data;
    expect(Object.keys(last_runs).sort()).toEqual(['all', 'rentals', 'sales']);
    expect(last_runs.rentals).toMatchObject({ run_id: run.run_id, type: 'rentals', status: 'succeeded', unchanged: run.unchanged });
    expect(last_runs.all).toMatchObject({ type: 'all' });
    expect(running).toEqual([]);
    // The run's schedule (tests/helpers/app.ts): the next run is the top of a coming hour.
    expect(new Date(next_run_at).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(next_run_at).getUTCMinutes()).toBe(0);
  });
});

describe('CRON_ENABLED=false', () => {
  it('adds no scheduled sync (Strapi would still run a job added by a plugin) and shows no next run', async () => {
    const syncJobs = () => (strapi.cron.jobs as unknown as Array<{ name: string | null }>).filter((job) => job.name === SYNC_JOB_NAME).length;
    const before = syncJobs();
    strapi.config.set('server.cron.enabled', false);
    try {
      scheduleSync(strapi, '* * * * * *', async () => {});
      expect(syncJobs()).toBe(before);
      expect((await adminGet('/extsource/dashboard')).body.data.next_run_at).toBeNull();
    } finally {
      strapi.config.set('server.cron.enabled', true);
    }
  });
});

describe('GET /extsource/properties', () => {
  it('lists synced listings with reference, title, type, price, status and last seen', async () => {
    const res = await adminGet('/extsource/properties?type=rent&per_page=5');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 5 });
    expect(res.body.data).toHaveLength(5);
    const listing = res.body.data[0];
    expect(Object.keys(listing).sort()).toEqual(['currency', 'deactivated_at', 'id', 'last_seen_at', 'listing_type', 'off_site', 'price', 'reference', 'status', 'title']);
    expect(listing).toMatchObject({ listing_type: 'rent', status: 'active', currency: 'AED' });
    expect(typeof listing.price).toBe('number');
    expect(listing.last_seen_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('searches by reference', async () => {
    const first = (await adminGet('/extsource/properties?per_page=1')).body.data[0];
    const res = await adminGet(`/extsource/properties?q=${encodeURIComponent(first.reference)}`);
    expect(res.body.data.map((listing: { reference: string }) => listing.reference)).toContain(first.reference);
  });
});
