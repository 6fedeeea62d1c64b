/**
 * Buyers' alerts (issue 33, part C) on a real app: a fake Reelly serves a catalogue that changes, each
 * refresh is matched against saved searches and favourites, and the alert e-mails reach the real SMTP
 * sink, with their one-click unsubscribe (RFC 8058). The digest hour is checked with the sender's own
 * clock (`runDue(now)`), never by waiting for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, generatedData, getStrapi, http } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { smtp, type ReceivedMail } from '../helpers/smtp';
import { REELLY_API_KEY, startFakeReelly } from '../../scripts/fakes/providers';

const PASSWORD = 'Buyer-Passw0rd-long';
const SECRET = 'test-alerts-unsubscribe-secret';
const DAY_MS = 24 * 60 * 60 * 1000;

let strapi: Core.Strapi;
let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
let original: unknown;
const generated = generatedData({ projects: 30, sales: 0, rentals: 0 }).projects.projects;
const HARBOUR = { ...generated[0], id: 9001, name: 'Harbour Drop Residences', slug_name: 'harbour-drop-residences', min_price: 2_000_000 };
const SKYLINE = { ...generated[1], id: 9002, name: 'Skyline Alert Tower', slug_name: 'skyline-alert-tower', min_price: 3_000_000 };

const projects = () => strapi.plugin('extsource').service('projects');
const sender = () => appModule<{ alertSender(): { runDue(now: number): Promise<number>; purge(now: number): Promise<number> } }>('src/api/account/alerts/sender').alertSender()!;
const alerts = (where: Record<string, unknown>) => strapi.db.connection('app_alerts').where(where).orderBy('id') as Promise<Array<Record<string, unknown>>>;

/** The catalogue the fake serves from now on, fetched and matched before this returns. */
async function serve(catalogue: Array<Record<string, unknown>>): Promise<void> {
  reelly.state.projects = catalogue;
  const held = projects().peek()?.version;
  projects().invalidate();
  await checked((await http()).get('/api/v1/off-plan/projects'));
  expect(projects().peek().version).not.toBe(held);
  const fetchedAt = projects().peek().fetchedAt;
  await eventually(async () => expect(((await strapi.store({ type: 'core', name: 'alerts' }).get({ key: 'matched' })) as { fetchedAt: string }).fetchedAt).toBe(fetchedAt), { timeoutMs: 20_000 });
}

let made = 0;
async function buyer(fields: Record<string, unknown>) {
  made += 1;
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'buyer' } });
  const email = `alerts${made}-${Date.now()}@example.com`;
  const user = await strapi.plugin('users-permissions').service('user').add({
    username: email, email, password: PASSWORD, provider: 'local', confirmed: true, blocked: false, role: role.id, marketing_consent: true, ...fields,
  });
  return { id: user.id as number, email, auth: `Bearer ${await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id })}` };
}

/** A saved search, stored as the API stores it (an unconfirmed buyer cannot sign in to save one). */
async function savedSearch(buyerId: number, name: string, query: string, frequency: string): Promise<number> {
  const row = await strapi.db.query('api::account.saved-search').create({ data: { buyer: buyerId, name, query, frequency } });
  return row.id;
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

/** A MIME body's text as its transfer encoding says (base64 or quoted-printable). */
function decoded(headers: string, body: string): string {
  if (/^Content-Transfer-Encoding: base64/im.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(headers)) return body;
  return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

/** The mail's header block, unfolded, and the text of its parts, decoded. */
function read(mail: ReceivedMail) {
  const split = (part: string) => {
    const at = part.search(/\r?\n\r?\n/);
    return { headers: part.slice(0, at).replace(/\r?\n[ \t]+/g, ' '), body: part.slice(at).replace(/^\r?\n\r?\n/, '') };
  };
  const { headers, body } = split(mail.raw);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1];
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map((part) => split(part.replace(/^\r?\n/, ''))) : [{ headers, body }];
  const text = parts.map((part) => decoded(part.headers, part.body)).join('\n');
  return { header, text, unsubscribe: header('List-Unsubscribe')?.replace(/^<|>$/g, '') };
}

beforeAll(async () => {
  strapi = await getStrapi();
  strapi.config.set('alerts', { ...(strapi.config.get('alerts') as object), unsubscribeSecret: SECRET, pollMs: 200, backoffMs: 100, maxBackoffMs: 200, maxAttempts: 4 });
  original = structuredClone(strapi.config.get('plugin::extsource'));
  reelly = await startFakeReelly();
  reelly.state.projects = [...generated, HARBOUR];
  reelly.state.projectsAr = [{ ...SKYLINE, name: 'برج سكاي لاين' }];
  strapi.config.set('plugin::extsource', { ...(original as object), projectsDriver: 'reelly', detailRate: 0, reelly: { apiKey: REELLY_API_KEY, maxPages: 10, baseUrl: reelly.url, pageSize: 25 } });
  await serve([...generated, HARBOUR]);
});

afterAll(async () => {
  strapi.config.set('plugin::extsource', original);
  projects().invalidate();
  await reelly.close();
});

describe('alerts after a projects refresh', () => {
  let ahmed: Awaited<ReturnType<typeof buyer>>;
  let layla: Awaited<ReturnType<typeof buyer>>;
  let unconfirmed: Awaited<ReturnType<typeof buyer>>;
  let noConsent: Awaited<ReturnType<typeof buyer>>;
  let skylineSearch: number;
  let laylaSearch: number;
  let harbourId: string;
  let digestDue: number;

  beforeAll(async () => {
    ahmed = await buyer({ language: 'en' });
    layla = await buyer({ language: 'ar' });
    unconfirmed = await buyer({ confirmed: false });
    noConsent = await buyer({ marketing_consent: false });
    const agent = await http();
    const created = await checked(agent.post('/api/v1/me/saved-searches').set('Authorization', ahmed.auth).send({ name: 'Skyline', query: 'project_name=Skyline', frequency: 'instant' }));
    expect(created.status).toBe(201);
    skylineSearch = created.body.data.id;
    await checked(agent.post('/api/v1/me/saved-searches').set('Authorization', ahmed.auth).send({ name: 'Harbour', query: 'project_name=Harbour Drop', frequency: 'instant' }));
    laylaSearch = (await checked(agent.post('/api/v1/me/saved-searches').set('Authorization', layla.auth).send({ name: 'سكاي لاين', query: 'project_name=Skyline', frequency: 'daily' }))).body.data.id;
    for (const other of [unconfirmed, noConsent]) await savedSearch(other.id, 'Skyline', 'project_name=Skyline', 'instant');
    harbourId = (await checked(agent.get('/api/v1/off-plan/projects?project_name=Harbour%20Drop'))).body.data.properties.data[0].id;
    expect((await checked(agent.put(`/api/v1/me/favorites/${harbourId}`).set('Authorization', ahmed.auth))).status).toBe(200);

    const before = Date.now();
    await serve([...generated, { ...HARBOUR, min_price: 1_800_000 }, SKYLINE]);
    const digest = await eventually(async () => {
      const [row] = await alerts({ buyer_id: layla.id });
      expect(row).toBeDefined();
      return row;
    });
    digestDue = Number(digest.next_attempt_at);
    expect(digestDue).toBeGreaterThan(before);
  });

  it('sends an instant alert of a new matching project, a price drop of a matched one and of a favourite, within moments', async () => {
    const mails = await eventually(() => {
      const found = mailsTo(ahmed.email);
      expect(found).toHaveLength(3);
      return found.map(read);
    }, { timeoutMs: 20_000 });
    const skyline = mails.find((mail) => mail.text.includes('Saved search "Skyline"'))!;
    expect(skyline.text).toContain('Skyline Alert Tower: New match. From AED');
    // Linked to the project's page by its slug, as the answers name it (decision 108).
    const skylinePage = (await checked((await http()).get('/api/v1/off-plan/projects?project_name=Skyline%20Alert'))).body.data.properties.data[0].canonical_url;
    expect(skylinePage).toMatch(/\/off-plan\/skyline-alert-tower$/);
    expect(skyline.text).toContain(skylinePage);
    expect(skyline.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(skyline.unsubscribe).toMatch(/^http:\/\/cms\.test\.local\/api\/v1\/unsubscribe\?token=[\w-]+\.[\w-]+$/);
    const harbour = mails.find((mail) => mail.text.includes('Saved search "Harbour"'))!;
    expect(harbour.text).toMatch(/Harbour Drop Residences: Price drop \(was AED\s2,000,000\)\. From AED\s1,800,000/);
    const favourite = mails.find((mail) => mail.text.includes('Your favourites'))!;
    expect(favourite.text).toContain('Harbour Drop Residences: Price drop');
    expect(favourite.header('Subject')).toBe('A price drop on your favourites');
  });

  it('tells no buyer who has not confirmed or not agreed to marketing', async () => {
    for (const other of [unconfirmed, noConsent]) {
      expect(mailsTo(other.email)).toHaveLength(0);
      expect(await alerts({ buyer_id: other.id })).toHaveLength(0);
    }
  });

  it('tells a search of a project once: a project that leaves the search and comes back, or costs more, sends nothing new', async () => {
    await eventually(() => expect(mailsTo(ahmed.email)).toHaveLength(3));
    await serve([...generated, { ...HARBOUR, min_price: 1_900_000 }, { ...SKYLINE, name: 'Renamed Tower' }]);
    await serve([...generated.slice(1), { ...HARBOUR, min_price: 1_800_000 }, SKYLINE, { ...generated[0], name: 'Renamed Court' }]);
    await sender().runDue(Date.now());
    expect(mailsTo(ahmed.email)).toHaveLength(3);
    expect(await alerts({ buyer_id: ahmed.id })).toHaveLength(3);
  });

  it('sends a daily digest at the digest hour (08:00 in Dubai), in the buyer’s language', async () => {
    expect(new Date(digestDue).getUTCHours()).toBe(4);
    expect(digestDue - Date.now()).toBeLessThanOrEqual(DAY_MS);
    await eventually(async () => expect(await sender().runDue(digestDue - 60_000)).toBe(0));
    expect(mailsTo(layla.email)).toHaveLength(0);
    // At least layla's (other files' buyers, on the same app, may have digests due at the same hour).
    await eventually(async () => expect(await sender().runDue(digestDue)).toBeGreaterThanOrEqual(1));
    const [digest] = mailsTo(layla.email).map(read);
    expect(digest.text).toContain('البحث المحفوظ "سكاي لاين"');
    expect(digest.text).toContain('برج سكاي لاين');
    expect(digest.text).toContain('إيقاف هذه التنبيهات');
    expect(digest.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect((await alerts({ buyer_id: layla.id }))[0].status).toBe('sent');
  });

  it('refuses a forged or altered unsubscribe token with a 403 envelope', async () => {
    const [mail] = mailsTo(ahmed.email).map(read).filter((one) => one.text.includes('Saved search "Skyline"'));
    const token = new URL(mail.unsubscribe!).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const otherBuyer = Buffer.from(JSON.stringify({ b: layla.id, s: [`search:${skylineSearch}`] })).toString('base64url');
    for (const forged of [`${otherBuyer}.${signature}`, `${payload}.${signature.slice(0, -2)}AA`, 'not-a-token', '']) {
      const res = await checkedError((await http()).post(`/api/v1/unsubscribe?token=${encodeURIComponent(forged)}`).type('form').send('List-Unsubscribe=One-Click'), 403, 'FORBIDDEN');
      expect(res.body).toMatchObject({ success: false, status_code: 403, error_code: 'FORBIDDEN' });
    }
    const arabic = await checkedError((await http()).get('/api/v1/unsubscribe?token=x&locale=ar'), 403, 'FORBIDDEN');
    expect(arabic.body.message).toMatch(/رابط إلغاء الاشتراك/);
  });

  it('stops a search through the one-click POST of its List-Unsubscribe header; GET only shows it', async () => {
    const [mail] = mailsTo(ahmed.email).map(read).filter((one) => one.text.includes('Saved search "Skyline"'));
    const path = new URL(mail.unsubscribe!).pathname + new URL(mail.unsubscribe!).search;
    const shown = await checked((await http()).get(path));
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({ unsubscribed: false, subjects: [{ type: 'saved_search', id: skylineSearch, name: 'Skyline' }] });
    expect(shown.headers['cache-control']).toBe('private, no-store');
    // As RFC 8058 says mail clients should send it: multipart/form-data (a form is accepted too, above).
    const done = await checked((await http()).post(path).field('List-Unsubscribe', 'One-Click'));
    expect(done.status).toBe(200);
    expect(done.body.data.unsubscribed).toBe(true);
    expect((await checked((await http()).get(path))).body.data.unsubscribed).toBe(true);

    await serve([...generated.slice(1), { ...HARBOUR, min_price: 1_800_000 }, SKYLINE, { ...SKYLINE, id: 9003, name: 'Skyline Second Tower' }]);
    await sender().runDue(Date.now());
    expect((await alerts({ buyer_id: ahmed.id })).filter((row) => row.subject === `search:${skylineSearch}`)).toHaveLength(1);
    expect(mailsTo(ahmed.email)).toHaveLength(3);
    // Layla's daily search still finds it.
    expect(await alerts({ buyer_id: layla.id })).toHaveLength(2);
  });

  it('retries an alert the mail server refused', async () => {
    smtp.rejectMail = true;
    try {
      await serve([...generated.slice(1), { ...HARBOUR, min_price: 1_700_000 }, SKYLINE, { ...SKYLINE, id: 9003, name: 'Skyline Second Tower' }]);
      await eventually(async () => {
        const retrying = (await alerts({ buyer_id: ahmed.id })).filter((row) => row.status === 'retrying');
        expect(retrying.length).toBeGreaterThan(0);
      }, { timeoutMs: 20_000 });
    } finally {
      smtp.rejectMail = false;
    }
    await eventually(() => expect(mailsTo(ahmed.email).map(read).filter((mail) => mail.text.includes('AED\u00a01,700,000') || mail.text.includes('AED 1,700,000'))).toHaveLength(2), { timeoutMs: 20_000 });
    const rows = await eventually(async () => {
      const found = (await alerts({ buyer_id: ahmed.id })).filter((row) => Number(row.price) === 1_700_000);
      expect(found.map((row) => row.status)).toEqual(['sent', 'sent']);
      return found;
    });
    // The refused one was sent on a later attempt, each mail once.
    expect(Math.max(...rows.map((row) => Number(row.attempts)))).toBeGreaterThanOrEqual(2);
  });

  it('purges the told marks of a deleted search, the rows of a deleted account, and settled alerts after ALERTS_PURGE_DAYS', async () => {
    const rows = (name: string, where: Record<string, unknown>) => strapi.db.connection(name).where(where) as Promise<unknown[]>;
    expect(await rows('app_alert_told', { subject: `search:${laylaSearch}` })).not.toHaveLength(0);
    await checked((await http()).delete(`/api/v1/me/saved-searches/${laylaSearch}`).set('Authorization', layla.auth));
    await sender().purge(Date.now());
    expect(await rows('app_alert_told', { subject: `search:${laylaSearch}` })).toHaveLength(0);
    // The deleted search's digest alert still waiting is never sent.
    await eventually(async () => expect(await sender().runDue(digestDue + DAY_MS)).toBe(1));
    expect(mailsTo(layla.email)).toHaveLength(1);
    // Her alerts are her history (the personal data export) until they are old enough.
    expect((await alerts({ buyer_id: layla.id })).map((row) => row.status)).toEqual(['sent', 'cancelled']);
    await sender().purge(Date.now() + 91 * DAY_MS);
    expect(await alerts({ buyer_id: layla.id })).toHaveLength(0);

    expect(await rows('app_alert_mutes', { buyer_id: ahmed.id })).toHaveLength(1);
    await strapi.db.query('plugin::users-permissions.user').delete({ where: { id: ahmed.id } });
    await sender().purge(Date.now());
    expect(await rows('app_alert_mutes', { buyer_id: ahmed.id })).toHaveLength(0);
    expect(await alerts({ buyer_id: ahmed.id })).toHaveLength(0);
    expect(await rows('app_alert_told', { subject: `favorites:${ahmed.id}` })).toHaveLength(0);
  });
});
