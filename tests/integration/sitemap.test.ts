/**
 * The sitemap and robots.txt on the real app: the index and every part it names validate against the
 * sitemaps.org schemas (libxml2's xmllint, built for WebAssembly), list the three pages, each project, developer and emirate of the feed
 * in both languages with reciprocal hreflang links, never a draft page or a project that left the feed;
 * each answer is built once per change, with its ETag (304), caching headers and fast lane; an unknown
 * part is the JSON error envelope; robots.txt is what the editors published, and editors may publish it.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'http';
import type { AddressInfo } from 'net';
import { gunzipSync } from 'zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, generatedData, getStrapi, http } from '../helpers/app';
import { checkedError } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { fastLaneAnswers } from '../helpers/lane-count';
import { validateSitemap } from '../helpers/sitemap-schemas';
import { REELLY_API_KEY, startFakeReelly } from '../../scripts/fakes/providers';

import type { PageKind } from '../../src/api/website/services/site-pages';
const sitePaths = () => appModule<{ pageAlternates: (kind: PageKind, params?: Record<string, string>) => Record<string, string> }>('src/api/website/services/site-pages');
const cacheOf = () => appModule<{ cache: { peek: (key: string) => { value: unknown } | undefined } }>('src/lib/cache/index').cache;

const CONTACT_PAGE = 'api::contact.contact-page';
const ROBOTS = 'api::sitemap.robots-txt';

let strapi: Core.Strapi;
let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
let original: unknown;
const feed = generatedData({ projects: 12, sales: 0, rentals: 0 }).projects;
const projects = () => strapi.plugin('extsource').service('projects');
/** Each listed project's slug, by id (the off-plan service's). */
const projectSlugs = (): Promise<ReadonlyMap<string, string>> => strapi.service('api::off-plan.off-plan').projectSlugs();

beforeAll(async () => {
  strapi = await getStrapi();
  reelly = await startFakeReelly();
  Object.assign(reelly.state, { projects: feed.projects, projectsAr: feed.projects_ar, developers: feed.developers });
  original = structuredClone(strapi.config.get('plugin::extsource'));
  strapi.config.set('plugin::extsource', { ...(original as object), projectsDriver: 'reelly', detailRate: 0, reelly: { apiKey: REELLY_API_KEY, maxPages: 10, baseUrl: reelly.url, pageSize: 25 } });
  projects().invalidate();
});

afterAll(async () => {
  strapi.config.set('plugin::extsource', original);
  projects().invalidate();
  await reelly.close();
});

const text = async (target: string, headers: Record<string, string> = {}) => {
  const res = await (await http()).get(target).set(headers).buffer(true).parse((response, done) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (body += chunk));
    response.on('end', () => done(null, body));
  });
  return { status: res.status, headers: res.headers as Record<string, string>, body: res.body as string };
};

/** The bytes as sent (supertest would decompress them). */
async function raw(target: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const { port } = strapi.server.httpServer.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** Headers that send a request the full way: the fast lane answers only the forwarded protocols it knows. */
const FULL_PATH = { 'X-Forwarded-Proto': 'gopher' };

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1].replace(/&amp;/g, '&'));

/** The index and every part it names, each checked against its schema; the URLs of all parts. */
async function wholeSitemap(headers: Record<string, string> = {}): Promise<{ index: string; urls: string[]; parts: string[] }> {
  const index = await text('/api/v1/sitemap.xml', headers);
  expect(index.status).toBe(200);
  expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
  await validateSitemap(index.body, 'siteindex.xsd');
  const parts: string[] = [];
  for (const loc of locsOf(index.body)) {
    expect(loc).toMatch(/^http:\/\/cms\.test\.local\/api\/v1\/sitemaps\/(pages|developers|projects|listings)-\d+\.xml$/);
    const part = await text(new URL(loc).pathname, headers);
    expect(part.status).toBe(200);
    expect(part.headers['content-type']).toBe('application/xml; charset=utf-8');
    await validateSitemap(part.body, 'sitemap-hreflang.xsd');
    parts.push(part.body);
  }
  return { index: index.body, parts, urls: parts.flatMap(locsOf) };
}

/** Every language's URL of the page (what each of its <url>s is). */
const urlsOfPage = (kind: PageKind, params?: Record<string, string>) => {
  const { 'x-default': _default, ...languages } = sitePaths().pageAlternates(kind, params);
  return Object.values(languages);
};

describe('the sitemap', () => {
  it('lists the three pages, each project, developer and emirate of the feed in both languages; valid against the sitemaps.org schemas', async () => {
    const { urls, parts } = await wholeSitemap();
    const held = (await projects().collection()).projects;
    expect(held.length).toBeGreaterThan(3);
    const slugs = await projectSlugs();
    const expected = [...(['luxury', 'contact', 'off-plan'] as const).flatMap((kind) => urlsOfPage(kind)), ...held.flatMap((project: any) => urlsOfPage('project', { slug: slugs.get(project.id)! }))];
    for (const url of expected) expect(urls).toContain(url);
    expect(urls.filter((url) => url.includes('/off-plan/') && !url.includes('/emirates/')).length).toBe(held.length * 2);
    for (const stateId of new Set(held.map((project: any) => project.state_id).filter(Boolean))) for (const url of urlsOfPage('emirate', { state_id: String(stateId) })) expect(urls).toContain(url);
    const developers = await projects().developers();
    for (const developer of developers) for (const url of urlsOfPage('developer', { slug: developer.slug })) expect(urls).toContain(url);
    expect(new Set(urls).size).toBe(urls.length);

    // Each <url> carries its whole cluster, itself included: en, ar and x-default.
    const entries = parts.flatMap((part) => [...part.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]));
    for (const entry of entries) {
      const [loc] = locsOf(entry);
      const links = Object.fromEntries([...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((match) => [match[1], match[2].replace(/&amp;/g, '&')]));
      expect(Object.keys(links).sort()).toEqual(['ar', 'en', 'x-default']);
      expect(Object.values(links)).toContain(loc);
      expect(links['x-default']).toBe(links.en);
      expect(urls).toContain(links.ar);
      expect(urls).toContain(links.en);
    }
    // Dates from the data: the pages' updates, the projects' (detail changes, else the collection's fetch);
    // a developer's and an emirate's are their projects' latest, so a developer without projects has none.
    const developersWithProjects = developers.filter((developer: any) => held.some((project: any) => project.developer.id === developer.id));
    expect(developersWithProjects.length).toBeGreaterThan(0);
    const dated = new Set(developersWithProjects.flatMap((developer: any) => urlsOfPage('developer', { slug: developer.slug })));
    const undated = entries.filter((entry) => !entry.includes('<lastmod>')).map((entry) => locsOf(entry)[0]);
    expect(undated.length).toBeLessThan(entries.length / 2);
    for (const loc of undated) {
      expect(loc).toMatch(/\/developers\//);
      expect(dated.has(loc)).toBe(false);
    }
  });

  it('lists every public sale and rent listing in both languages, with reciprocal hreflang, in parts of its own', async () => {
    const { index } = await wholeSitemap();
    expect(index).toContain('/listings-1.xml');
    const part = await text('/api/v1/sitemaps/listings-1.xml');
    const urls = locsOf(part.body);
    let listed = 0;
    for (const purpose of ['sale', 'rent']) {
      const { body } = await (await http()).get('/api/v1/properties').query({ purpose, per_page: 100 });
      listed += body.data.listings.total;
      for (const card of body.data.listings.data as Array<{ slug: string; canonical_url: string }>) {
        expect(urls).toEqual(expect.arrayContaining(urlsOfPage('listing', { slug: card.slug })));
        expect(urls).toContain(card.canonical_url);
      }
    }
    expect(listed).toBeGreaterThan(0);
    expect(urls).toHaveLength(listed * 2);
    // Dropped with the listings: a sync run that changed one rebuilds it.
    expect(cacheOf().peek('sitemap')).toBeDefined();
    const { invalidate } = appModule<typeof import('../../src/lib/cache')>('src/lib/cache');
    await invalidate(strapi, ['listings']);
    expect(cacheOf().peek('sitemap')).toBeUndefined();
  });

  it('is built once per change: the same bytes for every request, rebuilt when a page it lists is published', async () => {
    await wholeSitemap();
    const built = cacheOf().peek('sitemap')?.value;
    expect(built).toBeDefined();
    // Through the full path (the fast lane leaves an unusual forwarded protocol to it), which builds unless kept.
    const lane = await fastLaneAnswers();
    await wholeSitemap(FULL_PATH);
    expect(await fastLaneAnswers()).toBe(lane);
    expect(cacheOf().peek('sitemap')?.value).toBe(built);

    const page = (await strapi.documents(CONTACT_PAGE).findFirst({ status: 'published' }))!;
    await strapi.documents(CONTACT_PAGE).publish({ documentId: page.documentId });
    expect(cacheOf().peek('sitemap')).toBeUndefined();
    await wholeSitemap();
    expect(cacheOf().peek('sitemap')?.value).not.toBe(built);
  });

  it('never lists a page that is not published, and lists it again once it is', async () => {
    const contact = urlsOfPage('contact');
    const page = (await strapi.documents(CONTACT_PAGE).findFirst({ status: 'published' }))!;
    await strapi.documents(CONTACT_PAGE).unpublish({ documentId: page.documentId, locale: '*' });
    try {
      const { urls } = await wholeSitemap();
      for (const url of contact) expect(urls).not.toContain(url);
      expect(urls).toEqual(expect.arrayContaining(urlsOfPage('luxury')));
    } finally {
      await strapi.documents(CONTACT_PAGE).publish({ documentId: page.documentId, locale: '*' });
    }
    expect((await wholeSitemap()).urls).toEqual(expect.arrayContaining(contact));
  });

  it('drops a project that left the feed', async () => {
    const held = (await projects().collection()).projects;
    const slugs = await projectSlugs();
    const [leaving, staying] = [slugs.get(held[0].id)!, slugs.get(held[1].id)!];
    const { urls } = await wholeSitemap();
    expect(urls).toEqual(expect.arrayContaining(urlsOfPage('project', { slug: leaving })));

    reelly.state.projects = feed.projects.filter((project: any) => String(project.id) !== held[0].id);
    try {
      projects().invalidate();
      await eventually(async () => expect((await wholeSitemap()).urls).not.toContain(urlsOfPage('project', { slug: leaving })[0]));
      const after = (await wholeSitemap()).urls;
      for (const url of urlsOfPage('project', { slug: leaving })) expect(after).not.toContain(url);
      expect(after).toEqual(expect.arrayContaining(urlsOfPage('project', { slug: staying })));
    } finally {
      reelly.state.projects = feed.projects;
      projects().invalidate();
    }
  });

  it('carries an ETag (304 for it), the caching headers and surrogate keys of what it lists, and is answered by the fast lane', async () => {
    await wholeSitemap();
    for (const target of ['/api/v1/sitemap.xml', '/api/v1/sitemaps/projects-1.xml']) {
      const first = await text(target);
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
      expect(first.headers['surrogate-key']).toBe('projects listings luxury contact-page offplan-page pages luxury:ar contact-page:ar offplan-page:ar pages:ar');
      const before = await fastLaneAnswers();
      const again = await text(target, { 'If-None-Match': first.headers.etag });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      expect(await fastLaneAnswers()).toBe(before + 1);
    }
    // A part (the index is under a kilobyte: sent as it is) comes compressed when the client accepts it.
    const part = await text('/api/v1/sitemaps/projects-1.xml');
    const gzip = await raw('/api/v1/sitemaps/projects-1.xml', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(part.body);
  });

  it('answers an unknown part with the JSON error envelope (404), in the language asked for', async () => {
    await checkedError((await http()).get('/api/v1/sitemaps/projects-99.xml'), 404, 'NOT_FOUND');
    await checkedError((await http()).get('/api/v1/sitemaps/projects-1'), 404, 'NOT_FOUND');
    const arabic = await checkedError((await http()).get('/api/v1/sitemaps/nothing.xml?locale=ar'), 404, 'NOT_FOUND');
    expect(arabic.body.message).toMatch(/خريطة/);
  });

  it('leaves out a page marked noindex in its published SEO block', async () => {
    const page = (await strapi.documents(CONTACT_PAGE).findFirst({ status: 'published', populate: { seo: true } } as never))!;
    // The block's fields without its row id: the update writes a new row for it.
    const { id, ...seo } = (page as unknown as { seo: Record<string, unknown> }).seo;
    // As an editor does: the English draft changed, then published.
    const publishSeo = async (noindex: boolean) => {
      await strapi.documents(CONTACT_PAGE).update({ documentId: page.documentId, locale: 'en', data: { seo: { ...seo, noindex } } } as never);
      await strapi.documents(CONTACT_PAGE).publish({ documentId: page.documentId, locale: 'en' });
    };
    await publishSeo(true);
    try {
      const { urls } = await wholeSitemap();
      for (const url of urlsOfPage('contact')) expect(urls).not.toContain(url);
    } finally {
      await publishSeo(false);
    }
  });
});

describe('robots.txt', () => {
  it('allows every crawler and names the sitemap until the editors publish their own; then it is theirs', async () => {
    const first = await text('/api/v1/robots.txt');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(first.body).toBe('User-agent: *\nAllow: /\n\nSitemap: http://cms.test.local/api/v1/sitemap.xml\n');
    expect(first.headers['surrogate-key']).toBe('robots');
    expect((await text('/api/v1/robots.txt', { 'If-None-Match': first.headers.etag })).status).toBe(304);

    const draft = await strapi.documents(ROBOTS).create({ data: { content: 'User-agent: *\nDisallow: /drafts-only' } });
    expect((await text('/api/v1/robots.txt')).body).toBe(first.body);
    await strapi.documents(ROBOTS).publish({ documentId: draft.documentId });
    expect((await text('/api/v1/robots.txt')).body).toBe('User-agent: *\nDisallow: /drafts-only\n\nSitemap: http://cms.test.local/api/v1/sitemap.xml\n');
    await strapi.documents(ROBOTS).delete({ documentId: draft.documentId });
    expect((await text('/api/v1/robots.txt')).body).toBe(first.body);
  });
});

describe('robots.txt in the admin', () => {
  it('editors may edit and publish it, also on a database made before the type existed', async () => {
    const editorActions = async () => {
      const role = await strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } });
      const held = (await strapi.db.query('admin::permission').findMany({ where: { role: { id: role.id }, subject: ROBOTS } })) as Array<{ id: number; action: string }>;
      return held;
    };
    const expected = ['create', 'delete', 'publish', 'read', 'update'].map((name) => `plugin::content-manager.explorer.${name}`);
    expect((await editorActions()).map((permission) => permission.action).sort()).toEqual(expected);

    // As on a database made before robots.txt: no role holds any of its actions, none remembered; the start gives them.
    await strapi.db.query('admin::permission').deleteMany({ where: { subject: ROBOTS } });
    const store = strapi.store({ type: 'core', name: 'admin-roles' });
    await store.set({ key: 'editor-roles-types', value: ((await store.get({ key: 'editor-roles-types' })) as string[]).filter((uid) => uid !== ROBOTS) });
    await appModule<{ configureEditorRoles: (app: Core.Strapi) => Promise<void> }>('src/bootstrap/editor-roles').configureEditorRoles(strapi);
    expect((await editorActions()).map((permission) => permission.action).sort()).toEqual(expected);
  });
});
