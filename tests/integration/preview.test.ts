/**
 * Editors see a page before it goes live (decisions 60-62, 83): the website's draft reads (`status=draft`
 * with an API token that may read, or with the preview token of one entry; never cached anywhere), the
 * URL Strapi's Preview panel frames for each type and locale (only for admins who may read that entry),
 * and scheduled publications run on time, purging the cached page.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { setTimeout as sleep } from 'timers/promises';
import { adminToken, apiToken, appModule, editorAccount, getStrapi, http, previewSite } from '../helpers/app';
import { signPreviewToken } from '../../src/lib/preview-token';
import { fastLaneAnswers } from '../helpers/lane-count';
import { checked, checkedError } from '../helpers/contract';
import { eventually } from '../helpers/eventually';

const HERO = 'api::luxury.luxury-hero';
const TESTIMONIAL = 'api::luxury.luxury-testimonial';
const CONTACT_PAGE = 'api::contact.contact-page';
const OFFPLAN_PAGE = 'api::off-plan.off-plan-page';
const LEADS = 'api::contact.contact';


let strapi: Core.Strapi;
let readOnly: string;
let fullAccess: string;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A custom API token holding exactly these content-API actions. */
async function customToken(name: string, permissions: string[]): Promise<string> {
  const created = await strapi.service('admin::api-token').create({ name, type: 'custom', permissions, lifespan: null, description: 'preview tests' });
  return created.accessKey as string;
}

async function heroDocument(): Promise<string> {
  return (await strapi.documents(HERO).findFirst({ locale: 'en' }))!.documentId;
}

beforeAll(async () => {
  strapi = await getStrapi();
  [readOnly, fullAccess] = await Promise.all([apiToken('read-only'), apiToken('full-access')]);
});

describe('draft reads (status=draft)', () => {
  const publishedTitle = 'Extraordinary Homes in the Heart of Dubai';
  let hero: string;

  beforeAll(async () => {
    hero = await heroDocument();
    await strapi.documents(HERO).update({ documentId: hero, locale: 'en', data: { title: 'Preview headline' } });
  });

  afterAll(async () => {
    await strapi.documents(HERO).discardDraft({ documentId: hero, locale: 'en' });
  });

  it('answers the draft, in the published shape, to a read-only and a full-access token, never to be stored', async () => {
    for (const token of [readOnly, fullAccess]) {
      const res = await checked((await http()).get('/api/v1/luxury?status=draft').set(bearer(token)));
      expect(res.status).toBe(200);
      expect(res.body.data.hero.title).toBe('Preview headline');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['surrogate-key']).toBeUndefined();
      expect(res.headers['cache-tag']).toBeUndefined();
    }
  });

  it("answers a custom token with the route's find permission, and refuses one without it (401)", async () => {
    const withIt = await customToken('preview luxury', ['api::luxury.luxury.page']);
    const without = await customToken('preview contact only', ['api::contact.contact.page']);
    const allowed = await checked((await http()).get('/api/v1/luxury?status=draft').set(bearer(withIt)));
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.hero.title).toBe('Preview headline');
    await checkedError((await http()).get('/api/v1/luxury?status=draft').set(bearer(without)), 401, 'UNAUTHORIZED');
  });

  it('refuses a draft read without a token, or with one Strapi does not know (401 envelope, nothing cacheable)', async () => {
    for (const headers of [{}, bearer('not-a-token'), { Authorization: 'Basic abc' }]) {
      const res = await checkedError((await http()).get('/api/v1/luxury?status=draft').set(headers), 401, 'UNAUTHORIZED');
      expect(res.body.message).toMatch(/API token/);
      expect(res.headers['surrogate-key']).toBeUndefined();
      expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/public/);
    }
  });

  it('never reaches an anonymous visitor: the fast lane and the cache keep serving the published bytes', async () => {
    const before = await (await http()).get('/api/v1/luxury');
    await (await http()).get('/api/v1/luxury'); // the fast lane now has the page
    const served = (await fastLaneAnswers());
    const draft = await (await http()).get('/api/v1/luxury?status=draft').set(bearer(readOnly));
    expect(draft.body.data.hero.title).toBe('Preview headline');
    expect((await fastLaneAnswers())).toBe(served);
    const after = await (await http()).get('/api/v1/luxury');
    expect(after.body.data.hero.title).toBe(publishedTitle);
    expect(after.text).toBe(before.text);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect((await fastLaneAnswers())).toBe(served + 1);
    const published = await checked((await http()).get('/api/v1/luxury?status=published'));
    expect(published.text).toBe(before.text);
  });

  it('reads the Arabic draft, completed from the English draft', async () => {
    const res = await checked((await http()).get('/api/v1/luxury?status=draft&locale=ar').set(bearer(readOnly)));
    expect(res.status).toBe(200);
    expect(res.headers['content-language']).toBe('ar');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const arabic = await strapi.documents(HERO).findOne({ documentId: hero, locale: 'ar' });
    expect(res.body.data.hero.title).toBe(arabic?.title || 'Preview headline');
  });

  it('an unknown status is a 422 naming status, in the language asked for', async () => {
    const english = await checkedError((await http()).get('/api/v1/luxury?status=preview'), 422, 'VALIDATION_FAILED');
    expect(english.body.errors).toEqual({ status: ['The status must be one of: published, draft.'] });
    const arabic = await checkedError((await http()).get('/api/v1/contact-us-page?status=x&locale=ar'), 422, 'VALIDATION_FAILED');
    expect(arabic.body.errors.status[0]).toMatch(/الحالة/);
  });
});

describe('draft reads of the other editorial routes', () => {
  const drafts: Array<{ uid: typeof CONTACT_PAGE | typeof OFFPLAN_PAGE; documentId: string }> = [];

  afterAll(async () => {
    for (const { uid, documentId } of drafts) await strapi.documents(uid).discardDraft({ documentId, locale: 'en' });
  });

  async function draftOf(uid: typeof CONTACT_PAGE | typeof OFFPLAN_PAGE, data: Record<string, unknown>) {
    const documentId = (await strapi.documents(uid).findFirst({ locale: 'en' }))!.documentId;
    await strapi.documents(uid).update({ documentId, locale: 'en', data: data as never });
    drafts.push({ uid, documentId });
  }

  it('the contact page, the legacy off-plan page and the listing show the draft to a token, the published page to others', async () => {
    await draftOf(CONTACT_PAGE, { title: 'Draft contact title' });
    await draftOf(OFFPLAN_PAGE, { listing_page_title: 'Draft off-plan hero' });
    const cases: Array<[string, (body: any) => unknown, string]> = [
      ['/api/v1/contact-us-page', (body) => body.data.title, 'Draft contact title'],
      ['/api/v1/off-plan', (body) => body.data.hero.title, 'Draft off-plan hero'],
      ['/api/v1/off-plan/projects?per_page=2', (body) => body.data.listing_header.title, 'Draft off-plan hero'],
    ];
    for (const [route, read, draftValue] of cases) {
      const separator = route.includes('?') ? '&' : '?';
      const draft = await checked((await http()).get(`${route}${separator}status=draft`).set(bearer(readOnly)));
      expect(draft.status, route).toBe(200);
      expect(read(draft.body), route).toBe(draftValue);
      expect(draft.headers['cache-control'], route).toBe('private, no-store');
      const published = await checked((await http()).get(route));
      expect(read(published.body), route).not.toBe(draftValue);
      await checkedError((await http()).get(`${route}${separator}status=draft`), 401, 'UNAUTHORIZED');
    }
  });

  it('provider routes have no draft: the same data, for the token holder only', async () => {
    for (const route of ['/api/v1/off-plan/projects/filters']) {
      const draft = await checked((await http()).get(`${route}?status=draft`).set(bearer(readOnly)));
      const published = await checked((await http()).get(route));
      expect(draft.status).toBe(200);
      expect(draft.body).toEqual(published.body);
      expect(draft.headers['cache-control']).toBe('private, no-store');
    }
  });
});

describe("Strapi's Preview panel", () => {
  async function previewUrlOf(uid: string, query: Record<string, string>) {
    const res = await (await http())
      .get(`/content-manager/preview/url/${uid}`)
      .query(query)
      .set(bearer(await adminToken()));
    return res;
  }

  it('frames the website page of each type, per locale and status, with a token for that entry and never the secret', async () => {
    const hero = await heroDocument();
    const testimonial = (await strapi.documents(TESTIMONIAL).findFirst({ locale: 'en' }))!.documentId;
    const contact = (await strapi.documents(CONTACT_PAGE).findFirst({ locale: 'en' }))!.documentId;
    const offPlan = (await strapi.documents(OFFPLAN_PAGE).findFirst({ locale: 'en' }))!.documentId;
    const cases: Array<[string, string, string, string, string]> = [
      [HERO, hero, 'ar', 'draft', '/ar/luxury'],
      [TESTIMONIAL, testimonial, 'en', 'published', '/luxury'],
      [CONTACT_PAGE, contact, 'en', 'draft', '/contact'],
      [OFFPLAN_PAGE, offPlan, 'ar', 'draft', '/ar/off-plan'],
    ];
    const site = await previewSite();
    for (const [uid, documentId, locale, status, path] of cases) {
      const res = await previewUrlOf(uid, { documentId, locale, status });
      expect(res.status, uid).toBe(200);
      const url = new URL(res.body.data.url);
      expect(url.origin).toBe(site.url);
      expect(url.pathname).toBe('/api/preview');
      const { token, ...rest } = Object.fromEntries(url.searchParams);
      expect(rest).toEqual({ url: path, status, locale });
      expect(token).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
      expect(res.body.data.url).not.toContain(site.secret);
    }
  });

  it('gives a URL only to an admin who may read that entry in that locale (403 otherwise)', async () => {
    const roles = strapi.service('admin::role');
    const emptyRole = await roles.create({ name: `No permission ${Date.now()}`, description: 'preview tests' });
    const personalDataRole = await roles.create({ name: `Personal data only ${Date.now()}`, description: 'preview tests' });
    await roles.addPermissions(personalDataRole.id, [{ action: 'api::personal-data.manage' }]);
    const authorRole = await strapi.db.query('admin::role').findOne({ where: { code: 'strapi-author' } });
    const adminWith = async (name: string, roleId: number) => {
      const credentials = { email: `preview-${name}-${Date.now()}@test.local`, password: 'Preview-Passw0rd-1' };
      await strapi.service('admin::user').create({ ...credentials, firstname: 'Preview', lastname: name, isActive: true, roles: [roleId] });
      return adminToken(credentials);
    };
    const refused = { author: await adminWith('author', authorRole.id), none: await adminWith('none', emptyRole.id), personalData: await adminWith('personal-data', personalDataRole.id) };
    const hero = await heroDocument();
    const contact = (await strapi.documents(CONTACT_PAGE).findFirst({ locale: 'en' }))!.documentId;
    const cells: Array<[string, Record<string, string>]> = [
      [HERO, { documentId: hero, locale: 'en', status: 'draft' }],
      [HERO, { documentId: hero, locale: 'ar', status: 'published' }],
      [CONTACT_PAGE, { documentId: contact, locale: 'en' }],
      [CONTACT_PAGE, { locale: 'ar' }],
    ];
    for (const [uid, query] of cells) {
      for (const [who, token] of Object.entries(refused)) {
        const res = await (await http()).get(`/content-manager/preview/url/${uid}`).query(query).set(bearer(token));
        expect(res.status, `${who} ${uid} ${JSON.stringify(query)}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('/api/preview');
      }
      const editor = await (await http()).get(`/content-manager/preview/url/${uid}`).query(query).set(bearer(await adminToken(await editorAccount())));
      expect(editor.status, `editor ${uid}`).toBe(200);
    }
  });

  it('offers no preview for a type the website has no page for (the leads)', async () => {
    const lead = await strapi.documents(LEADS).create({ data: { first_name: 'Preview', email: 'lead@example.com', mobile: '+971500000000', language: 'en' } as never });
    const res = await previewUrlOf(LEADS, { documentId: lead.documentId, locale: 'en' });
    expect(res.status).toBe(204);
    await strapi.documents(LEADS).delete({ documentId: lead.documentId });
  });

  it("lets the admin frame the website's origin, and no other", async () => {
    const res = await (await http()).post('/admin/login').send({});
    const policy = String(res.headers['content-security-policy']);
    const frameSrc = policy.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('frame-src'));
    expect(frameSrc, policy).toBe(`frame-src ${(await previewSite()).url}`);
  });
});

describe('a preview token, exchanged by the website for that one draft', () => {
  let hero: string;
  let testimonial: { documentId: string };
  const secret = async () => (await previewSite()).secret;
  const tokenFor = async (uid: string, documentId: string, locale: string, expiresAt = Date.now() + 60_000) => signPreviewToken(await secret(), { uid, documentId, locale }, expiresAt);
  let agent: Awaited<ReturnType<typeof http>>;
  const luxury = (query: Record<string, string>) => agent.get('/api/v1/luxury').query(query);

  beforeAll(async () => {
    agent = await http();
    hero = await heroDocument();
    await strapi.documents(HERO).update({ documentId: hero, locale: 'en', data: { title: 'Previewed headline' } });
    testimonial = await strapi.documents(TESTIMONIAL).create({
      locale: 'en', status: 'published', data: { reviewer_name: 'Published reviewer', text: 'Superb.', rating: 5, order: 0, is_active: true },
    });
    await strapi.documents(TESTIMONIAL).update({ documentId: testimonial.documentId, locale: 'en', data: { reviewer_name: 'Draft reviewer' } });
  });

  afterAll(async () => {
    await strapi.documents(HERO).discardDraft({ documentId: hero, locale: 'en' });
    await strapi.documents(TESTIMONIAL).delete({ documentId: testimonial.documentId });
  });

  const reviewers = (body: any): string[] => body.data.testimonials.map((item: { reviewer_name: string }) => item.reviewer_name);

  it('reads the draft of the entry the panel framed, with no API token, and the published version of everything else', async () => {
    const url = new URL((await (await http()).get(`/content-manager/preview/url/${HERO}`).query({ documentId: hero, locale: 'en', status: 'draft' }).set(bearer(await adminToken()))).body.data.url);
    const res = await checked(luxury({ status: 'draft', locale: 'en', preview: url.searchParams.get('token')! }));
    expect(res.status).toBe(200);
    expect(res.body.data.hero.title).toBe('Previewed headline');
    expect(reviewers(res.body)).toContain('Published reviewer');
    expect(reviewers(res.body)).not.toContain('Draft reviewer');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();

    const ofTestimonial = await checked(luxury({ status: 'draft', preview: await tokenFor(TESTIMONIAL, testimonial.documentId, 'en') }));
    expect(reviewers(ofTestimonial.body)).toContain('Draft reviewer');
    expect(reviewers(ofTestimonial.body)).not.toContain('Published reviewer');
    expect(ofTestimonial.body.data.hero.title).toBe('Extraordinary Homes in the Heart of Dubai');
  });

  it('refuses an expired, altered or foreign token, another page or another language, with the reason (401)', async () => {
    const valid = await tokenFor(HERO, hero, 'en');
    const [version, payload] = valid.split('.');
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['/api/v1/luxury', { status: 'draft', preview: await tokenFor(HERO, hero, 'en', Date.now() - 1000) }, /expired/],
      ['/api/v1/luxury', { status: 'draft', preview: `${version}.${payload}.${'A'.repeat(43)}` }, /not valid/],
      ['/api/v1/luxury', { status: 'draft', preview: signPreviewToken('another-secret', { uid: HERO, documentId: hero, locale: 'en' }, Date.now() + 60_000) }, /not valid/],
      ['/api/v1/luxury', { status: 'draft', preview: valid, locale: 'ar' }, /another language/],
      ['/api/v1/contact-us-page', { status: 'draft', preview: valid }, /does not show/],
      ['/api/v1/off-plan', { status: 'draft', preview: valid }, /does not show/],
    ];
    for (const [route, query, message] of cases) {
      const res = await checkedError((await http()).get(route).query(query), 401, 'UNAUTHORIZED');
      expect(res.body.message, `${route} ${JSON.stringify(query)}`).toMatch(message);
      expect(JSON.stringify(res.body)).not.toContain('Previewed headline');
    }
    const contact = (await strapi.documents(CONTACT_PAGE).findFirst({ locale: 'en' }))!.documentId;
    expect((await checked((await http()).get('/api/v1/contact-us-page').query({ status: 'draft', preview: await tokenFor(CONTACT_PAGE, contact, 'en') }))).status).toBe(200);
  });

  it('is only a draft key: without status=draft the published page is served, the same bytes as without it', async () => {
    const plain = await (await http()).get('/api/v1/luxury');
    const withToken = await (await http()).get('/api/v1/luxury').query({ preview: await tokenFor(HERO, hero, 'en') });
    expect(withToken.text).toBe(plain.text);
    expect(withToken.body.data.hero.title).not.toBe('Previewed headline');
  });
});

/** While set, told of every publish through the Document Service (Strapi's own middleware chain, observed). */
let counting: ((documentId: string) => void) | undefined;

describe('scheduled publishing', () => {
  let hero: string;

  beforeAll(async () => {
    hero = await heroDocument();
    strapi.documents.use(async (context, next) => {
      if (context.action === 'publish' && counting) counting(String((context.params as { documentId?: unknown }).documentId));
      return next();
    });
  });

  afterEach(async () => {
    await strapi.documents(HERO).update({ documentId: hero, locale: 'en', data: { title: 'Extraordinary Homes in the Heart of Dubai' }, status: 'published' });
  });

  const schedule = async (body: Record<string, unknown>) =>
    (await http()).post('/publication-schedule').set(bearer(await adminToken())).send(body);
  const scheduleOf = async (query: Record<string, string>) =>
    (await http()).get('/publication-schedule').query(query).set(bearer(await adminToken()));
  const heroTitle = async () => (await checked((await http()).get('/api/v1/luxury'))).body.data.hero.title;

  it('publishes the draft at its time, and the cached page shows it at once', async () => {
    await strapi.documents(HERO).update({ documentId: hero, locale: 'en', data: { title: 'Launch at nine' } });
    expect(await heroTitle()).not.toBe('Launch at nine'); // cached now
    const at = new Date(Date.now() + 1500).toISOString();
    const created = await schedule({ uid: HERO, locale: 'en', action: 'publish', at });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ action: 'publish', status: 'scheduled', run_at: at });

    const listed = await scheduleOf({ uid: HERO, locale: 'en' });
    expect(listed.body.data.can_schedule).toBe(true);
    expect(listed.body.data.schedule[0]).toMatchObject({ id: created.body.data.id, status: 'scheduled' });
    expect(await heroTitle()).not.toBe('Launch at nine');

    await eventually(async () => expect(await heroTitle()).toBe('Launch at nine'));
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
    const done = await scheduleOf({ uid: HERO, locale: 'en' });
    expect(done.body.data.schedule[0]).toMatchObject({ id: created.body.data.id, status: 'done', last_error: null });
  });

  it('unpublishes a testimonial at its time', async () => {
    const testimonial = await strapi.documents(TESTIMONIAL).create({
      locale: 'en', status: 'published', data: { reviewer_name: 'Until Friday', text: 'Superb.', rating: 5, order: 0, is_active: true },
    });
    const names = async () => (await checked((await http()).get('/api/v1/luxury'))).body.data.testimonials.map((item: { reviewer_name: string }) => item.reviewer_name);
    try {
      expect(await names()).toContain('Until Friday');
      const created = await schedule({ uid: TESTIMONIAL, documentId: testimonial.documentId, locale: 'en', action: 'unpublish', at: new Date(Date.now() + 500).toISOString() });
      expect(created.status).toBe(201);
      await eventually(async () => expect(await names()).not.toContain('Until Friday'));
    } finally {
      await strapi.documents(TESTIMONIAL).delete({ documentId: testimonial.documentId });
    }
  });

  it('a cancelled publication does not run', async () => {
    await strapi.documents(HERO).update({ documentId: hero, locale: 'en', data: { title: 'Never launched' } });
    const created = await schedule({ uid: HERO, locale: 'en', action: 'publish', at: new Date(Date.now() + 800).toISOString() });
    const cancelled = await (await http()).delete(`/publication-schedule/${created.body.data.id}`).set(bearer(await adminToken()));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    await sleep(1500);
    expect(await heroTitle()).not.toBe('Never launched');
    const again = await (await http()).delete(`/publication-schedule/${created.body.data.id}`).set(bearer(await adminToken()));
    expect(again.status).toBe(400);
  });

  it('two schedulers looking at the same due rows at once run each row once', async () => {
    type Scheduler = { runDue(now?: number): Promise<void> };
    const { PublicationScheduler } = appModule<{ PublicationScheduler: new (strapi: Core.Strapi, pollMs: number) => Scheduler }>('src/lib/publication-schedule/scheduler');
    const { scheduleStore } = appModule<{ scheduleStore(strapi: Core.Strapi): { add(entry: object, action: string, runAt: number, by?: number): Promise<{ id: number }> } }>('src/lib/publication-schedule/store');
    const testimonials = await Promise.all(
      [1, 2, 3].map((n) => strapi.documents(TESTIMONIAL).create({ locale: 'en', data: { reviewer_name: `Race ${n}`, text: 'Superb.', rating: 5, order: 0, is_active: true } }))
    );
    const rows = await Promise.all(testimonials.map((item) => scheduleStore(strapi).add({ uid: TESTIMONIAL, documentId: item.documentId, locale: 'en' }, 'publish', Date.now() - 1000)));
    const published = new Map<string, number>();
    counting = (documentId) => published.set(documentId, (published.get(documentId) ?? 0) + 1);
    const statuses = async () =>
      Promise.all(testimonials.map(async (item) => (await scheduleOf({ uid: TESTIMONIAL, documentId: item.documentId, locale: 'en' })).body.data.schedule[0].status));
    try {
      // Two more schedulers beside the app's own (all three on one database), each running a tick now.
      const [first, second] = [new PublicationScheduler(strapi, 200), new PublicationScheduler(strapi, 200)];
      await Promise.all([first.runDue(), second.runDue()]);
      await eventually(async () => expect(await statuses()).toEqual(['done', 'done', 'done']));
      // Time for a second run of any of them to show.
      await sleep(600);
    } finally {
      counting = undefined;
    }
    expect(Object.fromEntries(published)).toEqual(Object.fromEntries(testimonials.map((item) => [item.documentId, 1])));
    expect(rows).toHaveLength(3);
    for (const item of testimonials) await strapi.documents(TESTIMONIAL).delete({ documentId: item.documentId });
  });

  it('refuses what cannot be scheduled, with the reason', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ uid: HERO, locale: 'en', action: 'publish', at: past }, 422, /in the future/],
      [{ uid: HERO, locale: 'en', action: 'publish', at: 'next friday' }, 422, /ISO 8601/],
      [{ uid: HERO, locale: 'en', action: 'publish', at: '2031-02-31T09:00:00Z' }, 422, /does not exist/],
      [{ uid: HERO, locale: 'en', action: 'archive', at: future }, 400, /publish, unpublish/],
      [{ uid: HERO, locale: 'fr', action: 'publish', at: future }, 400, /locale/],
      [{ uid: LEADS, documentId: 'x', locale: 'en', action: 'publish', at: future }, 400, /Draft & Publish/],
      [{ uid: TESTIMONIAL, locale: 'en', action: 'publish', at: future }, 400, /documentId/],
      [{ uid: TESTIMONIAL, documentId: 'nope', locale: 'en', action: 'publish', at: future }, 404, /No such entry/],
    ];
    for (const [body, status, message] of cases) {
      const res = await schedule(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toMatch(message);
    }
    const anonymous = await (await http()).post('/publication-schedule').send({ uid: HERO, locale: 'en', action: 'publish', at: future });
    expect(anonymous.status).toBe(401);
  });
});
