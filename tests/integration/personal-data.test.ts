/**
 * Leads as personal data (decisions 63-65): consent on the form, a person's data found and handed over,
 * erased (nothing personal left in any column of any table, nor in the SQLite file's free space, nor in
 * the request log; the CRM told, through the outbox, signed and retried), retention, who may do it, and
 * the audit of it all, an export the client left half-way included.
 */
import { createHmac, randomInt } from 'crypto';
import fs from 'fs';
import { get as httpGet } from 'http';
import type { AddressInfo } from 'net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, appModule, editorAccount, getStrapi, http, newClientIp, webhookReceiver } from '../helpers/app';
import { productionEnvironment, sqliteFile, startAppProcess, type AppProcess } from '../helpers/app-process';
import { checked, checkedError } from '../helpers/contract';
import { everyValue as everyValueIn, type StoredValue } from '../helpers/database-values';
import { eventually } from '../helpers/eventually';
import { WEBHOOK_SECRET, type WebhookReceiver } from '../helpers/webhook-receiver';

const CONTACT = 'api::contact.contact';

let strapi: Core.Strapi;
let receiver: WebhookReceiver;

beforeAll(async () => {
  strapi = await getStrapi();
  receiver = await webhookReceiver();
});

interface Person {
  email: string;
  mobile: string;
  digits: string;
}

/** Someone with an address and a number of their own. */
function newPerson(tag: string): Person {
  const local = String(randomInt(1_000_000, 9_999_999));
  return { email: `${tag}.${local}@Example.com`, mobile: `+971 5${local.slice(0, 1)} ${local.slice(1, 4)} ${local.slice(4)}`, digits: `9715${local}` };
}

type Agent = Awaited<ReturnType<typeof http>>;

function submit(agent: Agent, person: Person, extra: Record<string, unknown> = {}, query = '') {
  return agent
    .post(`/api/v1/contact-us${query}`)
    .set('X-Forwarded-For', newClientIp())
    .send({ first_name: 'Noor', last_name: 'Haddad', email: person.email, mobile: person.mobile, message: `I am ${person.email}`, ...extra });
}

async function lead(person: Person, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await checked(submit(await http(), person, extra));
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

const asAdmin = async (token?: string) => {
  const bearer = token ?? (await adminToken());
  const agent = await http();
  return {
    post: (path: string, body: object) => agent.post(path).set('Authorization', `Bearer ${bearer}`).send(body),
    get: (path: string) => agent.get(path).set('Authorization', `Bearer ${bearer}`),
  };
};

const stored = (id: number) => strapi.db.query(CONTACT).findOne({ where: { id } }) as Promise<Record<string, any> | null>;

describe('consent on the contact form', () => {
  afterEach(() => {
    strapi.config.set('contact.requireConsent', false);
  });

  it('is stored with the version of the text and the time, and stays optional by default', async () => {
    const given = await lead(newPerson('consent'), { consent: true, consent_text_version: 'privacy-2026-11' });
    const row = await stored(given);
    expect(row).toMatchObject({ consent: true, consent_text_version: 'privacy-2026-11' });
    expect(Date.now() - Date.parse(row!.consent_at)).toBeLessThan(60_000);
    const fromForm = await stored(await lead(newPerson('form'), { consent: 'on' }));
    expect(fromForm!.consent).toBe(true);
    const none = await stored(await lead(newPerson('none')));
    expect(none).toMatchObject({ consent: null, consent_text_version: null, consent_at: null });
  });

  it('refuses a consent that is not a yes or no, and a version over 64 characters', async () => {
    const res = await checkedError(submit(await http(), newPerson('bad'), { consent: 'maybe', consent_text_version: 'v'.repeat(65) }), 422, 'VALIDATION_FAILED');
    expect(res.body.errors).toEqual({
      consent: ['The consent must be true or false.'],
      consent_text_version: ['The consent text version may not be greater than 64 characters.'],
    });
  });

  it('when required, refuses a missing or false consent with its own message, in both languages, storing nothing', async () => {
    strapi.config.set('contact.requireConsent', true);
    const person = newPerson('required');
    const before = await strapi.db.query(CONTACT).count({});
    const missing = await checkedError(submit(await http(), person), 422, 'VALIDATION_FAILED');
    expect(missing.body.errors).toEqual({ consent: ['Consent to the processing of your data is required'] });
    const refused = await checkedError(submit(await http(), person, { consent: false }, '?locale=ar'), 422, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual({ consent: ['الموافقة على معالجة بياناتك مطلوبة'] });
    expect(await strapi.db.query(CONTACT).count({})).toBe(before);
    expect((await submit(await http(), person, { consent: true })).status).toBe(201);
  });
});

describe("a person's data", () => {
  it('is found by e-mail and by phone, in any case and spacing, and only theirs', async () => {
    const person = newPerson('found');
    const other = newPerson('other');
    const ids = [await lead(person), await lead({ ...person, email: `  ${person.email.toUpperCase()} ` }), await lead(other)];
    const admin = await asAdmin();
    for (const body of [{ email: person.email.toLowerCase() }, { email: ` ${person.email.toUpperCase()}` }, { phone: `00${person.digits}` }, { phone: person.mobile.replace(/ /g, '-') }]) {
      const res = await admin.post('/personal-data/search', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.data.leads.map((found: { id: number }) => found.id)).toEqual(ids.slice(0, 2));
      expect(res.body.data.account).toEqual([]);
    }
    const exported = await admin.post('/personal-data/export', { phone: person.mobile });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="personal-data-/);
    const bundle = JSON.parse(exported.text);
    expect(bundle.leads.map((item: { id: number }) => item.id)).toEqual(ids.slice(0, 2));
    expect(bundle.leads[0]).toMatchObject({ email: person.email, first_name: 'Noor', consent: { given: null } });
    expect(bundle.leads[0].deliveries.map((delivery: { target: string }) => delivery.target).sort()).toEqual(['email', 'webhook']);
    expect(exported.text).not.toContain(other.email);
  });

  it('refuses a request that names nobody, or two people', async () => {
    const admin = await asAdmin();
    for (const [body, message] of [[{}, /e-mail address or the phone number/], [{ email: 'a@b.c', phone: '0501234567' }, /not both/], [{ phone: '12' }, /whole phone number/]] as const) {
      const res = await admin.post('/personal-data/search', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
  });
});

const everyValue = () => everyValueIn(strapi);

function tracesOf(person: Person, values: StoredValue[]) {
  const email = person.email.toLowerCase();
  return values.filter(({ value }) => value.toLowerCase().includes(email) || value.replace(/\D/g, '').includes(person.digits)).map(({ table, column }) => `${table}.${column}`);
}

const signatureValid = (header: string, body: string) => {
  const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(header) ?? [];
  return signature === createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest('hex');
};

describe('erasure', () => {
  it('leaves nothing personal in any table, keeps the rows for statistics, cancels what was not sent, and tells the CRM once per lead, retrying', async () => {
    const person = newPerson('erased');
    const other = newPerson('kept');
    const ids = [await lead(person, { consent: true, consent_text_version: 'v1' }), await lead({ ...person, email: person.email.toUpperCase() })];
    const kept = await lead(other);
    await eventually(async () => {
      const rows = await strapi.db.connection('app_lead_deliveries').whereIn('contact_id', ids);
      // The second lead repeats the first (decision 144): the CRM's lead.repeated only, no second e-mail.
      expect(rows.map((row: { status: string }) => row.status)).toEqual(['delivered', 'delivered', 'delivered']);
    });
    // A delivery still to be sent when the erasure comes: never sent afterwards.
    const pending = await strapi.db.connection('app_lead_deliveries').insert({
      contact_id: ids[0], target: 'webhook', idempotency_key: `pending-${ids[0]}`, status: 'retrying', attempts: 1,
      next_attempt_at: Date.now() + 3_600_000, created_at: Date.now(), round_started_at: Date.now(), updated_at: Date.now(),
    });
    expect(pending).toBeTruthy();
    expect(tracesOf(person, await everyValue()).length).toBeGreaterThan(0);
    receiver.script(`erased:${ids[0]}`, [500]);

    const erased = await (await asAdmin()).post('/personal-data/erase', { email: person.email });
    expect(erased.status).toBe(200);
    expect(erased.body.data).toEqual({ mode: 'anonymise', leads: 2, cancelled_deliveries: 1, crm_notified: true, held: { account: 0 } });

    expect(tracesOf(person, await everyValue())).toEqual([]);
    for (const id of ids) expect(await stored(id)).toMatchObject({ first_name: 'Erased', email: 'erased@invalid', message: null, language: 'en' });
    expect((await stored(ids[0]))!.consent).toBe(true);
    expect((await stored(kept))!.email).toBe(other.email);
    const cancelled = await strapi.db.connection('app_lead_deliveries').where({ idempotency_key: `pending-${ids[0]}` }).first();
    expect(cancelled.status).toBe('cancelled');

    for (const id of ids) {
      const hooks = await receiver.waitFor(`erased:${id}`, id === ids[0] ? 2 : 1, 30_000);
      const bodies = new Set(hooks.map((hook) => hook.body));
      expect(bodies.size).toBe(1);
      const body = JSON.parse(hooks[0].body);
      expect(body).toMatchObject({ event: 'lead.erased', lead: { id } });
      expect(Object.keys(body.lead).sort()).toEqual(['document_id', 'id']);
      for (const hook of hooks) expect(signatureValid(String(hook.headers['x-lead-signature']), hook.body)).toBe(true);
    }
    expect(receiver.hooksFor(`erased:${ids[0]}`).map((hook) => hook.answered)).toEqual([500, 200]);
    await eventually(async () => {
      const rows = await strapi.db.connection('app_lead_deliveries').whereIn('contact_id', ids).andWhere('event', 'lead.erased');
      expect(rows.map((row: { status: string }) => row.status)).toEqual(['delivered', 'delivered']);
    });
    // Found no more: there is nothing left to find.
    expect((await (await asAdmin()).post('/personal-data/search', { email: person.email })).body.data).toEqual({ leads: [], account: [] });
  });

  it('deletes the leads instead when LEAD_ERASURE_MODE=delete, and still tells the CRM', async () => {
    const settings = strapi.config.get('contact.personalData') as { erasure: string };
    strapi.config.set('contact.personalData', { ...settings, erasure: 'delete' });
    try {
      const person = newPerson('deleted');
      const id = await lead(person);
      const erased = await (await asAdmin()).post('/personal-data/erase', { phone: person.mobile });
      expect(erased.body.data).toMatchObject({ mode: 'delete', leads: 1 });
      expect(await stored(id)).toBeNull();
      expect(tracesOf(person, await everyValue())).toEqual([]);
      await receiver.waitFor(`erased:${id}`, 1, 30_000);
    } finally {
      strapi.config.set('contact.personalData', settings);
    }
  });
});

describe('retention', () => {
  it('anonymises only the leads older than the period, and counts them', async () => {
    const { runRetention } = appModule<{ runRetention(strapi: Core.Strapi, days: number): Promise<number> }>('src/api/contact/personal-data/retention');
    const old = await lead(newPerson('old'));
    const recent = await lead(newPerson('recent'));
    await strapi.db.query(CONTACT).update({ where: { id: old }, data: { createdAt: new Date(Date.now() - 400 * 86_400_000) } });
    const anonymised = await runRetention(strapi, 365);
    expect(anonymised).toBeGreaterThanOrEqual(1);
    expect((await stored(old))!.email).toBe('erased@invalid');
    expect((await stored(recent))!.email).not.toBe('erased@invalid');
    const status = await (await asAdmin()).get('/personal-data/retention');
    expect(status.body.data.last_run.anonymised).toBe(anonymised);
  });
});

describe('who may', () => {
  it('an editor who reads leads may not look a person up, export or erase (403); a role given the permission may', async () => {
    const editor = await adminToken(await editorAccount());
    const person = newPerson('matrix');
    await lead(person);
    for (const path of ['/personal-data/search', '/personal-data/export', '/personal-data/erase']) {
      expect((await (await asAdmin(editor)).post(path, { email: person.email })).status, path).toBe(403);
    }
    expect((await (await asAdmin(editor)).get('/personal-data/audit')).status).toBe(403);

    const roles = strapi.service('admin::role');
    const role = await roles.create({ name: `Data protection ${Date.now()}`, description: 'Answers access and erasure requests' });
    await roles.assignPermissions(role.id, [{ action: 'api::personal-data.manage', subject: null, properties: {}, conditions: [] }]);
    const officer = { email: `dpo.${Date.now()}@test.local`, password: 'Test-Officer-Passw0rd' };
    await strapi.service('admin::user').create({ ...officer, firstname: 'Dana', lastname: 'Officer', isActive: true, roles: [role.id] });
    const token = await adminToken(officer);
    expect((await (await asAdmin(token)).post('/personal-data/search', { email: person.email })).body.data.leads).toHaveLength(1);
    expect((await (await asAdmin(token)).post('/personal-data/export', { email: person.email })).status).toBe(200);
    // The audit is for super admins only.
    expect((await (await asAdmin(token)).get('/personal-data/audit')).status).toBe(403);
  });
});

describe('the audit', () => {
  it('records each CSV export, person export and erasure: who, when, what filter, how many; nothing personal', async () => {
    const person = newPerson('audited');
    await lead(person);
    const admin = await asAdmin();
    expect((await admin.get('/contacts-export/contacts.csv?from=2020-01-01')).status).toBe(200);
    await admin.post('/personal-data/export', { email: person.email });
    await admin.post('/personal-data/erase', { email: person.email });
    const res = await admin.get('/personal-data/audit');
    expect(res.status).toBe(200);
    const [erasure, exported, csv] = res.body.data as Array<Record<string, any>>;
    expect(erasure).toMatchObject({ action: 'erasure', rows: 1, filter: { by: 'email', mode: 'anonymise', account: 0 }, admin: { name: expect.any(String) }, outcome: 'completed' });
    expect(exported).toMatchObject({ action: 'person-export', rows: 1, filter: { by: 'email' } });
    expect(csv).toMatchObject({ action: 'csv-export', filter: { from: '2020-01-01', to: null }, outcome: 'completed' });
    expect(csv.rows).toBeGreaterThan(0);
    expect(JSON.stringify(res.body.data).toLowerCase()).not.toContain(person.email.toLowerCase());
  });
});

describe('the audit of a CSV export', () => {
  const DAY = '2003-03-03';
  const LEADS = 3000;
  const RANGE = `?from=${DAY}&to=${DAY}`;

  /** Leads of a day of their own, with long messages: an export of them is megabytes, many chunks. */
  async function bulkLeads(): Promise<void> {
    const message = 'A long enquiry about a villa on the Palm. '.repeat(48);
    for (let first = 0; first < LEADS; first += 250) {
      const data = Array.from({ length: Math.min(250, LEADS - first) }, (_, index) => ({
        documentId: `bulkexport${String(first + index).padStart(14, '0')}`,
        first_name: `Bulk ${first + index}`,
        email: `bulk${first + index}@example.com`,
        mobile: '+971501234567',
        message,
        language: 'en',
        createdAt: new Date(`${DAY}T08:00:00Z`),
        updatedAt: new Date(`${DAY}T08:00:00Z`),
      }));
      await strapi.db.query(CONTACT).createMany({ data });
    }
  }

  const latestCsvExport = async () => {
    const res = await (await asAdmin()).get('/personal-data/audit');
    return (res.body.data as Array<Record<string, any>>).find((record) => record.action === 'csv-export')!;
  };

  /** Starts the export, reads until 16 rows have come and closes the connection; the complete rows it got. */
  async function abandonedExport(token: string): Promise<number> {
    const { port } = strapi.server.httpServer.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const request = httpGet({ host: '127.0.0.1', port, path: `/contacts-export/contacts.csv${RANGE}`, headers: { Authorization: `Bearer ${token}` }, agent: false }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          const received = text.split('\r\n').length - 2;
          if (received < 16) return;
          request.destroy();
          resolve(received);
        });
      });
      request.on('error', () => undefined);
    });
  }

  beforeAll(bulkLeads);
  afterAll(async () => {
    await strapi.db.query(CONTACT).deleteMany({ where: { documentId: { $startsWith: 'bulkexport' } } });
  });

  it('is recorded when it starts and updated with the rows sent: whole when completed, so far and "aborted" when the client leaves', async () => {
    const admin = await asAdmin();
    const complete = await admin.get(`/contacts-export/contacts.csv${RANGE}`);
    expect(complete.status).toBe(200);
    expect(complete.text.trimEnd().split('\r\n')).toHaveLength(LEADS + 1);
    await eventually(async () => expect(await latestCsvExport()).toMatchObject({ rows: LEADS, outcome: 'completed', filter: { from: DAY, to: DAY } }));

    const received = await abandonedExport(await adminToken());
    const aborted = await eventually(async () => {
      const record = await latestCsvExport();
      expect(record).toMatchObject({ outcome: 'aborted', filter: { from: DAY, to: DAY }, admin: { name: expect.any(String) } });
      return record;
    });
    expect(aborted.rows).toBeGreaterThanOrEqual(received);
    expect(aborted.rows).toBeLessThan(LEADS);
  });
});

describe.skipIf(process.env.TEST_DB_CLIENT === 'postgres')('erased values in the SQLite file (PostgreSQL keeps dead tuples until VACUUM: docs/operations.md)', () => {
  const file = () => String(strapi.config.get('database.connection.connection.filename'));
  const bytesHold = (path: string, text: string) => fs.existsSync(path) && fs.readFileSync(path).includes(Buffer.from(text, 'utf8'));
  const checkpoint = async () => {
    const [result] = (await strapi.db.connection.raw('PRAGMA wal_checkpoint(TRUNCATE)')) as Array<{ busy: number }>;
    expect(result.busy).toBe(0);
  };

  it('every connection has secure_delete on', async () => {
    const [setting] = (await strapi.db.connection.raw('PRAGMA secure_delete')) as Array<{ secure_delete: number }>;
    expect(setting.secure_delete).toBe(1);
  });

  it("after an erasure and a checkpoint, the person's address and number are nowhere in the file's bytes", async () => {
    const person = newPerson('wiped');
    // A message of some length: the anonymised row is much shorter, and SQLite writes it at the end of
    // the space the old one leaves, whose beginning (the address, the number) stays as it was unless zeroed.
    await lead(person, { message: 'We would like to see the four-bedroom villa on the Palm this weekend. '.repeat(4) });
    // A lead after theirs on the same page: the old row's space is not simply given back to the page's free area.
    await lead(newPerson('after'));
    await checkpoint();
    expect(bytesHold(file(), person.email)).toBe(true);

    const erased = await (await asAdmin()).post('/personal-data/erase', { email: person.email });
    expect(erased.body.data).toMatchObject({ leads: 1 });
    await checkpoint();
    expect(bytesHold(file(), person.email)).toBe(false);
    expect(bytesHold(file(), person.mobile)).toBe(false);
    expect(bytesHold(`${file()}-wal`, person.email)).toBe(false);
  });
});

describe('the request log at LOG_LEVEL=http (the app in a process of its own)', () => {
  const ADMIN = { email: 'log-admin@test.local', password: 'Log-Admin-Passw0rd' };
  const LEADS_LIST = `/content-manager/collection-types/${CONTACT}`;
  const database = sqliteFile();
  let app: AppProcess;

  beforeAll(async () => {
    app = await startAppProcess(productionEnvironment(database.env, { LOG_LEVEL: 'http', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }));
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    database.remove();
  });

  async function call(path: string, init: RequestInit = {}, token?: string) {
    const res = await fetch(`http://127.0.0.1:${app.port}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    expect(res.status, path).toBeLessThan(300);
    return res.json() as Promise<Record<string, any>>;
  }

  it("holds neither the e-mail address nor the phone number of an admin's searches, whose paths and keys it keeps", async () => {
    const person = newPerson('logged');
    const local = person.digits.slice(4);
    await call('/api/v1/contact-us', { method: 'POST', body: JSON.stringify({ first_name: 'Noor', email: person.email, mobile: person.mobile }) });
    const token = (await call('/admin/login', { method: 'POST', body: JSON.stringify(ADMIN) })).data.token as string;

    const searches = [
      `${LEADS_LIST}?page=1&pageSize=10&_q=${encodeURIComponent(person.email)}`,
      `${LEADS_LIST}?filters[$and][0][email][$eq]=${person.email}`,
      `${LEADS_LIST}?filters[$and][0][mobile][$contains]=${encodeURIComponent(person.mobile)}`,
      `${LEADS_LIST}?filters[$or][0][mobile][$contains]=${local}&filters[$or][1][email][$containsi]=${person.email.toUpperCase()}`,
    ];
    for (const search of searches) expect((await call(search, {}, token)).results, search).toHaveLength(1);
    await call('/personal-data/erase', { method: 'POST', body: JSON.stringify({ email: person.email }) }, token);

    const lines = () => app.output().split('\n');
    await eventually(() => expect(lines().some((line) => line.includes('POST /personal-data/erase'))).toBe(true));
    const searched = lines().filter((line) => line.includes(`GET ${LEADS_LIST}?`));
    expect(searched).toHaveLength(searches.length);
    expect(searched[1]).toContain(`GET ${LEADS_LIST}?filters[$and][0][email][$eq]=[redacted] (`);
    const traces = [person.email.toLowerCase(), encodeURIComponent(person.email).toLowerCase(), local];
    expect(lines().filter((line) => traces.some((trace) => line.toLowerCase().includes(trace)))).toEqual([]);
  });
});
