import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { setTimeout as sleep } from 'timers/promises';
import { adminToken, getStrapi, http, newClientIp, newPerson, SALES_INBOX } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { whileDatabaseDown } from '../helpers/database-down';
import { smtp, waitForMail } from '../helpers/smtp';

const CONTACT = 'api::contact.contact';
const CONFIRMATION = 'Your message has been received. We will get back to you soon.';
const VALID = { first_name: 'Layla', email: 'layla@example.ae', mobile: '+971 50 123 4567' };

let strapi: Core.Strapi;
beforeAll(async () => {
  strapi = await getStrapi();
});

async function submit(body: unknown, ip = newClientIp()) {
  return checked((await http()).post('/api/v1/contact-us').set('X-Forwarded-For', ip).set('Accept', 'application/json').send(body as object));
}

async function stored(id: number) {
  return strapi.db.query(CONTACT).findOne({ where: { id } });
}

const countContacts = () => strapi.db.query(CONTACT).count();

describe('POST /api/v1/contact-us: success', () => {
  it('stores the submission and answers exactly the contract body', async () => {
    const res = await submit({ ...VALID, last_name: 'Haddad', method_of_contact: 'Instagram', message: 'Looking for a 3 bed villa.' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, status_code: 201, message: CONFIRMATION, data: { id: expect.any(Number) } });
    expect(await stored(res.body.data.id)).toMatchObject({
      first_name: 'Layla', last_name: 'Haddad', email: 'layla@example.ae', mobile: '+971 50 123 4567',
      method_of_contact: 'Instagram', message: 'Looking for a 3 bed villa.', contact_type: 'Website Contact Form',
    });
  });

  it('stores a document as the Content Manager finds it: a document id, published, timestamped, editable', async () => {
    const startedAt = Date.now();
    const res = await submit({ ...VALID, ...newPerson() });
    const { documentId } = (await stored(res.body.data.id)) as { documentId: string };
    expect(documentId).toMatch(/^[a-z0-9]{24}$/);
    const document = (await strapi.documents(CONTACT).findOne({ documentId })) as Record<string, unknown>;
    expect(document).toMatchObject({ id: res.body.data.id, first_name: 'Layla', contact_type: 'Website Contact Form' });
    for (const field of ['publishedAt', 'createdAt', 'updatedAt']) expect(Date.parse(String(document[field]))).toBeGreaterThanOrEqual(startedAt - 1000);
    await strapi.documents(CONTACT).update({ documentId, data: { message: 'Called back.' } });
    expect(await stored(res.body.data.id)).toMatchObject({ message: 'Called back.', first_name: 'Layla' });
  });

  it('accepts only the three required fields', async () => {
    const res = await submit(VALID);
    expect(res.status).toBe(201);
    expect(await stored(res.body.data.id)).toMatchObject({ last_name: null, method_of_contact: null, message: null });
  });

  it.each([
    ['a plus tag', 'layla+villas@example.com'],
    ['a multi-label domain', 'layla@mail.example.co.uk'],
    ['underscores and digits', 'layla_haddad_1987@example.com'],
    ['a hyphenated domain', 'layla@luxury-homes.ae'],
  ])('accepts an e-mail with %s', async (_form, email) => {
    const res = await submit({ ...VALID, email });
    expect(res.status).toBe(201);
    expect((await stored(res.body.data.id)).email).toBe(email);
  });

  it('trims strings, ignores unknown fields and never takes contact_type from the client', async () => {
    const res = await submit({ first_name: '  Omar  ', email: ' omar@example.com ', mobile: ' 0501234567 ', contact_type: 'VIP', is_admin: true, id: 1 });
    expect(res.status).toBe(201);
    expect(await stored(res.body.data.id)).toMatchObject({ first_name: 'Omar', email: 'omar@example.com', mobile: '0501234567', contact_type: 'Website Contact Form' });
  });

  it('stores SQL, HTML and unicode verbatim', async () => {
    const lead = {
      first_name: "Robert'); DROP TABLE contacts;--",
      last_name: 'محمد José Ñúñez 李 🏝️',
      email: 'robert@example.com',
      mobile: '+971 (50) 123-4567',
      message: '<script>alert("x")</script> & <b>bold</b>\nsecond line',
    };
    const res = await submit(lead);
    expect(res.status).toBe(201);
    expect(await stored(res.body.data.id)).toMatchObject(lead);
    expect(await countContacts()).toBeGreaterThan(0);
  });

  it('accepts an HTML form post (application/x-www-form-urlencoded)', async () => {
    const res = await checked(
      (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).type('form')
        .send('first_name=Sara&email=sara%2Bform%40example.com&mobile=%2B971501112233&message=Hello%20there')
    );
    expect(res.status).toBe(201);
    expect(await stored(res.body.data.id)).toMatchObject({ first_name: 'Sara', email: 'sara+form@example.com', mobile: '+971501112233', message: 'Hello there' });
  });
});

describe('POST /api/v1/contact-us: validation', () => {
  async function rejected(body: unknown) {
    const before = await countContacts();
    const res = await submit(body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, status_code: 422, message: 'Validation failed', error_code: 'VALIDATION_FAILED' });
    expect(await countContacts()).toBe(before);
    return res.body.errors;
  }

  it('reports a missing first name', async () => {
    expect(await rejected({ email: VALID.email, mobile: VALID.mobile })).toEqual({ first_name: ['Name is required'] });
  });

  it('reports a missing e-mail', async () => {
    expect(await rejected({ first_name: 'A', mobile: VALID.mobile })).toEqual({ email: ['Email address is required'] });
  });

  it('reports a missing mobile', async () => {
    expect(await rejected({ first_name: 'A', email: VALID.email })).toEqual({ mobile: ['Phone number is required'] });
  });

  it('reports every failing rule together, and blank strings count as missing', async () => {
    expect(await rejected({ first_name: '   ', email: 'not-an-email', mobile: '' })).toEqual({
      first_name: ['Name is required'],
      email: ['Please provide a valid email address'],
      mobile: ['Phone number is required'],
    });
  });

  it.each(['plainaddress', 'layla@', '@example.com', 'layla@example', 'layla@@example.com', 'a@b.com,c@d.com', 'Layla <layla@example.com>', 'layla @example.com', 'layla@127.0.0.1'])(
    'refuses the malformed e-mail %s',
    async (email) => {
      expect(await rejected({ ...VALID, email })).toEqual({ email: ['Please provide a valid email address'] });
    }
  );

  it.each(['abc', '12345', '+971-50-abc-4567', '050 123 4567 ext 9'])('refuses the phone number %s', async (mobile) => {
    expect(await rejected({ ...VALID, mobile })).toEqual({ mobile: ['Please provide a valid phone number'] });
  });

  it('enforces the length limits with their messages', async () => {
    const errors = await rejected({
      first_name: 'a'.repeat(256),
      last_name: 'b'.repeat(256),
      email: `${'c'.repeat(250)}@example.com`,
      mobile: '1'.repeat(21),
      method_of_contact: 'd'.repeat(256),
    });
    expect(errors).toEqual({
      first_name: ['The first name may not be greater than 255 characters.'],
      last_name: ['The last name may not be greater than 255 characters.'],
      email: ['The email may not be greater than 255 characters.'],
      mobile: ['The mobile may not be greater than 20 characters.'],
      method_of_contact: ['The method of contact may not be greater than 255 characters.'],
    });
  });

  it('accepts values exactly at the limits', async () => {
    const res = await submit({ ...VALID, first_name: 'a'.repeat(255), mobile: '1'.repeat(20) });
    expect(res.status).toBe(201);
  });

  it.each([
    ['a lone surrogate in the e-mail', { email: 'layla\ud800@example.ae' }, 'email', 'The email contains characters that are not allowed.'],
    ['a NUL byte in the message', { message: 'call me\u0000 tomorrow' }, 'message', 'The message contains characters that are not allowed.'],
    ['a NUL byte in the first name', { first_name: 'Lay\u0000la' }, 'first_name', 'The first name contains characters that are not allowed.'],
    ['a lone low surrogate in the last name', { last_name: 'Had\udc00dad' }, 'last_name', 'The last name contains characters that are not allowed.'],
  ])('refuses %s with a 422 on that field (same on every database)', async (_what, fields, field, message) => {
    expect(await rejected({ ...VALID, ...fields })).toEqual({ [field]: [message] });
  });

  it('keeps paired surrogates (emoji) and other control characters', async () => {
    const res = await submit({ ...VALID, message: 'Sea view 🏝️ please\ttab\u0001' });
    expect(res.status).toBe(201);
    expect((await stored(res.body.data.id)).message).toBe('Sea view 🏝️ please\ttab\u0001');
  });

  it('refuses fields that are not text', async () => {
    expect(await rejected({ ...VALID, first_name: { $ne: null }, message: ['a'] })).toEqual({
      first_name: ['The first name must be text.'],
      message: ['The message must be text.'],
    });
  });
});

describe('POST /api/v1/contact-us: bad bodies', () => {
  async function refusedWithoutRow(send: () => Promise<unknown>) {
    const before = await countContacts();
    await send();
    expect(await countContacts()).toBe(before);
  }

  it('answers malformed JSON with 400', () =>
    refusedWithoutRow(async () => {
      const agent = await http();
      await checkedError(agent.post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).set('Content-Type', 'application/json').send('{"first_name": "A",'), 400, 'MALFORMED_JSON');
    }));

  it('answers a JSON array with 400', () =>
    refusedWithoutRow(async () => {
      await checkedError((await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send([VALID]), 400, 'BAD_REQUEST');
    }));

  it('answers a body over 64 KiB with 413', () =>
    refusedWithoutRow(async () => {
      const res = await checked((await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send({ ...VALID, message: 'x'.repeat(65 * 1024) }));
      expect(res.status).toBe(413);
    }));

  it('answers other content types with 415', () =>
    refusedWithoutRow(async () => {
      const res = await checked((await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).set('Content-Type', 'text/plain').send('first_name=A'));
      expect(res.status).toBe(415);
    }));
});

describe('POST /api/v1/contact-us: durability', () => {
  it('gives every one of 200 concurrent submissions its row, and every row had its 201', async () => {
    const run = `load-${Date.now()}`;
    const agent = await http();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        agent.post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp())
          .send({ ...VALID, first_name: `Lead ${index}`, method_of_contact: run })
      )
    );
    const created = responses.filter((res) => res.status === 201);
    expect(responses.map((res) => res.status).filter((status) => status !== 201)).toEqual([]);

    const rows = await strapi.db.query(CONTACT).findMany({ where: { method_of_contact: run } });
    expect(rows).toHaveLength(200);
    expect(new Set(created.map((res) => res.body.data.id))).toEqual(new Set(rows.map((row: { id: number }) => row.id)));
    expect(new Set(rows.map((row: { first_name: string }) => row.first_name)).size).toBe(200);
  });

  it('answers 500 in the envelope, and stores nothing, while the database is unavailable', async () => {
    const before = await countContacts();
    const res = await whileDatabaseDown(strapi, () => submit(VALID));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, status_code: 500, message: 'Failed to submit contact form: storage unavailable', error_code: 'SERVER_ERROR' });
    expect(await countContacts()).toBe(before);
  });
});

describe('POST /api/v1/contact-us: the event loop', () => {
  /** The turns of the event loop taken while `work` runs (a ticker runs once a turn), and each SQL statement's turn. */
  async function turnsOf(work: () => Promise<unknown>) {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const statements: Array<{ sql: string; turn: number }> = [];
    const onQuery = ({ sql }: { sql: string }) => statements.push({ sql, turn: turns });
    strapi.db.connection.on('query', onQuery);
    try {
      await work();
    } finally {
      strapi.db.connection.off('query', onQuery);
      ticking = false;
    }
    return statements;
  }

  // On SQLite every statement and the commit's sync run on the thread that answers visitors (on
  // PostgreSQL each waits for the server, so turns pass between them anyway).
  it.skipIf(process.env.TEST_DB_CLIENT === 'postgres')('stores a lead in steps a turn apart, the commit in a turn of its own, so other requests are answered between them (decision 178)', async () => {
    const statements = await turnsOf(async () => expect((await submit({ ...VALID, method_of_contact: `turns-${Date.now()}` })).status).toBe(201));
    const insert = statements.findIndex(({ sql }) => /^insert into [`"]contacts[`"]/i.test(sql));
    // SQLite's one connection runs a transaction at a time: the first commit after the lead's row is its own.
    const commit = statements.findIndex(({ sql }, index) => index > insert && /^commit/i.test(sql));
    expect(insert).toBeGreaterThanOrEqual(0);
    expect(commit).toBeGreaterThan(insert);
    // A turn after the lead's row (the repeat check and the deliveries), another before the commit.
    expect(statements[commit].turn - statements[insert].turn).toBeGreaterThanOrEqual(2);
  });
});

describe('POST /api/v1/contact-us: rate limit', () => {
  it('allows 10 submissions per IP, then answers 429 with Retry-After', async () => {
    const ip = newClientIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await submit({ ...VALID, email: `lead${attempt}@example.com` }, ip)).status).toBe(201);
    }
    const before = await countContacts();
    const limited = await submit({ ...VALID, email: 'someone.else@example.com', first_name: 'Different' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, status_code: 429, error_code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(await countContacts()).toBe(before);

    expect((await submit(VALID, newClientIp())).status).toBe(201);
  });
});

describe('notification e-mail', () => {
  it('goes to the sales inbox after the commit, with the lead as reply-to', async () => {
    const person = newPerson('notify');
    const res = await submit({ ...VALID, ...person, first_name: 'Notify', last_name: 'Me', message: 'Call me after 6pm' });
    const mail = await waitForMail((m) => m.raw.includes(`#${res.body.data.id})`));
    expect(mail.to).toEqual([SALES_INBOX]);
    expect(mail.raw).toMatch(/^Subject: New website enquiry from Notify Me\r?$/m);
    expect(mail.raw).toContain(`Reply-To: ${person.email}`);
    expect(mail.raw).toContain('Call me after 6pm');
  });

  it('cannot be made to carry extra headers', async () => {
    const res = await submit({ ...VALID, ...newPerson(), first_name: 'Eve\r\nBcc: victim@example.org', last_name: 'X\nX-Injected: yes' });
    expect(res.status).toBe(201);
    const mail = await waitForMail((m) => m.raw.includes(`#${res.body.data.id})`));
    const headers = mail.raw.split(/\r?\n\r?\n/)[0];
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(headers).not.toMatch(/^X-Injected:/m);
    expect(mail.to).toEqual([SALES_INBOX]);
  });

  it('a refused send changes neither the 201 nor the stored record, and is retried until it goes through', async () => {
    smtp.rejectMail = true;
    let id: number;
    try {
      const res = await submit({ ...VALID, ...newPerson(), first_name: 'Unsent' });
      expect(res.status).toBe(201);
      id = res.body.data.id;
      expect(await stored(id)).toMatchObject({ first_name: 'Unsent' });
      await sleep(300);
      expect(smtp.received.some((m) => m.raw.includes(`#${id})`))).toBe(false);
    } finally {
      smtp.rejectMail = false;
    }
    await waitForMail((m) => m.raw.includes(`#${id})`), 10_000);
  });
});

describe('admin: contacts', () => {
  it('an editor change cannot alter contact_type', async () => {
    const res = await submit(VALID);
    const doc = await strapi.documents(CONTACT).findFirst({ filters: { id: res.body.data.id } });
    await strapi.documents(CONTACT).update({ documentId: doc!.documentId, data: { contact_type: 'Changed', message: 'noted' } });
    expect(await stored(res.body.data.id)).toMatchObject({ contact_type: 'Website Contact Form', message: 'noted' });
  });

  it('shows contact_type read-only and the newest submissions first in the Content Manager', async () => {
    const res = await (await http())
      .get(`/content-manager/content-types/${CONTACT}/configuration`)
      .set('Authorization', `Bearer ${await adminToken()}`);
    expect(res.status).toBe(200);
    const { metadatas, settings, layouts } = res.body.data.contentType;
    expect(metadatas.contact_type.edit.editable).toBe(false);
    expect(settings).toMatchObject({ defaultSortBy: 'createdAt', defaultSortOrder: 'DESC' });
    expect(layouts.list).toEqual(['first_name', 'last_name', 'email', 'enquiry_type', 'project_name', 'utm_campaign', 'desk', 'createdAt']);
  });

  it('exports submissions as CSV for admins, with formula cells neutralised', async () => {
    const res = await submit({ ...VALID, first_name: '=HYPERLINK("http://evil.example")', message: 'Needs "quotes", commas\nand lines' });
    const csv = await (await http()).get('/contacts-export/contacts.csv').set('Authorization', `Bearer ${await adminToken()}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = csv.text;
    expect(text.startsWith('id,created_at,first_name,last_name,email,mobile,method_of_contact,message,contact_type,language,consent,consent_text_version,consent_at,enquiry_type,project_id,project_name,listing_reference,listing_title,utm_source,utm_medium,utm_campaign,utm_term,utm_content,page_url,referrer,desk,crm_pipeline,repeat_of\r\n')).toBe(true);
    expect(text).toContain(`${res.body.data.id},`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).toContain('"Needs ""quotes"", commas\nand lines"');
    expect(text.match(/,Website Contact Form,(en|ar),(true|false)?,[^,\r\n]*,[^,\r\n]*(,[^,\r\n]*){15}\r\n/g)).toHaveLength(await countContacts());
  });

  it('bounds the export by date, and refuses a bad date', async () => {
    const token = await adminToken();
    const future = await (await http()).get('/contacts-export/contacts.csv?from=2999-01-01').set('Authorization', `Bearer ${token}`);
    expect(future.text.trimEnd().split('\r\n')).toHaveLength(1);
    const bad = await (await http()).get('/contacts-export/contacts.csv?from=yesterday').set('Authorization', `Bearer ${token}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('The from date must be an ISO date, e.g. 2026-01-31');
  });

  it('refuses the export without an admin session, and to admins without read access to contacts', async () => {
    expect((await (await http()).get('/contacts-export/contacts.csv')).status).toBe(401);

    const role = await strapi.service('admin::role').create({ name: `No contacts ${Date.now()}`, description: 'no permissions' });
    const credentials = { email: `nocontacts${Date.now()}@test.local`, password: 'No-Access-Passw0rd' };
    await strapi.service('admin::user').create({ ...credentials, firstname: 'No', lastname: 'Access', isActive: true, roles: [role.id] });
    const res = await (await http()).get('/contacts-export/contacts.csv').set('Authorization', `Bearer ${await adminToken(credentials)}`);
    expect(res.status).toBe(403);
  });
});

describe('admin: the contacts export shows what the Content Manager shows', () => {
  const CM_LIST = `/content-manager/collection-types/${CONTACT}`;
  let serial = 0;

  async function adminWithRole(roleId: number) {
    serial += 1;
    const credentials = { email: `export-role-${Date.now()}-${serial}@test.local`, password: 'Role-Passw0rd-1' };
    const user = await strapi.service('admin::user').create({ ...credentials, firstname: 'Role', lastname: 'Tester', isActive: true, roles: [roleId] });
    return { auth: `Bearer ${await adminToken(credentials)}`, id: user.id as number };
  }

  async function defaultRole(code: 'strapi-author' | 'strapi-editor') {
    return (await strapi.db.query('admin::role').findOne({ where: { code } })).id as number;
  }

  /** The ids of every contact the Content Manager lists for this admin. */
  async function contentManagerIds(auth: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const res = await (await http()).get(`${CM_LIST}?page=${page}&pageSize=100&sort=id:ASC`).set('Authorization', auth);
      expect(res.status).toBe(200);
      ids.push(...res.body.results.map((row: { id: number }) => row.id));
      if (page >= res.body.pagination.pageCount) return ids;
    }
  }

  const exportCsv = async (auth: string, query = '') => (await http()).get(`/contacts-export/contacts.csv${query}`).set('Authorization', auth);
  const exportedIds = (csv: string) => [...csv.matchAll(/^(\d+),/gm)].map((match) => Number(match[1]));

  it('gives an Author (creator-only condition) none of the website leads, as the Content Manager does', async () => {
    await submit(VALID);
    const { auth } = await adminWithRole(await defaultRole('strapi-author'));
    expect(await contentManagerIds(auth)).toEqual([]);
    const csv = await exportCsv(auth);
    expect(csv.status).toBe(200);
    expect(exportedIds(csv.text)).toEqual([]);
  });

  it('gives an Author the submissions recorded as created by them', async () => {
    const { auth, id: authorId } = await adminWithRole(await defaultRole('strapi-author'));
    // Leads come from the website (no role may create one in the Content Manager); this one is put
    // down to the Author, as one entered before that rule would be.
    const lead = await submit({ ...VALID, first_name: 'Walk-in' });
    await strapi.db.query(CONTACT).update({ where: { id: lead.body.data.id }, data: { createdBy: authorId } });
    const visible = await contentManagerIds(auth);
    expect(visible).toEqual([lead.body.data.id]);
    expect(exportedIds((await exportCsv(auth)).text)).toEqual(visible);
  });

  it("gives an Author's Leads widget none of the website leads either", async () => {
    await submit(VALID);
    const { auth } = await adminWithRole(await defaultRole('strapi-author'));
    const res = await (await http()).get('/leads/summary').set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ counts: { today: 0, last_7_days: 0, last_30_days: 0 }, per_project: [], per_campaign: [], deliveries: { failed: 0, pending: 0 }, latest: [] });
  });

  it('gives an Editor every row the Content Manager lists', async () => {
    await submit(VALID);
    const { auth } = await adminWithRole(await defaultRole('strapi-editor'));
    const visible = await contentManagerIds(auth);
    expect(visible.length).toBe(await countContacts());
    expect(exportedIds((await exportCsv(auth)).text)).toEqual(visible);
  });

  it('leaves out the columns of fields the role may not read', async () => {
    const role = await strapi.service('admin::role').create({ name: `Contacts, names only ${Date.now()}`, description: 'field-limited' });
    await strapi.service('admin::role').assignPermissions(role.id, [
      { action: 'plugin::content-manager.explorer.read', subject: CONTACT, properties: { fields: ['first_name', 'email'] }, conditions: [] },
    ]);
    const csv = await exportCsv((await adminWithRole(role.id)).auth);
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')[0]).toBe('id,created_at,first_name,email');
  });

  it('takes a date-only `to` as the end of that day', async () => {
    const res = await submit({ ...VALID, first_name: 'Today' });
    const today = new Date().toISOString().slice(0, 10);
    const csv = await exportCsv(`Bearer ${await adminToken()}`, `?from=${today}&to=${today}`);
    expect(exportedIds(csv.text)).toContain(res.body.data.id);
  });

  it('refuses a date that does not exist', async () => {
    const res = await exportCsv(`Bearer ${await adminToken()}`, '?to=2026-02-30');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The to date must be an ISO date, e.g. 2026-01-31');
  });
});

describe('GET /api/v1/contact-us-page', () => {
  const PAGE = 'api::contact.contact-page';

  it('returns the contract shape with the demo branches', async () => {
    const res = await checked((await http()).get('/api/v1/contact-us-page'));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(['alternates', 'canonical_url', 'description', 'email', 'our_branches', 'phone', 'seo', 'social_media', 'structured_data', 'title', 'whatsapp']);
    expect(data.our_branches.map((branch: { title: string }) => branch.title)).toEqual(['Dubai Head Office', 'Abu Dhabi Branch']);
    expect(data.our_branches[0].branch_image).toMatch(/^http:\/\/cms\.test\.local\/uploads\/downtown_day_\w+\.jpg$/);
    expect(data.social_media[0]).toEqual({ icon: expect.stringMatching(/^http:\/\/cms\.test\.local\/uploads\/icon_instagram_\w+\.svg$/), link: 'https://www.instagram.com/luxuryestates.ae' });
    expect(data.seo.meta_title).toContain('Contact');
  });

  it('reflects an edit on the next request', async () => {
    const page = await strapi.documents(PAGE).findFirst();
    await checked((await http()).get('/api/v1/contact-us-page'));
    await strapi.documents(PAGE).update({ documentId: page!.documentId, data: { phone: '+971 4 000 0000' }, status: 'published' });
    expect((await checked((await http()).get('/api/v1/contact-us-page'))).body.data.phone).toBe('+971 4 000 0000');
    await strapi.documents(PAGE).update({ documentId: page!.documentId, data: { phone: '+971 4 123 4567' }, status: 'published' });
  });

  it('keeps every key when the page was never saved', async () => {
    const page = await strapi.documents(PAGE).findFirst({ populate: { social_media: true, our_branches: true, seo: true } });
    await strapi.documents(PAGE).delete({ documentId: page!.documentId, locale: '*' });
    try {
      const res = await checked((await http()).get('/api/v1/contact-us-page'));
      expect(res.body.data).toEqual({
        title: '', description: '', phone: '', email: '', whatsapp: '', social_media: [], our_branches: [],
        seo: { meta_title: '', meta_description: '', canonical_url: null, og_image: null, noindex: false, keywords: [] },
        canonical_url: expect.stringMatching(/\/contact$/),
        alternates: { en: expect.stringMatching(/\/contact$/), ar: expect.stringMatching(/\/ar\/contact$/), 'x-default': expect.stringMatching(/\/contact$/) },
        structured_data: { '@context': 'https://schema.org', '@type': 'RealEstateAgent', '@id': expect.stringMatching(/\/contact#agency$/), name: 'Luxury Estates', url: expect.stringMatching(/\/contact$/) },
      });
    } finally {
      // The page as the demo had it, in both languages (later files read its Arabic).
      const { contactPageSeeder } = await import('../../src/api/contact/seed');
      const { arabicDemoSeeder } = await import('../../src/bootstrap/arabic-demo-seed');
      await contactPageSeeder.run(strapi);
      await arabicDemoSeeder.run(strapi);
    }
  });
});
