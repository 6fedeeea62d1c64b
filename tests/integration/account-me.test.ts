/**
 * A signed-in buyer under /api/v1/me (issue 33, part B): the account, favourites, saved searches,
 * `is_favorited` on the off-plan answers (private, never another buyer's), leads linked to the account.
 * Buyers are made through the users-permissions plugin's own services, signed in with its jwt service.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { getStrapi, http, newClientIp, webhookReceiver } from '../helpers/app';
import { checked } from '../helpers/contract';

const USER = 'plugin::users-permissions.user';
const FAVORITE = 'api::account.favorite';
const SAVED_SEARCH = 'api::account.saved-search';
const CONTACT = 'api::contact.contact';
const PASSWORD = 'Buyer-Passw0rd-long';

let strapi: Core.Strapi;
let projectIds: string[];

beforeAll(async () => {
  strapi = await getStrapi();
  const res = await (await http()).get('/api/v1/off-plan/projects?per_page=100');
  projectIds = res.body.data.properties.data.map((card: { id: string }) => card.id);
});

let made = 0;
interface Buyer {
  id: number;
  documentId: string;
  email: string;
  auth: string;
}

/** A buyer (confirmed, Buyer role unless said otherwise) and their access token, from the plugin's own services. */
async function buyer(overrides: Record<string, unknown> = {}, roleType = 'buyer'): Promise<Buyer> {
  made += 1;
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: roleType } });
  const email = `buyer${made}-${Date.now()}@example.com`;
  const user = await strapi.plugin('users-permissions').service('user').add({
    username: email, email, password: PASSWORD, provider: 'local', confirmed: true, blocked: false, role: role.id, ...overrides,
  });
  const token = await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
  return { id: user.id, documentId: user.documentId, email, auth: `Bearer ${token}` };
}

const get = async (url: string, auth?: string) => {
  const request = (await http()).get(url);
  return checked(auth ? request.set('Authorization', auth) : request);
};
const send = async (method: 'put' | 'patch' | 'post' | 'delete', url: string, auth: string, body?: object) => {
  const request = (await http())[method](url).set('Authorization', auth);
  return checked(body ? request.send(body) : request);
};

describe('who the buyer is', () => {
  it('answers GET /me with the account, privately', async () => {
    const me = await buyer({ name: 'Layla' });
    const res = await get('/api/v1/me', me.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: me.id, email: me.email, username: me.email, name: 'Layla', phone: null, locale: 'en',
      marketing_consent: false, marketing_consent_version: null, marketing_consent_at: null, created_at: expect.any(String),
    });
    expect(res.body.data.password).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/Authorization/);
    expect(res.headers['surrogate-key']).toBeUndefined();
  });

  it('answers 401 envelopes without a token, with a bad one, and in Arabic', async () => {
    const none = await get('/api/v1/me');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, status_code: 401, error_code: 'UNAUTHORIZED' });
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const bad = await get('/api/v1/me', 'Bearer not.a.token');
    expect(bad.status).toBe(401);
    expect(bad.body.message).toMatch(/not valid or has expired/);
    const arabic = await get('/api/v1/me?locale=ar');
    expect(arabic.body.message).toMatch(/سجّل الدخول/);
  });

  it.each([
    ['a blocked buyer', { blocked: true }, 'buyer'],
    ['an unconfirmed buyer', { confirmed: false }, 'buyer'],
    ['a user without the Buyer role', {}, 'authenticated'],
  ])('refuses %s', async (_who, overrides, role) => {
    const user = await buyer(overrides, role);
    expect((await get('/api/v1/me', user.auth)).status).toBe(401);
  });

  it('refuses a buyer blocked after signing in, at once', async () => {
    const me = await buyer();
    expect((await get('/api/v1/me', me.auth)).status).toBe(200);
    await strapi.db.query(USER).update({ where: { id: me.id }, data: { blocked: true } });
    expect((await get('/api/v1/me', me.auth)).status).toBe(401);
  });

  it('refuses an access token whose session has ended (refresh mode)', async () => {
    const me = await buyer();
    await (strapi as unknown as { sessionManager(o: string): { invalidateRefreshToken(id: string): Promise<void> } }).sessionManager('users-permissions').invalidateRefreshToken(String(me.id));
    expect((await get('/api/v1/me', me.auth)).status).toBe(401);
  });

  it("accepts the plugin's legacy tokens when jwtManagement is 'legacy-support'", async () => {
    const me = await buyer();
    const key = 'plugin::users-permissions.jwtManagement';
    const mode = strapi.config.get(key);
    strapi.config.set(key, 'legacy-support');
    try {
      const legacy = `Bearer ${await strapi.plugin('users-permissions').service('jwt').issue({ id: me.id })}`;
      expect((await get('/api/v1/me', legacy)).status).toBe(200);
      // A refresh-mode access token is not a legacy one.
      expect((await get('/api/v1/me', me.auth)).status).toBe(401);
    } finally {
      strapi.config.set(key, mode);
    }
    expect((await get('/api/v1/me', me.auth)).status).toBe(200);
  });

  it('has the Buyer role, once', async () => {
    expect(await strapi.db.query('plugin::users-permissions.role').count({ where: { type: 'buyer' } })).toBe(1);
  });
});

describe('PATCH /api/v1/me', () => {
  it('changes the profile and records the consent with its wording and time, ignoring a role in the body', async () => {
    const me = await buyer();
    const res = await send('patch', '/api/v1/me', me.auth, {
      name: ' Omar ', phone: '+971 50 123 4567', locale: 'ar', marketing_consent: true, marketing_consent_version: 'v2', role: 1, blocked: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Omar', phone: '+971 50 123 4567', locale: 'ar', marketing_consent: true, marketing_consent_version: 'v2' });
    expect(Date.parse(res.body.data.marketing_consent_at)).toBeGreaterThan(Date.now() - 60_000);
    const stored = await strapi.db.query(USER).findOne({ where: { id: me.id }, populate: ['role'] });
    expect(stored).toMatchObject({ blocked: false, role: { type: 'buyer' } });
  });

  it('answers 422s by field in English and Arabic', async () => {
    const me = await buyer();
    const body = { phone: 'call me', locale: 'fr', marketing_consent: true, name: 5 };
    const en = await send('patch', '/api/v1/me', me.auth, body);
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({ error_code: 'VALIDATION_FAILED', message: 'Validation failed' });
    expect(en.body.errors).toEqual({
      name: ['The name must be text.'],
      phone: ['Please provide a valid phone number'],
      locale: ['The locale must be one of: en, ar.'],
      marketing_consent_version: ['Say which consent text the buyer agreed to (marketing_consent_version).'],
    });
    const ar = await send('patch', '/api/v1/me?locale=ar', me.auth, body);
    expect(ar.body.message).toBe('البيانات المرسلة غير صالحة');
    expect(ar.body.errors.phone).toEqual(['يرجى إدخال رقم هاتف صحيح']);
  });
});

describe('favourites', () => {
  it('keeps one favourite when the same PUT arrives several times at once', async () => {
    const me = await buyer();
    const project = projectIds[2];
    const answers = await Promise.all(Array.from({ length: 6 }, () => send('put', `/api/v1/me/favorites/${project}`, me.auth)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(await strapi.db.query(FAVORITE).count({ where: { buyer: { id: me.id }, project_id: project } })).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.data.favorited_at)).size).toBe(1);
  });

  it('adds idempotently, lists the cards in the locale, removes idempotently', async () => {
    const me = await buyer();
    const [first, second] = projectIds;
    expect((await send('put', `/api/v1/me/favorites/${first}`, me.auth)).status).toBe(200);
    const again = await send('put', `/api/v1/me/favorites/${first}`, me.auth);
    expect(again.body.data).toMatchObject({ project_id: first, is_favorited: true });
    await send('put', `/api/v1/me/favorites/${second}`, me.auth);
    expect(await strapi.db.query(FAVORITE).count({ where: { buyer: { id: me.id } } })).toBe(2);

    const listing = (await get(`/api/v1/off-plan/projects?per_page=100`)).body.data.properties.data;
    const cardOf = (id: string) => listing.find((card: { id: string }) => card.id === id);
    const list = await get('/api/v1/me/favorites', me.auth);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body.data.map((item: { project_id: string }) => item.project_id).sort()).toEqual([first, second].sort());
    const item = list.body.data.find((entry: { project_id: string }) => entry.project_id === first);
    expect(item).toEqual({ kind: 'project', project_id: first, listing_reference: null, favorited_at: expect.any(String), available: true, card: { ...cardOf(first), is_favorited: true } });

    const arabicListing = (await get(`/api/v1/off-plan/projects?per_page=100&locale=ar`)).body.data.properties.data;
    const arabic = (await get('/api/v1/me/favorites?locale=ar', me.auth)).body.data.find((entry: { project_id: string }) => entry.project_id === first);
    expect(arabic.card).toEqual({ ...arabicListing.find((card: { id: string }) => card.id === first), is_favorited: true });

    expect((await send('delete', `/api/v1/me/favorites/${first}`, me.auth)).body.data).toEqual({ project_id: first, is_favorited: false });
    expect((await send('delete', `/api/v1/me/favorites/${first}`, me.auth)).status).toBe(200);
    expect((await get('/api/v1/me/favorites', me.auth)).body.data.map((entry: { project_id: string }) => entry.project_id)).toEqual([second]);
  });

  it('answers 404 for a project the feed does not hold', async () => {
    const me = await buyer();
    const res = await send('put', '/api/v1/me/favorites/no-such-project', me.auth);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error_code: 'NOT_FOUND', message: 'No off-plan project with id "no-such-project"' });
  });

  it('keeps a favourite whose project left the feed, marked unavailable', async () => {
    const me = await buyer();
    await strapi.documents(FAVORITE).create({ data: { buyer: me.documentId, project_id: 'left-the-feed' } });
    const res = await get('/api/v1/me/favorites', me.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ kind: 'project', project_id: 'left-the-feed', listing_reference: null, favorited_at: expect.any(String), available: false, card: null }]);
  });

  it('keeps at most 500 per buyer', async () => {
    const me = await buyer();
    for (let i = 0; i < 500; i += 1) await strapi.db.query(FAVORITE).create({ data: { buyer: me.id, project_id: `old-${i}` } });
    const res = await send('put', `/api/v1/me/favorites/${projectIds[0]}`, me.auth);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ favorites: ['You can keep at most 500 favourites: remove one first.'] });
  }, 60_000);

  it("never shows or removes another buyer's favourites", async () => {
    const [one, other] = [await buyer(), await buyer()];
    await send('put', `/api/v1/me/favorites/${projectIds[0]}`, one.auth);
    expect((await get('/api/v1/me/favorites', other.auth)).body.data).toEqual([]);
    await send('delete', `/api/v1/me/favorites/${projectIds[0]}`, other.auth);
    expect((await get('/api/v1/me/favorites', one.auth)).body.data).toHaveLength(1);
  });
});

describe('is_favorited on the off-plan answers', () => {
  const flags = (body: { data: { properties: { data: Array<{ id: string; is_favorited?: boolean }> } } }) =>
    Object.fromEntries(body.data.properties.data.map((card) => [card.id, card.is_favorited]));

  it('flags each card for its buyer only, privately, and leaves the anonymous answer byte for byte', async () => {
    const url = '/api/v1/off-plan/projects?per_page=100';
    const before = await get(url);
    const [one, other] = [await buyer(), await buyer()];
    await send('put', `/api/v1/me/favorites/${projectIds[0]}`, one.auth);
    await send('put', `/api/v1/me/favorites/${projectIds[1]}`, other.auth);

    const mine = await get(url, one.auth);
    expect(mine.status).toBe(200);
    const mineFlags = flags(mine.body);
    expect(mineFlags[projectIds[0]]).toBe(true);
    expect(mineFlags[projectIds[1]]).toBe(false);
    expect(Object.values(mineFlags).filter(Boolean)).toHaveLength(1);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.vary).toMatch(/Authorization/);
    expect(mine.headers['surrogate-key']).toBeUndefined();
    expect(mine.headers['cache-tag']).toBeUndefined();
    expect(mine.headers.etag).toBeUndefined();

    const theirs = flags((await get(url, other.auth)).body);
    expect(theirs[projectIds[0]]).toBe(false);
    expect(theirs[projectIds[1]]).toBe(true);

    const after = await get(url);
    expect(after.text).toBe(before.text);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.headers['cache-control']).toBe(before.headers['cache-control']);
    expect(after.headers['surrogate-key']).toBe(before.headers['surrogate-key']);
    expect(after.headers.vary).toBe(before.headers.vary);
    expect(after.body.data.properties.data[0].is_favorited).toBeUndefined();
  });

  it('flags the project answer', async () => {
    const me = await buyer();
    await send('put', `/api/v1/me/favorites/${projectIds[2]}`, me.auth);
    const anonymous = await get(`/api/v1/off-plan/projects/${projectIds[2]}`);
    const mine = await get(`/api/v1/off-plan/projects/${projectIds[2]}`, me.auth);
    const similar = anonymous.body.data.similar.map((card: { id: string }) => ({ ...card, is_favorited: false }));
    expect(mine.body.data).toEqual({ ...anonymous.body.data, is_favorited: true, similar });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['surrogate-key']).toBeUndefined();
    expect((await get(`/api/v1/off-plan/projects/${projectIds[3]}`, me.auth)).body.data.is_favorited).toBe(false);
    expect((await get(`/api/v1/off-plan/projects/${projectIds[2]}`)).text).toBe(anonymous.text);
  });

  it('answers a token that names no buyer as everyone is answered', async () => {
    const anonymous = await get('/api/v1/off-plan/projects');
    const res = await get('/api/v1/off-plan/projects', 'Bearer not.a.token');
    expect(res.status).toBe(200);
    expect(res.text).toBe(anonymous.text);
  });
});

describe('saved searches', () => {
  it('stores the query normalised by the listing parser, lists, reads, changes and deletes', async () => {
    const me = await buyer();
    const created = await send('post', '/api/v1/me/saved-searches', me.auth, { name: 'Dubai villas', query: '?property_type=villa&state_id=dxb&page=3&min_price=1000000', frequency: 'weekly' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Dubai villas', query: 'state_id=DU&min_price=1000000&property_type=Villa', frequency: 'weekly' });
    const { id } = created.body.data;
    expect((await get('/api/v1/me/saved-searches', me.auth)).body.data).toEqual([created.body.data]);
    expect((await get(`/api/v1/me/saved-searches/${id}`, me.auth)).body.data).toEqual(created.body.data);
    const patched = await send('patch', `/api/v1/me/saved-searches/${id}`, me.auth, { frequency: 'instant' });
    expect(patched.body.data).toMatchObject({ id, name: 'Dubai villas', frequency: 'instant' });
    expect((await send('delete', `/api/v1/me/saved-searches/${id}`, me.auth)).status).toBe(200);
    expect((await get(`/api/v1/me/saved-searches/${id}`, me.auth)).status).toBe(404);
  });

  it("answers the listing's own 422 messages under query.<parameter>, in Arabic too", async () => {
    const me = await buyer();
    const body = { name: '', query: 'min_price=abc&sort=best', frequency: 'hourly' };
    const en = await send('post', '/api/v1/me/saved-searches', me.auth, body);
    expect(en.status).toBe(422);
    expect(en.body.errors).toEqual({
      name: ['A name is required'],
      'query.min_price': ['The min price must be a number of at least 0.'],
      'query.sort': ['The sort must be one of: name_asc, name_desc, price_asc, price_desc, completion_asc, completion_desc.'],
      frequency: ['The frequency must be one of: instant, daily, weekly.'],
    });
    const listing = await get('/api/v1/off-plan/projects?min_price=abc&locale=ar');
    const ar = await send('post', '/api/v1/me/saved-searches?locale=ar', me.auth, body);
    expect(ar.body.errors['query.min_price']).toEqual(listing.body.errors.min_price);
  });

  it("makes another buyer's searches unreachable", async () => {
    const [one, other] = [await buyer(), await buyer()];
    const { id } = (await send('post', '/api/v1/me/saved-searches', one.auth, { name: 'Mine', query: 'state_id=DU', frequency: 'daily' })).body.data;
    expect((await get(`/api/v1/me/saved-searches/${id}`, other.auth)).status).toBe(404);
    expect((await send('patch', `/api/v1/me/saved-searches/${id}`, other.auth, { name: 'Stolen' })).status).toBe(404);
    expect((await send('delete', `/api/v1/me/saved-searches/${id}`, other.auth)).status).toBe(404);
    expect((await get('/api/v1/me/saved-searches', other.auth)).body.data).toEqual([]);
    expect((await get(`/api/v1/me/saved-searches/${id}`, one.auth)).body.data.name).toBe('Mine');
  });

  it('keeps at most 50 per buyer', async () => {
    const me = await buyer();
    for (let i = 0; i < 50; i += 1) await strapi.db.query(SAVED_SEARCH).create({ data: { buyer: me.id, name: `s${i}`, query: 'state_id=DU', frequency: 'daily' } });
    const res = await send('post', '/api/v1/me/saved-searches', me.auth, { name: 'One more', query: 'state_id=DU', frequency: 'daily' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ saved_searches: ['You can keep at most 50 saved searches: delete one first.'] });
  });
});

describe('leads and deleting the account', () => {
  it("links a signed-in buyer's contact-us to the account", async () => {
    const me = await buyer();
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).set('Authorization', me.auth)
      .send({ first_name: 'Layla', email: 'someone-else@example.com', mobile: '+971501234567' });
    expect(res.status).toBe(201);
    const lead = await strapi.db.query(CONTACT).findOne({ where: { id: res.body.data.id }, populate: ['buyer'] });
    expect(lead.buyer.id).toBe(me.id);
    const anonymous = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send({ first_name: 'Anon', email: 'anon@example.com', mobile: '+971501234567' });
    expect((await strapi.db.query(CONTACT).findOne({ where: { id: anonymous.body.data.id }, populate: ['buyer'] })).buyer).toBeNull();
  });

  it('refuses a wrong or missing password', async () => {
    const me = await buyer();
    const wrong = await send('delete', '/api/v1/me', me.auth, { password: 'nope-nope-nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error_code: 'FORBIDDEN', message: 'The password is not correct' });
    const missing = await send('delete', '/api/v1/me', me.auth, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ password: ['Your password is required to delete the account'] });
    expect((await get('/api/v1/me', me.auth)).status).toBe(200);
  });

  it('deletes the account, its favourites and searches, erases its leads and tells the CRM', async () => {
    const me = await buyer();
    await send('put', `/api/v1/me/favorites/${projectIds[0]}`, me.auth);
    await send('post', '/api/v1/me/saved-searches', me.auth, { name: 'Mine', query: 'state_id=DU', frequency: 'daily' });
    const linked = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).set('Authorization', me.auth)
      .send({ first_name: 'Layla', email: 'other-address@example.com', mobile: '+971501234567' });
    const byEmail = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp())
      .send({ first_name: 'Layla', email: me.email.toUpperCase(), mobile: '+971501234567' });

    const res = await send('delete', '/api/v1/me', me.auth, { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true });
    expect(await strapi.db.query(USER).findOne({ where: { id: me.id } })).toBeNull();
    expect(await strapi.db.query(FAVORITE).count({ where: { project_id: projectIds[0], buyer: { id: me.id } } })).toBe(0);
    expect(await strapi.db.query(SAVED_SEARCH).count({ where: { buyer: { id: me.id } } })).toBe(0);
    for (const id of [linked.body.data.id, byEmail.body.data.id]) {
      const lead = await strapi.db.query(CONTACT).findOne({ where: { id } });
      expect(lead === null || lead.anonymised_at !== null).toBe(true);
      await (await webhookReceiver()).waitFor(`erased:${id}`, 1, 30_000);
    }
    expect((await get('/api/v1/me', me.auth)).status).toBe(401);
  }, 60_000);
});

describe('favourite sale and rent listings (issue 43)', () => {
  it('keeps listings beside projects, lists both kinds with their cards, and refuses a listing not on the public routes', async () => {
    const me = await buyer();
    const [home] = (await get('/api/v1/properties?purpose=rent&per_page=1')).body.data.listings.data as Array<{ reference: string }>;
    const first = await send('put', `/api/v1/me/favorites/listings/${home.reference}`, me.auth);
    expect(first.body.data).toMatchObject({ listing_reference: home.reference, is_favorited: true });
    const again = await send('put', `/api/v1/me/favorites/listings/${home.reference}`, me.auth);
    expect(again.body.data.favorited_at).toBe(first.body.data.favorited_at);
    await send('put', `/api/v1/me/favorites/${projectIds[0]}`, me.auth);

    const listed = (await get('/api/v1/me/favorites', me.auth)).body.data;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ kind: 'project', project_id: projectIds[0], listing_reference: null, available: true });
    expect(listed[1]).toMatchObject({ kind: 'listing', project_id: null, listing_reference: home.reference, available: true, card: { reference: home.reference, is_favorited: true } });
    // The buyer's listing cards and the listing's own answer say so; everyone's answer is untouched.
    const flags = (body: { data: { listings: { data: Array<{ reference: string; is_favorited?: boolean }> } } }) =>
      Object.fromEntries(body.data.listings.data.map((card) => [card.reference, card.is_favorited]));
    const page = await get('/api/v1/properties?purpose=rent&per_page=5', me.auth);
    expect(page.headers['cache-control']).toMatch(/private/);
    expect(flags(page.body)[home.reference]).toBe(true);
    expect(Object.values(flags(page.body)).filter(Boolean)).toHaveLength(1);
    expect((await get(`/api/v1/properties/${home.reference}`, me.auth)).body.data.is_favorited).toBe(true);
    expect(flags((await get('/api/v1/properties?purpose=rent&per_page=5')).body)[home.reference]).toBeUndefined();

    const unknown = await (await http()).put('/api/v1/me/favorites/listings/NO-SUCH-REF').set('Authorization', me.auth);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No listing for sale or rent with reference "NO-SUCH-REF"');

    const removed = await send('delete', `/api/v1/me/favorites/listings/${home.reference}`, me.auth);
    expect(removed.body.data).toEqual({ listing_reference: home.reference, is_favorited: false });
    expect((await get('/api/v1/me/favorites', me.auth)).body.data.map((item: { kind: string }) => item.kind)).toEqual(['project']);
    expect(await strapi.db.query(FAVORITE).count({ where: { buyer: { id: me.id }, listing_reference: home.reference } })).toBe(0);
  });
});
