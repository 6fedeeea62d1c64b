/**
 * Buyers in the admin (issue 33, part D): a buyer's account found, exported and erased with their leads
 * on the Personal data page (favourites, saved searches, sessions, linked leads; the CRM told; audited),
 * dormant accounts erased by the retention run, the last-activity mark, editors reading buyers without
 * their secrets and authors refused, blocking a buyer in the admin ending their sessions, the Buyers
 * widget's figures and the sign-up and failed sign-in metrics. Buyers are made through the
 * users-permissions plugin's own services and session manager.
 */
import { randomInt } from 'crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, appModule, editorAccount, getStrapi, http, newClientIp, webhookReceiver } from '../helpers/app';
import { everyValue } from '../helpers/database-values';
import { sample, scrape } from '../helpers/metrics';
import type { WebhookReceiver } from '../helpers/webhook-receiver';

const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const FAVORITE = 'api::account.favorite';
const SAVED_SEARCH = 'api::account.saved-search';
const CONTACT = 'api::contact.contact';
const PASSWORD = 'Buyer-Passw0rd-long';
const CM = '/content-manager/collection-types';
const DAY_MS = 86_400_000;

interface SessionManager {
  generateRefreshToken(userId: string, deviceId: string | undefined, options: { type: 'refresh' }): Promise<{ token: string }>;
  generateAccessToken(refreshToken: string): Promise<{ token: string } | { error: string }>;
  rotateRefreshToken(refreshToken: string): Promise<{ token: string } | { error: string }>;
}

let strapi: Core.Strapi;
let receiver: WebhookReceiver;
let projectIds: string[];

const sessions = () => (strapi as unknown as { sessionManager(origin: string): SessionManager }).sessionManager('users-permissions');

beforeAll(async () => {
  strapi = await getStrapi();
  receiver = await webhookReceiver();
  const res = await (await http()).get('/api/v1/off-plan/projects?per_page=10');
  projectIds = res.body.data.properties.data.map((card: { id: string }) => card.id);
});

interface Buyer {
  id: number;
  documentId: string;
  email: string;
  phone: string;
  auth: string;
  refreshToken: string;
}

/** A confirmed buyer with a phone of their own, signed in: a session of the plugin's session manager. */
async function buyer(overrides: Record<string, unknown> = {}): Promise<Buyer> {
  const role = await strapi.db.query(ROLE).findOne({ where: { type: 'buyer' } });
  const local = String(randomInt(1_000_000, 9_999_999));
  const email = `buyer.${local}.${Date.now()}@example.com`;
  const phone = `+971 5${local.slice(0, 1)} ${local.slice(1)}`;
  const user = await strapi.plugin('users-permissions').service('user').add({
    username: email, email, password: PASSWORD, provider: 'local', confirmed: true, blocked: false, role: role.id, phone, name: 'Salma Aziz', ...overrides,
  });
  const refresh = await sessions().generateRefreshToken(String(user.id), undefined, { type: 'refresh' });
  const access = await sessions().generateAccessToken(refresh.token);
  if ('error' in access) throw new Error(access.error);
  return { id: user.id, documentId: user.documentId, email, phone, auth: `Bearer ${access.token}`, refreshToken: refresh.token };
}

const asBuyer = async (me: Buyer) => {
  const agent = await http();
  return {
    get: (path: string) => agent.get(path).set('Authorization', me.auth),
    send: (method: 'put' | 'post', path: string, body?: object) => agent[method](path).set('Authorization', me.auth).set('X-Forwarded-For', newClientIp()).send(body ?? {}),
  };
};

const asAdmin = async (token?: string) => {
  const bearer = token ?? (await adminToken());
  const agent = await http();
  return {
    get: (path: string) => agent.get(path).set('Authorization', `Bearer ${bearer}`),
    post: (path: string, body: object) => agent.post(path).set('Authorization', `Bearer ${bearer}`).send(body),
    put: (path: string, body: object) => agent.put(path).set('Authorization', `Bearer ${bearer}`).send(body),
  };
};

/** A buyer with two favourites, a saved search and a lead sent while signed in from another address. */
async function buyerWithData(): Promise<{ me: Buyer; linkedLead: number }> {
  const me = await buyer();
  const client = await asBuyer(me);
  for (const id of projectIds.slice(0, 2)) expect((await client.send('put', `/api/v1/me/favorites/${id}`)).status).toBe(200);
  expect((await client.send('post', '/api/v1/me/saved-searches', { name: 'Marina flats', query: '?property_type=apartment', frequency: 'weekly' })).status).toBe(201);
  const lead = await client.send('post', '/api/v1/contact-us', { first_name: 'Salma', email: `other.${me.email}`, mobile: '+971 4 000 0000', message: 'A flat, please.' });
  expect(lead.status).toBe(201);
  return { me, linkedLead: lead.body.data.id as number };
}

const SECRETS = ['password', 'resetPasswordToken', 'confirmationToken'];


/** An alert the outbox sent this buyer, or gave up on (the sender's own rows: subject, batch, status, times). */
async function sentAlert(buyerId: number, status: 'sent' | 'failed' = 'sent', now = Date.now()): Promise<void> {
  await strapi.db.connection('app_alerts').insert({
    buyer_id: buyerId, subject: `favorites:${buyerId}`, subject_name: null, batch: `instant:favorites:${buyerId}`, project_id: projectIds[0],
    project_names: JSON.stringify({ en: 'A project', ar: 'مشروع' }), kind: 'price_drop', price: 900000, previous_price: 1000000,
    status, attempts: 1, next_attempt_at: now, created_at: now, sent_at: status === 'sent' ? now : null, updated_at: now,
  });
}
describe("a buyer's personal data", () => {
  it('is found by e-mail (any case) and by phone (any spelling), with the leads linked to the account', async () => {
    const { me, linkedLead } = await buyerWithData();
    const admin = await asAdmin();
    for (const body of [{ email: me.email.toUpperCase() }, { phone: `00${me.phone.replace(/\D/g, '')}` }]) {
      const res = await admin.post('/personal-data/search', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.data.account).toEqual([{ id: me.id, email: me.email, name: 'Salma Aziz', created_at: expect.any(String), last_active_at: expect.any(String), blocked: false }]);
      expect(res.body.data.leads.map((lead: { id: number }) => lead.id)).toEqual([linkedLead]);
    }
  });

  it('is exported whole: the account without its password hash, codes or sessions, its favourites and saved searches, its leads', async () => {
    const { me, linkedLead } = await buyerWithData();
    await sentAlert(me.id);
    await strapi.db.query(USER).update({ where: { id: me.id }, data: { resetPasswordToken: 'reset-code-secret', confirmationToken: 'confirm-code-secret' } });
    const stored = await strapi.db.query(USER).findOne({ where: { id: me.id } });
    const res = await (await asAdmin()).post('/personal-data/export', { email: me.email });
    expect(res.status).toBe(200);
    const bundle = JSON.parse(res.text);
    expect(bundle.leads.map((lead: { id: number }) => lead.id)).toEqual([linkedLead]);
    expect(bundle.account).toHaveLength(1);
    const [account] = bundle.account;
    expect(account).toMatchObject({ id: me.id, email: me.email, phone: me.phone, name: 'Salma Aziz', confirmed: true, blocked: false, role: 'Buyer', marketing_consent: { given: false } });
    expect(account.favorites.map((favorite: { project_id: string }) => favorite.project_id).sort()).toEqual(projectIds.slice(0, 2).sort());
    expect(account.saved_searches).toEqual([expect.objectContaining({ name: 'Marina flats', query: 'property_type=Apartment', frequency: 'weekly' })]);
    expect(account.alerts).toEqual([expect.objectContaining({ project_id: projectIds[0], kind: 'price_drop', price: 900000, status: 'sent' })]);
    for (const secret of SECRETS) expect(account[secret]).toBeUndefined();
    for (const value of [stored.password, 'reset-code-secret', 'confirm-code-secret', me.refreshToken]) expect(res.text).not.toContain(value);
  });

  it('is erased: the account and all that hangs on it deleted, its sessions ended, its leads erased and the CRM told; audited; nothing left anywhere', async () => {
    const { me, linkedLead } = await buyerWithData();
    await sentAlert(me.id);
    const client = await asBuyer(me);
    expect((await client.get('/api/v1/me')).status).toBe(200);

    const res = await (await asAdmin()).post('/personal-data/erase', { email: me.email });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ leads: 1, crm_notified: true, held: { account: 1 } });

    expect(await strapi.db.query(USER).findOne({ where: { id: me.id } })).toBeNull();
    expect(await strapi.db.query(FAVORITE).count({ where: { buyer: { id: me.id } } })).toBe(0);
    expect(await strapi.db.connection('account_favorites').count('* as n').then(([row]) => Number(row.n))).toBe(await strapi.db.query(FAVORITE).count());
    expect(await strapi.db.query(SAVED_SEARCH).count({ where: { name: 'Marina flats', buyer: { id: me.id } } })).toBe(0);
    expect(await strapi.db.connection('app_alerts').where('buyer_id', me.id).count('* as n').then(([row]) => Number(row.n))).toBe(0);
    expect((await client.get('/api/v1/me')).status).toBe(401);
    expect('error' in (await sessions().rotateRefreshToken(me.refreshToken))).toBe(true);
    expect(await strapi.db.query(CONTACT).findOne({ where: { id: linkedLead } })).toMatchObject({ first_name: 'Erased', email: 'erased@invalid' });
    await receiver.waitFor(`erased:${linkedLead}`, 1, 30_000);

    const email = me.email.toLowerCase();
    const traces = (await everyValue(strapi)).filter(({ value }) => value.toLowerCase().includes(email) || value.replace(/\D/g, '').includes(me.phone.replace(/\D/g, '')));
    expect(traces.map(({ table, column }) => `${table}.${column}`)).toEqual([]);

    const audit = await (await asAdmin()).get('/personal-data/audit');
    expect(audit.body.data[0]).toMatchObject({ action: 'erasure', rows: 1, filter: { by: 'email', account: 1 }, outcome: 'completed' });
    expect((await (await asAdmin()).post('/personal-data/search', { email: me.email })).body.data).toEqual({ leads: [], account: [] });
  });
});

describe('dormant accounts', () => {
  const runHolderRetention = (days: number) => {
    const { runHolderRetention: run } = appModule<{ runHolderRetention(strapi: Core.Strapi, holder: unknown, days: number): Promise<number> }>('src/api/contact/personal-data/retention');
    const holder = strapi.service('api::contact.personal-data-holders').all().find((held: { key: string }) => held.key === 'account');
    return run(strapi, holder, days);
  };
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

  it('are erased by the retention run when unused (or never used) for longer than ACCOUNT_RETENTION_DAYS; recent and lately used ones stay', async () => {
    const dormant = await buyer();
    const neverUsed = await buyer();
    const oldButActive = await buyer();
    const recent = await buyer();
    await strapi.db.query(USER).update({ where: { id: dormant.id }, data: { createdAt: ago(800), last_active_at: ago(400) } });
    await strapi.db.query(USER).update({ where: { id: neverUsed.id }, data: { createdAt: ago(400), last_active_at: null } });
    await strapi.db.query(USER).update({ where: { id: oldButActive.id }, data: { createdAt: ago(800), last_active_at: ago(10) } });
    await strapi.db.query(FAVORITE).create({ data: { buyer: dormant.id, project_id: projectIds[0] } });

    const erased = await runHolderRetention(365);
    expect(erased).toBeGreaterThanOrEqual(2);
    for (const gone of [dormant, neverUsed]) expect(await strapi.db.query(USER).findOne({ where: { id: gone.id } }), gone.email).toBeNull();
    for (const kept of [oldButActive, recent]) expect(await strapi.db.query(USER).findOne({ where: { id: kept.id } }), kept.email).not.toBeNull();
    expect(await strapi.db.query(FAVORITE).count({ where: { buyer: { id: dormant.id } } })).toBe(0);
    expect('error' in (await sessions().rotateRefreshToken(dormant.refreshToken))).toBe(true);

    const status = await (await asAdmin()).get('/personal-data/retention');
    expect(status.body.data.account).toEqual({ retention_days: 0, last_run: { at: expect.any(String), erased } });
    const audit = await (await asAdmin()).get('/personal-data/audit');
    expect(audit.body.data[0]).toMatchObject({ action: 'retention', rows: erased, filter: { older_than_days: 365, holder: 'account' } });
  });

  it("are counted from the last use: a buyer's request marks it, at most once a day", async () => {
    const me = await buyer();
    expect((await strapi.db.query(USER).findOne({ where: { id: me.id } })).last_active_at).toBeNull();
    expect((await (await asBuyer(me)).get('/api/v1/me')).status).toBe(200);
    const marked = new Date((await strapi.db.query(USER).findOne({ where: { id: me.id } })).last_active_at).getTime();
    expect(Date.now() - marked).toBeLessThan(60_000);

    const hoursAgo = new Date(Date.now() - 3 * 3_600_000);
    await strapi.db.query(USER).update({ where: { id: me.id }, data: { last_active_at: hoursAgo } });
    await (await asBuyer(me)).get('/api/v1/me');
    expect(new Date((await strapi.db.query(USER).findOne({ where: { id: me.id } })).last_active_at).getTime()).toBe(hoursAgo.getTime());

    await strapi.db.query(USER).update({ where: { id: me.id }, data: { last_active_at: ago(2) } });
    await (await asBuyer(me)).get('/api/v1/me');
    expect(Date.now() - new Date((await strapi.db.query(USER).findOne({ where: { id: me.id } })).last_active_at).getTime()).toBeLessThan(60_000);
  });
});

/** An admin with Strapi's Author role, made once. */
let authorMade: Promise<{ email: string; password: string }> | undefined;
const authorAccount = () =>
  (authorMade ??= (async () => {
    const role = await strapi.service('admin::role').findOne({ code: 'strapi-author' });
    const author = { email: `author.${Date.now()}@test.local`, password: 'Test-Author-Passw0rd' };
    await strapi.service('admin::user').create({ ...author, firstname: 'Ava', lastname: 'Author', isActive: true, roles: [role.id] });
    return author;
  })());

describe('buyers in the admin', () => {
  it('editors read buyers, their favourites and saved searches in the Content Manager, never a password hash or code, and may not change them', async () => {
    const { me } = await buyerWithData();
    await strapi.db.query(USER).update({ where: { id: me.id }, data: { resetPasswordToken: 'reset-code-secret', confirmationToken: 'confirm-code-secret' } });
    const editor = await asAdmin(await adminToken(await editorAccount()));

    const list = await editor.get(`${CM}/${USER}?page=1&pageSize=100&sort=id:DESC`);
    expect(list.status).toBe(200);
    const row = list.body.results.find((user: { id: number }) => user.id === me.id);
    expect(row).toMatchObject({ email: me.email, name: 'Salma Aziz', phone: me.phone, blocked: false });
    const one = await editor.get(`${CM}/${USER}/${me.documentId}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ email: me.email });
    for (const answer of [list.text, one.text]) {
      for (const secret of [...SECRETS, 'reset-code-secret', 'confirm-code-secret', '$2a$', '$2b$']) expect(answer).not.toContain(secret);
    }
    const favorites = await editor.get(`${CM}/${FAVORITE}?page=1&pageSize=10&filters[$and][0][buyer][id][$eq]=${me.id}`);
    expect(favorites.status).toBe(200);
    expect(favorites.body.results).toHaveLength(2);
    const searches = await editor.get(`${CM}/${SAVED_SEARCH}?page=1&pageSize=10&filters[$and][0][buyer][id][$eq]=${me.id}`);
    expect(searches.status).toBe(200);
    expect(searches.body.results.map((search: { name: string }) => search.name)).toEqual(['Marina flats']);

    const view = await editor.get(`/content-manager/content-types/${USER}/configuration`);
    expect(view.body.data.contentType.layouts.list).toEqual(['email', 'name', 'confirmed', 'blocked', 'last_active_at', 'createdAt']);
    expect(view.body.data.contentType.metadatas.last_active_at.edit.label).toBe('Last used');

    expect((await editor.put(`${CM}/${USER}/${me.documentId}`, { blocked: true })).status).toBe(403);
    expect((await strapi.db.query(USER).findOne({ where: { id: me.id } })).blocked).toBe(false);
  });

  it('the Author role sees none of it (403): buyers, favourites, saved searches, the Buyers widget', async () => {
    const author = await asAdmin(await adminToken(await authorAccount()));
    const someone = await buyer();
    for (const path of [`${CM}/${USER}`, `${CM}/${FAVORITE}`, `${CM}/${SAVED_SEARCH}`, '/buyers/summary', `/buyers/${someone.documentId}/alerts`]) {
      expect((await author.get(path)).status, path).toBe(403);
    }
  });

  it("shows editors a buyer's alert e-mails, newest first, and none of another buyer's", async () => {
    const editor = await asAdmin(await adminToken(await editorAccount()));
    const me = await buyer();
    const other = await buyer();
    await sentAlert(me.id, 'failed', Date.now() - 60_000);
    await sentAlert(me.id, 'sent');
    await sentAlert(other.id, 'sent');
    const res = await editor.get(`/buyers/${me.documentId}/alerts`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((alert: { status: string }) => alert.status)).toEqual(['sent', 'failed']);
    expect(res.body.data[0]).toMatchObject({ project_id: projectIds[0], kind: 'price_drop', price: 900000 });
    expect((await editor.get('/buyers/no-such-buyer/alerts')).body.data).toEqual([]);
  });

  it("blocking a buyer in the admin ends their sessions: the refresh token and the access token stop working, even once unblocked", async () => {
    const me = await buyer();
    const other = await buyer();
    expect((await (await asBuyer(me)).get('/api/v1/me')).status).toBe(200);

    const blocked = await (await asAdmin()).put(`${CM}/${USER}/${me.documentId}`, { blocked: true });
    expect(blocked.status).toBe(200);
    expect('error' in (await sessions().rotateRefreshToken(me.refreshToken))).toBe(true);
    expect((await (await asBuyer(me)).get('/api/v1/me')).status).toBe(401);
    await strapi.db.query(USER).update({ where: { id: me.id }, data: { blocked: false } });
    expect((await (await asBuyer(me)).get('/api/v1/me')).status).toBe(401);

    // Another buyer's sessions are theirs still.
    expect((await (await asBuyer(other)).get('/api/v1/me')).status).toBe(200);
    expect('error' in (await sessions().rotateRefreshToken(other.refreshToken))).toBe(false);
  });

  it('the Buyers widget counts buyers new in the last 7 days and alerts sent and failed in them', async () => {
    const editor = await asAdmin(await adminToken(await editorAccount()));
    const before = (await editor.get('/buyers/summary')).body.data;
    const recent = await buyer();
    const older = await buyer();
    await strapi.db.query(USER).update({ where: { id: older.id }, data: { createdAt: new Date(Date.now() - 10 * DAY_MS) } });
    await sentAlert(recent.id, 'sent');
    await sentAlert(recent.id, 'failed');
    await sentAlert(older.id, 'sent', Date.now() - 10 * DAY_MS);
    const res = await editor.get('/buyers/summary');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      buyers: { total: before.buyers.total + 2, last_7_days: before.buyers.last_7_days + 1 },
      alerts_last_7_days: { sent: before.alerts_last_7_days.sent + 1, failed: before.alerts_last_7_days.failed + 1 },
    });
  });
});

describe('metrics of sign-ups and sign-ins', () => {
  const PUBLIC_ACTIONS = ['plugin::users-permissions.auth.callback', 'plugin::users-permissions.auth.register'];


  /** The plugin's sign-in and registration routes opened to the public for the test, as part A opens them; closed again after. */
  async function withAuthRoutesOpen(run: () => Promise<void>): Promise<void> {
    const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
    const advanced = await store.get({ key: 'advanced' });
    const publicRole = await strapi.db.query(ROLE).findOne({ where: { type: 'public' } });
    const opened = await Promise.all(PUBLIC_ACTIONS.map((action) => strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: publicRole.id } })));
    await store.set({ key: 'advanced', value: { ...(advanced as object), allow_register: true, email_confirmation: false } });
    try {
      await run();
    } finally {
      await strapi.db.query('plugin::users-permissions.permission').deleteMany({ where: { id: { $in: opened.map((permission: { id: number }) => permission.id) } } });
      await store.set({ key: 'advanced', value: advanced });
    }
  }

  it('counts sign-ups and refused sign-ins on /metrics, and a sign-in marks the account used', async () => {
    const before = await scrape();
    expect(before).toMatch(/^# TYPE buyer_signups_total counter$/m);
    expect(before).toMatch(/^# TYPE buyer_signins_failed_total counter$/m);
    const me = await buyer();
    await withAuthRoutesOpen(async () => {
      const agent = await http();
      const wrong = await agent.post('/api/auth/local').set('X-Forwarded-For', newClientIp()).send({ identifier: me.email, password: 'not-the-password' });
      expect(wrong.status).toBe(400);
      const right = await agent.post('/api/auth/local').set('X-Forwarded-For', newClientIp()).send({ identifier: me.email, password: PASSWORD });
      expect(right.status).toBe(200);
      const email = `signup.${Date.now()}@example.com`;
      const registered = await agent.post('/api/auth/local/register').set('X-Forwarded-For', newClientIp()).send({ username: email, email, password: PASSWORD });
      expect(registered.status).toBe(200);
    });
    const after = await scrape();
    expect(sample(after, 'buyer_signins_failed_total')).toBe(sample(before, 'buyer_signins_failed_total') + 1);
    expect(sample(after, 'buyer_signups_total')).toBe(sample(before, 'buyer_signups_total') + 1);
    expect(Date.now() - new Date((await strapi.db.query(USER).findOne({ where: { id: me.id } })).last_active_at).getTime()).toBeLessThan(60_000);
  });
});
