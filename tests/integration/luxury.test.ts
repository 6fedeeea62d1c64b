import fs from 'fs';
import os from 'os';
import path from 'path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Core, UID } from '@strapi/strapi';
import { setTimeout as sleep } from 'timers/promises';
import { adminToken, getStrapi, http } from '../helpers/app';
import { checked } from '../helpers/contract';

const PLACEHOLDER = 'http://cms.test.local/images/placeholder.svg';
const TESTIMONIAL = 'api::luxury.luxury-testimonial';
const SECTION_UIDS: Record<string, UID.ContentType> = {
  hero: 'api::luxury.luxury-hero',
  trusted: 'api::luxury.luxury-trusted',
  advisors: 'api::luxury.luxury-advisors',
  communities: 'api::luxury.luxury-communities',
  destination: 'api::luxury.luxury-destination',
  experience: 'api::luxury.luxury-experience',
  signature: 'api::luxury.luxury-signature',
  cta: 'api::luxury.luxury-cta',
};

let strapi: Core.Strapi;

async function getLuxury() {
  const res = await checked((await http()).get('/api/v1/luxury').set('Accept', 'application/json'));
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Saves and publishes a section, as an editor's "Publish" does. */
async function updateSection(uid: UID.ContentType, data: Record<string, unknown>) {
  const documents = strapi.documents(uid as 'api::luxury.luxury-hero');
  const current = await documents.findFirst();
  await documents.update({ documentId: current!.documentId, data: data as never, status: 'published' });
}

/** Counts document-service reads of a content type while `work` runs (an observer, not a stub). */
function countReads(uid: string) {
  const counter = { reads: 0, active: true };
  strapi.documents.use(async (context, next) => {
    if (counter.active && context.uid === uid && context.action.startsWith('find')) counter.reads += 1;
    return next();
  });
  return counter;
}

beforeAll(async () => {
  strapi = await getStrapi();
});

describe('GET /api/v1/luxury with the demo content', () => {
  it('returns all 9 sections in the envelope, and the page\'s seo (issue 34)', async () => {
    const res = await checked((await http()).get('/api/v1/luxury'));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body.success).toBe(true);
    expect(res.body.status_code).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      ['advisors', 'alternates', 'canonical_url', 'communities', 'cta', 'destination', 'experience', 'hero', 'seo', 'signature', 'testimonials', 'trusted']
    );
  });

  it('shapes every section as the contract names it, with the demo images from the media library', async () => {
    const upload = (scene: string) => expect.stringMatching(new RegExp(`^http://cms\\.test\\.local/uploads/${scene.replace('-', '_')}_\\w+\\.jpg$`));
    const data = await getLuxury();
    expect(data.hero).toMatchObject({ title: 'Extraordinary Homes in the Heart of Dubai', cta_button_1_link: '/luxury/properties', background_image: upload('skyline-dusk') });
    expect(data.cta).toMatchObject({ button_1_text: 'Book a Consultation', button_2_link: '/off-plan', background_image: upload('marina-night') });
    expect(data.trusted).toMatchObject({ year: '2008', image: upload('downtown-day') });
    expect(data.advisors.image).toEqual(upload('penthouse-interior'));
    expect(data.destination.points.map((point: { number: number }) => point.number)).toEqual([1, 2, 3, 4, 5]);
    expect(data.experience.services).toHaveLength(5);
    expect(data.communities.communities.length).toBeGreaterThanOrEqual(6);
    expect(data.communities.communities[0]).toEqual({ name: 'Palm Jumeirah', city: 'Dubai', image: upload('palm-island') });
    expect(data.signature.link_url).toBe('/luxury/signature-collection');
    expect(data.testimonials.length).toBeGreaterThanOrEqual(4);
    expect(data.testimonials[0]).toMatchObject({ reviewer_name: 'James Whitmore', rating: 5, order: 10, client_photo: upload('portrait-1') });
  });
});

describe('inactive sections', () => {
  afterEach(async () => {
    for (const uid of Object.values(SECTION_UIDS)) await updateSection(uid, { is_active: true });
  });

  it.each(Object.entries(SECTION_UIDS))('%s is null while inactive, and back on the next request when active', async (key, uid) => {
    await updateSection(uid, { is_active: false });
    const hidden = await getLuxury();
    expect(hidden[key]).toBeNull();
    for (const other of Object.keys(SECTION_UIDS).filter((name) => name !== key)) expect(hidden[other]).not.toBeNull();

    await updateSection(uid, { is_active: true });
    expect((await getLuxury())[key]).not.toBeNull();
  });

  it('a section that was never saved is null', async () => {
    const signature = await strapi.documents('api::luxury.luxury-signature').findFirst();
    await strapi.documents('api::luxury.luxury-signature').delete({ documentId: signature!.documentId, locale: '*' });
    try {
      expect((await getLuxury()).signature).toBeNull();
    } finally {
      const { title, description, link_text, link_url, is_active } = signature!;
      await strapi.documents('api::luxury.luxury-signature').create({
        data: { title: title ?? undefined, description: description ?? undefined, link_text: link_text ?? undefined, link_url: link_url ?? undefined, is_active: is_active ?? true },
        status: 'published',
      });
    }
    expect((await getLuxury()).signature.title).toBe('The Signature Collection');
  });
});

describe('testimonials', () => {
  const created: string[] = [];
  afterEach(async () => {
    while (created.length) await strapi.documents(TESTIMONIAL).delete({ documentId: created.pop()! });
  });

  async function createTestimonial(data: Record<string, unknown>) {
    const doc = await strapi.documents(TESTIMONIAL).create({ data: { text: 'Great service.', rating: 5, is_active: true, ...data } as never, status: 'published' });
    created.push(doc.documentId);
    return doc;
  }

  it('lists active items only, by order then id, and follows create, update and delete', async () => {
    const before = (await getLuxury()).testimonials.length;

    const first = await createTestimonial({ reviewer_name: 'Order Zero A', order: 0 });
    const second = await createTestimonial({ reviewer_name: 'Order Zero B', order: 0 });
    await createTestimonial({ reviewer_name: 'Hidden', order: -5, is_active: false });
    let list = (await getLuxury()).testimonials;
    expect(list).toHaveLength(before + 2);
    expect(list.slice(0, 2).map((item: { id: number }) => item.id)).toEqual([first.id, second.id]);
    expect(list.map((item: { reviewer_name: string }) => item.reviewer_name)).not.toContain('Hidden');

    // Publishing makes a new published version, with a new id (Strapi 5's draft and publish).
    const moved = await strapi.documents(TESTIMONIAL).update({ documentId: first.documentId, data: { order: 99, title: 'Moved last' }, status: 'published' });
    list = (await getLuxury()).testimonials;
    expect(list[0].id).toBe(second.id);
    expect(list[list.length - 1]).toMatchObject({ id: moved!.id, title: 'Moved last', order: 99 });

    await strapi.documents(TESTIMONIAL).delete({ documentId: second.documentId });
    created.splice(created.indexOf(second.documentId), 1);
    list = (await getLuxury()).testimonials;
    expect(list.map((item: { id: number }) => item.id)).not.toContain(second.id);
  });

  it.each([0, 6, 2.5])('refuses rating %s', async (rating) => {
    await expect(
      strapi.documents(TESTIMONIAL).create({ data: { reviewer_name: 'Bad rating', text: 'x', rating, order: 1, is_active: true } })
    ).rejects.toThrow();
    const stored = await strapi.documents(TESTIMONIAL).findMany({ filters: { reviewer_name: 'Bad rating' } });
    expect(stored).toHaveLength(0);
  });
});

describe('edits reach the next request', () => {
  let demoBackground: number | null = null;
  beforeAll(async () => {
    const hero = await strapi.documents('api::luxury.luxury-hero').findFirst({ status: 'published', populate: ['background_image'] });
    demoBackground = hero?.background_image?.id ?? null;
  });
  afterEach(async () => {
    await updateSection(SECTION_UIDS.hero, { title: 'Extraordinary Homes in the Heart of Dubai', background_image: demoBackground });
  });

  it('a single-type update is visible on the very next GET', async () => {
    await getLuxury();
    await updateSection(SECTION_UIDS.hero, { title: 'Edited by an editor' });
    expect((await getLuxury()).hero.title).toBe('Edited by an editor');
  });

  it('images are absolute URLs from PUBLIC_URL, and a deleted file falls back to the placeholder', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'upload-')), 'marina.png');
    fs.writeFileSync(file, png);
    const [uploaded] = await strapi.plugin('upload').service('upload').upload({
      data: {},
      files: { filepath: file, originalFilename: 'marina.png', mimetype: 'image/png', size: png.length },
    });

    await updateSection(SECTION_UIDS.hero, { background_image: uploaded.id });
    expect((await getLuxury()).hero.background_image).toBe(`http://cms.test.local${uploaded.url}`);

    await strapi.plugin('upload').service('upload').remove(uploaded);
    expect((await getLuxury()).hero.background_image).toBe(PLACEHOLDER);
  });
});

describe("a Content Manager bulk delete (one transaction) reaches the next request", () => {
  const isPostgres = () => strapi.db.dialect.client === 'postgres';

  /**
   * PostgreSQL only: a deferred constraint trigger sleeps at COMMIT, so the deleted rows stay visible to
   * other connections for a while after the delete calls returned. A read in that window used to rebuild
   * the page from the old rows and keep it. (SQLite has one connection: a read waits for the commit.)
   */
  async function slowCommitsOf(uid: UID.ContentType, seconds: number): Promise<() => Promise<void>> {
    if (!isPostgres()) return async () => undefined;
    const table = strapi.db.metadata.get(uid).tableName;
    const knex = strapi.db.connection;
    await knex.raw(`CREATE OR REPLACE FUNCTION test_slow_commit() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(${seconds}); RETURN NULL; END $$ LANGUAGE plpgsql`);
    await knex.raw(`CREATE CONSTRAINT TRIGGER test_slow_commit AFTER DELETE ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_slow_commit()`);
    return async () => {
      await knex.raw(`DROP TRIGGER IF EXISTS test_slow_commit ON ${table}`);
      await knex.raw('DROP FUNCTION IF EXISTS test_slow_commit()');
    };
  }

  it('does not keep a page rebuilt from the old rows before the commit', async () => {
    const created = await Promise.all(
      ['Bulk One', 'Bulk Two'].map((reviewer_name, order) =>
        strapi.documents(TESTIMONIAL).create({ data: { reviewer_name, text: 'Wonderful.', rating: 5, order: 50 + order, is_active: true }, status: 'published' })
      )
    );
    const names = async () => (await getLuxury()).testimonials.map((item: { reviewer_name: string }) => item.reviewer_name);
    expect(await names()).toEqual(expect.arrayContaining(['Bulk One', 'Bulk Two']));

    const restore = await slowCommitsOf(TESTIMONIAL, 0.5);
    try {
      const token = await adminToken();
      const deleting = (await http())
        .post(`/content-manager/collection-types/${TESTIMONIAL}/actions/bulkDelete`)
        .set('Authorization', `Bearer ${token}`)
        .send({ documentIds: created.map((doc) => doc.documentId) })
        .then((res) => res);
      let done = false;
      void deleting.finally(() => (done = true));
      let readsDuringDelete = 0;
      while (!done) {
        await getLuxury();
        readsDuringDelete += 1;
        await sleep(20);
      }
      expect((await deleting).status).toBe(200);
      if (isPostgres()) expect(readsDuringDelete).toBeGreaterThan(5);
      const after = await names();
      expect(after).not.toContain('Bulk One');
      expect(after).not.toContain('Bulk Two');
    } finally {
      await restore();
    }
  });
});

describe('cache', () => {
  it('serves hits without touching the database, and a cold cache is rebuilt once for concurrent requests', async () => {
    await getLuxury();
    const counter = countReads(SECTION_UIDS.hero);
    try {
      await Promise.all(Array.from({ length: 5 }, () => getLuxury()));
      expect(counter.reads).toBe(0);

      await updateSection(SECTION_UIDS.hero, { subtitle: 'Cold cache' });
      counter.reads = 0;
      const pages = await Promise.all(Array.from({ length: 20 }, () => getLuxury()));
      expect(counter.reads).toBe(1);
      expect(new Set(pages.map((page) => page.hero.subtitle))).toEqual(new Set(['Cold cache']));
    } finally {
      counter.active = false;
    }
  });
});

describe('public access', () => {
  it("serves no raw REST routes for the luxury content types", async () => {
    for (const route of ['/api/luxury-heros', '/api/luxury-testimonials']) {
      expect((await (await http()).get(route)).status).toBe(404);
    }
  });

  it('grants the Public role nothing on the luxury content types', async () => {
    const publicRole = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' }, populate: ['permissions'] });
    const actions = (publicRole.permissions as Array<{ action: string }>).map((permission) => permission.action);
    expect(actions.filter((action) => action.startsWith('api::'))).toEqual([]);
  });
});

describe('fast lane for cached reads', () => {
  it('answers a cache hit with exactly the headers and bytes of the full Strapi path', async () => {
    await updateSection(SECTION_UIDS.signature, { description: 'Fast lane check' });
    const agent = await http();
    const full = await agent.get('/api/v1/luxury');
    const fast = await checked(agent.get('/api/v1/luxury'));
    const strip = (headers: Record<string, string>) => {
      const { date: _d, 'x-request-id': _r, ...rest } = headers;
      return rest;
    };
    expect(strip(fast.headers)).toEqual(strip(full.headers));
    expect(fast.headers['x-request-id']).not.toBe(full.headers['x-request-id']);
    expect(fast.text).toBe(full.text);
    expect(fast.body.data.signature.description).toBe('Fast lane check');
  });

  it('sends CORS headers to cross-origin requests', async () => {
    const res = await checked((await http()).get('/api/v1/luxury').set('Origin', 'https://www.example.com'));
    expect(res.headers.vary).toMatch(/Origin/);
    // Any origin is allowed by default (CORS_ORIGINS=*); with credentials, the request's origin is echoed.
    expect(res.headers['access-control-allow-origin']).toBe('https://www.example.com');
  });
});
