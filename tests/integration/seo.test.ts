/**
 * SEO fields (issue 34, decisions 111-114) on a real app: every page's `seo` in its fixed shape, a
 * project's derived from its data in each language and within 60/160 characters, an editor's override
 * shown once published (never as a draft) and gone once unpublished, one override per project, the
 * noindex sets the sitemap reads, and the developer's answer (200, 404) with its page's SEO. Each read
 * of an answer is read twice first, so an answer kept past a change fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, getStrapi, http } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { fastLaneAnswers } from '../helpers/lane-count';

const PROJECT_SEO = 'api::off-plan.project-seo';
const DEVELOPER_PAGE = 'api::off-plan.developer-page';
const LUXURY_SEO = 'api::luxury.luxury-seo';
const SEO_KEYS = ['meta_title', 'meta_description', 'canonical_url', 'og_image', 'noindex', 'keywords'];

let strapi: Core.Strapi;

interface OffPlanService {
  noindexProjects(): Promise<ReadonlySet<string>>;
  noindexDevelopers(): Promise<ReadonlySet<string>>;
}
const offPlan = () => strapi.service('api::off-plan.off-plan') as unknown as OffPlanService;

async function data(path: string) {
  const res = await checked((await http()).get(path));
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The answer's data, asked for twice before (the second from whatever the service keeps). */
async function settled(path: string) {
  await data(path);
  await data(path);
  return data(path);
}

let projectId: string;
let otherId: string;
let developer: { id: number; name: string; slug: string; logo: string };

beforeAll(async () => {
  strapi = await getStrapi();
  const listing = await data('/api/v1/off-plan/projects?per_page=2');
  [projectId, otherId] = listing.properties.data.map((card: { id: string }) => card.id);
  developer = listing.properties.data[0].developer;
});

afterAll(async () => {
  for (const uid of [PROJECT_SEO, DEVELOPER_PAGE] as const) {
    for (const entry of await strapi.documents(uid).findMany({ locale: '*' } as never)) await strapi.documents(uid).delete({ documentId: entry.documentId, locale: '*' });
  }
});

describe('the pages editors write', () => {
  it('carry seo in its fixed shape: the two fields of before, then canonical_url, og_image, noindex, keywords', async () => {
    const pages = [await data('/api/v1/luxury'), await data('/api/v1/contact-us-page'), await data('/api/v1/off-plan')];
    for (const page of pages) expect(Object.keys(page.seo)).toEqual(SEO_KEYS);
    expect((await data('/api/v1/luxury')).seo).toEqual({ meta_title: '', meta_description: '', canonical_url: null, og_image: null, noindex: false, keywords: [] });
  });

  it("show the luxury page's published SEO, in each language, never its draft", async () => {
    const seo = { meta_title: 'Luxury homes in Dubai', meta_description: 'Villas and penthouses.', keywords: 'villas, penthouses ,, villas', noindex: true };
    const created = await strapi.documents(LUXURY_SEO).create({ data: { seo } as never });
    await settled('/api/v1/luxury');
    expect((await data('/api/v1/luxury')).seo.meta_title).toBe('');
    await strapi.documents(LUXURY_SEO).publish({ documentId: created.documentId });
    expect((await data('/api/v1/luxury')).seo).toEqual({
      meta_title: 'Luxury homes in Dubai', meta_description: 'Villas and penthouses.', canonical_url: null, og_image: null, noindex: true, keywords: ['villas', 'penthouses'],
    });
    // Untranslated: the Arabic page shows the English SEO; translated, its own.
    expect((await data('/api/v1/luxury?locale=ar')).seo.meta_title).toBe('Luxury homes in Dubai');
    await strapi.documents(LUXURY_SEO).update({ documentId: created.documentId, locale: 'ar', data: { seo: { ...seo, meta_title: 'منازل فاخرة في دبي' } } as never, status: 'published' } as never);
    expect((await data('/api/v1/luxury?locale=ar')).seo.meta_title).toBe('منازل فاخرة في دبي');
    expect((await data('/api/v1/luxury')).seo.meta_title).toBe('Luxury homes in Dubai');
    await strapi.documents(LUXURY_SEO).delete({ documentId: created.documentId, locale: '*' } as never);
    expect((await data('/api/v1/luxury')).seo.meta_title).toBe('');
  });
});

describe("a project's seo", () => {
  it('is derived from its data when no editor wrote one: within 60 and 160 characters, in the request language', async () => {
    const project = await settled(`/api/v1/off-plan/projects/${projectId}`);
    const { seo } = project;
    expect(Object.keys(seo)).toEqual(SEO_KEYS);
    expect(seo.meta_title).toContain(project.name);
    expect([...seo.meta_title].length).toBeLessThanOrEqual(60);
    expect([...seo.meta_description].length).toBeLessThanOrEqual(160);
    expect(seo.meta_description).toContain(project.price.formatted);
    expect(seo).toMatchObject({ canonical_url: null, og_image: project.image, noindex: false });
    expect(seo.keywords).toContain(project.name);
    // After the page's links, before the structured data and the similar projects.
    expect(Object.keys(project).slice(-4)).toEqual(['alternates', 'seo', 'structured_data', 'similar']);

    const arabic = await data(`/api/v1/off-plan/projects/${projectId}?locale=ar`);
    expect(arabic.seo.meta_description).toMatch(/على الخريطة/);
    expect(arabic.seo.meta_title).toContain(arabic.name);
    expect([...arabic.seo.meta_description].length).toBeLessThanOrEqual(160);
  });

  it("shows an editor's override once published, never as a draft, in each language, and no longer once unpublished", async () => {
    const route = `/api/v1/off-plan/projects/${projectId}`;
    const derived = (await settled(route)).seo;
    const override = { meta_title: 'Editor title', canonical_url: 'https://example.com/original', keywords: 'sea view, marina' };
    const created = await strapi.documents(PROJECT_SEO).create({ data: { project_id: projectId, seo: override } as never });
    // The admin's label is the project's name, from the feed.
    expect((created as { project_name?: string }).project_name).toBe((await data(route)).name);

    expect((await settled(route)).seo).toEqual(derived);
    await strapi.documents(PROJECT_SEO).publish({ documentId: created.documentId });
    const shown = (await data(route)).seo;
    expect(shown).toEqual({ ...derived, meta_title: 'Editor title', canonical_url: 'https://example.com/original', keywords: ['sea view', 'marina'] });
    // Another project keeps its own.
    expect((await data(`/api/v1/off-plan/projects/${otherId}`)).seo.meta_title).not.toBe('Editor title');

    // Arabic: the English override where none is written in Arabic, then its own.
    expect((await data(`${route}?locale=ar`)).seo.meta_title).toBe('Editor title');
    await strapi.documents(PROJECT_SEO).update({ documentId: created.documentId, locale: 'ar', data: { project_id: projectId, seo: { meta_title: 'عنوان المحرر' } } as never, status: 'published' } as never);
    expect((await data(`${route}?locale=ar`)).seo.meta_title).toBe('عنوان المحرر');
    expect((await data(route)).seo.meta_title).toBe('Editor title');

    // A draft edit changes nothing public.
    await strapi.documents(PROJECT_SEO).update({ documentId: created.documentId, data: { seo: { meta_title: 'Draft title' } } as never });
    expect((await settled(route)).seo.meta_title).toBe('Editor title');

    await strapi.documents(PROJECT_SEO).unpublish({ documentId: created.documentId, locale: '*' } as never);
    expect((await data(route)).seo).toEqual(derived);
    await strapi.documents(PROJECT_SEO).delete({ documentId: created.documentId, locale: '*' } as never);
  });

  it("names the entry from the projects in memory, never loading them for it (decision 172)", async () => {
    const projects = () => strapi.plugin('extsource').service('projects');
    const { name } = await data(`/api/v1/off-plan/projects/${otherId}`);
    // Nothing in memory: the next read of the collection loads it (and on SQLite would wait for a publish's transaction).
    projects().invalidate();
    const created = await strapi.documents(PROJECT_SEO).create({ data: { project_id: otherId } as never });
    expect(projects().peek(), 'the collection loaded by a save').toBeUndefined();
    expect((created as { project_name?: string | null }).project_name ?? null).toBeNull();
    await data(`/api/v1/off-plan/projects/${otherId}`);
    const saved = await strapi.documents(PROJECT_SEO).update({ documentId: created.documentId, data: { project_id: otherId } as never });
    expect((saved as { project_name?: string }).project_name).toBe(name);
    await strapi.documents(PROJECT_SEO).delete({ documentId: created.documentId, locale: '*' } as never);
  });

  it('has one override per project: a second entry for the same project is refused', async () => {
    const first = await strapi.documents(PROJECT_SEO).create({ data: { project_id: otherId } as never });
    await expect(strapi.documents(PROJECT_SEO).create({ data: { project_id: otherId } as never })).rejects.toThrow(`Project ${otherId} already has an SEO entry: edit that one.`);
    await strapi.documents(PROJECT_SEO).delete({ documentId: first.documentId, locale: '*' } as never);
  });

  it('lists the projects and developers marked noindex, published only, for the sitemap', async () => {
    expect([...(await offPlan().noindexProjects())]).toEqual([]);
    const entry = await strapi.documents(PROJECT_SEO).create({ data: { project_id: projectId, seo: { noindex: true } } as never });
    expect([...(await offPlan().noindexProjects())]).toEqual([]);
    await strapi.documents(PROJECT_SEO).publish({ documentId: entry.documentId });
    expect([...(await offPlan().noindexProjects())]).toEqual([projectId]);
    expect((await data(`/api/v1/off-plan/projects/${projectId}`)).seo.noindex).toBe(true);
    await strapi.documents(PROJECT_SEO).delete({ documentId: entry.documentId, locale: '*' } as never);
    expect([...(await offPlan().noindexProjects())]).toEqual([]);

    const page = await strapi.documents(DEVELOPER_PAGE).create({ data: { developer_slug: developer.slug, seo: { noindex: true } } as never, status: 'published' } as never);
    expect([...(await offPlan().noindexDevelopers())]).toEqual([developer.slug]);
    await strapi.documents(DEVELOPER_PAGE).delete({ documentId: page.documentId, locale: '*' } as never);
    expect([...(await offPlan().noindexDevelopers())]).toEqual([]);
  });
});

describe('GET /api/v1/off-plan/developers/{slug}', () => {
  it("answers the developer with its project count and its page's SEO, derived then the editor's", async () => {
    const route = `/api/v1/off-plan/developers/${developer.slug}`;
    const answer = await settled(route);
    const filters = await data('/api/v1/off-plan/projects/filters');
    const listed = await data(`/api/v1/off-plan/projects?developer_id=${developer.id}&per_page=1`);
    expect(answer).toMatchObject({ id: developer.id, name: developer.name, slug: developer.slug, project_count: listed.properties.total });
    expect(filters.developers.map((item: { slug: string }) => item.slug)).toContain(developer.slug);
    expect(Object.keys(answer.seo)).toEqual(SEO_KEYS);
    expect(answer.seo.meta_title).toContain(developer.name);
    expect((await data(`${route}?locale=ar`)).seo.meta_title).toMatch(/مشاريع على الخريطة/);

    const page = await strapi.documents(DEVELOPER_PAGE).create({ data: { developer_slug: developer.slug, seo: { meta_description: 'Written by an editor.' } } as never });
    expect((page as { developer_name?: string }).developer_name).toBe(developer.name);
    expect((await settled(route)).seo.meta_description).toBe(answer.seo.meta_description);
    await strapi.documents(DEVELOPER_PAGE).publish({ documentId: page.documentId });
    expect((await data(route)).seo.meta_description).toBe('Written by an editor.');
    await strapi.documents(DEVELOPER_PAGE).delete({ documentId: page.documentId, locale: '*' } as never);
    expect((await data(route)).seo.meta_description).toBe(answer.seo.meta_description);
  });

  it('is a 404 envelope for an unknown slug, in the request language', async () => {
    const agent = await http();
    const english = await checkedError(agent.get('/api/v1/off-plan/developers/no-such-developer'), 404, 'NOT_FOUND');
    expect(english.body.message).toBe('No developer with slug "no-such-developer"');
    const arabic = await checkedError(agent.get('/api/v1/off-plan/developers/no-such-developer?locale=ar'), 404, 'NOT_FOUND');
    expect(arabic.body.message).toMatch(/لا يوجد مطوّر/);
    await checkedError(agent.get('/api/v1/off-plan/developers/not%20a%20slug'), 404, 'NOT_FOUND');
  });

  it('carries its own surrogate key and is answered by the fast lane once the full path has', async () => {
    const route = `/api/v1/off-plan/developers/${developer.slug}`;
    const res = await checked((await http()).get(route));
    expect(String(res.headers['surrogate-key']).split(' ')).toEqual(expect.arrayContaining(['projects', `developer-${developer.slug}`]));
    const before = await fastLaneAnswers();
    const again = await checked((await http()).get(route));
    expect(await fastLaneAnswers()).toBe(before + 1);
    expect(again.text).toBe(res.text);
    expect(again.headers.etag).toBe(res.headers.etag);
  });
});

describe('the SEO types in the Editor and Author roles of a database made before them', () => {
  const SEO_TYPES = [LUXURY_SEO, PROJECT_SEO, DEVELOPER_PAGE];
  const configure = () => appModule<{ configureEditorRoles(strapi: Core.Strapi): Promise<void> }>('src/bootstrap/editor-roles').configureEditorRoles(strapi);
  const store = () => strapi.store({ type: 'core', name: 'admin-roles' });
  const roleId = async (code: string) => ((await strapi.db.query('admin::role').findOne({ where: { code } })) as { id: number }).id;
  const actionsOf = async (code: string, subject: string) =>
    ((await strapi.db.query('admin::permission').findMany({ where: { role: { id: await roleId(code) }, subject } })) as Array<{ action: string; properties: { locales?: string[] } }>)
      .map((permission) => `${permission.action.replace('plugin::content-manager.explorer.', '')} ${permission.properties.locales?.join('+') ?? ''}`)
      .sort();

  it('are given once, as Strapi gives a new database, and an administrator taking one away is kept', async () => {
    const granted = (await store().get({ key: 'editor-roles-types' })) as string[];
    expect(granted).toEqual(expect.arrayContaining(SEO_TYPES));
    // As a database made before issue 34 left them: no permission on the SEO types, none remembered.
    await strapi.db.query('admin::permission').deleteMany({ where: { subject: { $in: SEO_TYPES } } });
    await store().set({ key: 'editor-roles-types', value: granted.filter((uid) => !SEO_TYPES.includes(uid)) });
    await configure();
    expect(await actionsOf('strapi-editor', PROJECT_SEO)).toEqual(['create en+ar', 'delete en+ar', 'publish en+ar', 'read en+ar', 'update en+ar']);
    expect(await actionsOf('strapi-author', PROJECT_SEO)).toEqual(['create en+ar', 'delete en+ar', 'read en+ar', 'update en+ar']);
    expect(await actionsOf('strapi-editor', LUXURY_SEO)).toContain('publish en+ar');

    await strapi.db.query('admin::permission').deleteMany({ where: { subject: DEVELOPER_PAGE, role: { id: await roleId('strapi-author') } } });
    await configure();
    expect(await actionsOf('strapi-author', DEVELOPER_PAGE)).toEqual([]);
    expect(await actionsOf('strapi-editor', PROJECT_SEO)).toHaveLength(5);
  });
});
