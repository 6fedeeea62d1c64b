/**
 * Project slugs and pages (decisions 108-110), against the fake Reelly on the run's database: every card
 * and project names its slug and its page on the website; a project's slug and its id answer the same
 * bytes and ETag, on the fast lane as on the full path; a renamed project's former slug is a 301 naming
 * the current one; a collision gets a short suffix, never the slug already given; a slug never reads as
 * another project's id; two instances settling the same collection agree; a project answer names its
 * developer as its card does (decision 128).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, generatedData, getStrapi, http, previewSite } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { fastLaneAnswers } from '../helpers/lane-count';
import { reellyConfig } from '../helpers/reelly-config';
import { startFakeReelly } from '../../scripts/fakes/providers';

let strapi: Core.Strapi;
let original: unknown;
let site: string;
let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
const data = generatedData({ projects: 8, sales: 0, rentals: 0 }).projects;
const listed = data.projects.filter((project) => (project.location as { country?: string }).country === 'United Arab Emirates');
const names = new Map(listed.map((project) => [String(project.id), String(project.name)]));
const projects = () => strapi.plugin('extsource').service('projects');

type Card = { id: string; slug: string; canonical_url: string };

/** A new collection, as after a refresh, with every detail read (the answers compared are then whole). */
async function refresh(): Promise<void> {
  projects().invalidate();
  await projects().collection();
  await projects().readAheadSettled();
}

function rename(id: string, name: string): void {
  const project = data.projects.find((candidate) => String(candidate.id) === id)!;
  project.name = name;
}

const get = async (key: string, headers: Record<string, string> = {}) => checked((await http()).get(`/api/v1/off-plan/projects/${key}`).set(headers));

async function cards(): Promise<Card[]> {
  const { body } = await checked((await http()).get('/api/v1/off-plan/projects').query({ per_page: 50 }));
  return body.data.properties.data as Card[];
}

const slugOf = async (id: string) => (await cards()).find((card) => card.id === id)!.slug;

beforeAll(async () => {
  strapi = await getStrapi();
  site = (await previewSite()).url;
  original = structuredClone(strapi.config.get('plugin::extsource'));
  reelly = await startFakeReelly();
  Object.assign(reelly.state, { projects: data.projects, projectsAr: data.projects_ar, developers: data.developers });
  strapi.config.set('plugin::extsource', reellyConfig(original, reelly.url));
  // A read-ahead another file started would keep this file's from starting.
  await projects().readAheadSettled();
  await refresh();
});
afterAll(async () => {
  for (const [id, name] of names) rename(id, name);
  strapi.config.set('plugin::extsource', original);
  projects().invalidate();
  await reelly.close();
});

describe('a project by its slug', () => {
  it('every card names its slug and its page; the slug and the id answer the same bytes and ETag', async () => {
    const all = await cards();
    expect(all.length).toBe(listed.length);
    expect(new Set(all.map((card) => card.slug)).size).toBe(all.length);
    for (const card of all) {
      expect(card.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(card.canonical_url).toBe(`${site}/off-plan/${card.slug}`);
    }
    const [card] = all;
    const byId = await get(card.id);
    const bySlug = await get(card.slug);
    expect(bySlug.text).toBe(byId.text);
    expect(bySlug.headers.etag).toBe(byId.headers.etag);
    expect(bySlug.body.data).toMatchObject({
      id: card.id,
      slug: card.slug,
      canonical_url: `${site}/off-plan/${card.slug}`,
      alternates: { en: `${site}/off-plan/${card.slug}`, ar: `${site}/ar/off-plan/${card.slug}`, 'x-default': `${site}/off-plan/${card.slug}` },
    });
    // The answer's own fields come last, in the shared order (slug, canonical_url, alternates; seo; structured_data; similar).
    expect(Object.keys(bySlug.body.data).slice(-6)).toEqual(['slug', 'canonical_url', 'alternates', 'seo', 'structured_data', 'similar']);
    const arabic = await get(`${card.slug}?locale=ar`);
    expect(arabic.body.data.canonical_url).toBe(`${site}/ar/off-plan/${card.slug}`);
    expect(arabic.text).toBe((await get(`${card.id}?locale=ar`)).text);
  });

  it('answers a slug on the fast lane with the bytes and ETag of the full path', async () => {
    const { slug } = (await cards())[1];
    await get(slug);
    const before = await fastLaneAnswers();
    const lane = await get(slug);
    expect(await fastLaneAnswers()).toBe(before + 1);
    // An unusual X-Forwarded-Proto is the full path's to answer (src/lib/fast-lane.ts).
    const full = await get(slug, { 'X-Forwarded-Proto': 'gopher' });
    expect(await fastLaneAnswers()).toBe(before + 1);
    expect(lane.text).toBe(full.text);
    expect(lane.headers.etag).toBe(full.headers.etag);
  });

  it('an unknown slug is the 404 an unknown id is', async () => {
    const res = await checkedError((await http()).get('/api/v1/off-plan/projects/no-such-slug'), 404, 'NOT_FOUND');
    expect(res.body.message).toBe('No off-plan project with id "no-such-slug"');
  });
});

describe('a renamed project', () => {
  it('gets a new slug; its former one answers a 301 naming it, with Location; a newcomer of the former name gets a suffix', async () => {
    const [first, second] = [...names.keys()];
    const former = await slugOf(first);
    rename(first, `${names.get(first)} Residences`);
    await refresh();
    const current = await slugOf(first);
    expect(current).toBe(`${former}-residences`);

    const moved = await get(`${former}?locale=ar`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/api/v1/off-plan/projects/${current}?locale=ar`);
    expect(moved.body).toEqual({
      success: true,
      status_code: 301,
      message: 'انتقل المشروع إلى عنوانه الحالي',
      data: { id: first, slug: current, canonical_url: `${site}/ar/off-plan/${current}` },
    });
    expect((await get(current)).text).toBe((await get(first)).text);

    // Another project now named as the first one was: the former slug stays the first project's.
    rename(second, names.get(first)!);
    await refresh();
    expect(await slugOf(second)).toMatch(new RegExp(`^${former}-[0-9a-f]{4}$`));
    expect((await get(former)).body.data.slug).toBe(current);

    // Its first name back: its first slug is current again, and the other one moves to it.
    rename(first, names.get(first)!);
    rename(second, names.get(second)!);
    await refresh();
    expect(await slugOf(first)).toBe(former);
    expect((await get(current)).body.data.slug).toBe(former);
  });
});

describe('developers', () => {
  it("keep one slug each, everywhere: a second developer given the first one's slug by the provider gets a suffix, the first keeps its slug", async () => {
    type Developer = { id: number; name: string; slug: string };
    const filters = async () => (await checked((await http()).get('/api/v1/off-plan/projects/filters'))).body.data.developers as Developer[];
    const before = await filters();
    const [first, second] = before;
    const record = data.developers.find((developer) => developer.id === second.id)!;
    record.slug = first.slug;
    try {
      await refresh();
      const after = await filters();
      expect(new Set(after.map((developer) => developer.slug)).size).toBe(after.length);
      expect(after.find((developer) => developer.id === first.id)!.slug).toBe(first.slug);
      const renamed = after.find((developer) => developer.id === second.id)!;
      expect(renamed.slug).toMatch(new RegExp(`^${first.slug}-[0-9a-f]{4}$`));
      expect((await projects().developers()).find((developer: Developer) => developer.id === second.id).slug).toBe(renamed.slug);
      const bySecond = (await cards()).find((card) => (card as unknown as { developer: Developer }).developer.id === second.id)!;
      expect((bySecond as unknown as { developer: Developer }).developer.slug).toBe(renamed.slug);
      expect((await get(bySecond.slug)).body.data.developer.slug).toBe(renamed.slug);
    } finally {
      delete record.slug;
      await refresh();
    }
  });

  it('are named on a project answer as its card names them, the detail read while the developer feed knew none', async () => {
    type Developer = { id: number; name: string; slug: string; logo: string };
    const [card] = await cards();
    try {
      reelly.state.developers = [];
      await refresh();
      await projects().refreshDetail(card.id);
      expect((await get(card.id)).body.data.developer.id).toBe(0);
    } finally {
      reelly.state.developers = data.developers;
      await refresh();
    }
    const listed = (await cards()).find((each) => each.id === card.id) as unknown as { developer: Developer };
    expect(listed.developer.id).not.toBe(0);
    expect((await get(card.slug)).body.data.developer).toEqual(listed.developer);
  });
});

describe('a slug', () => {
  it("is never another listed project's id: a project named as another's id gets a slug with a letter", async () => {
    const [, , third, fourth] = [...names.keys()];
    rename(third, fourth);
    await refresh();
    expect(await slugOf(third)).toBe(`project-${fourth}`);
    expect((await get(fourth)).body.data.id).toBe(fourth);
    rename(third, names.get(third)!);
    await refresh();
  });

  it('comes out the same on two instances settling the same collection at once', async () => {
    const { slugStore } = appModule<typeof import('../../src/api/catalogues/services/slugs')>('src/api/catalogues/services/slugs');
    const owners = ['twin-a', 'twin-b', 'twin-c'].map((owner) => ({ owner, name: `Twin Towers ${process.pid}` }));
    const [one, other] = await Promise.all([slugStore(strapi).settle('developer', owners), slugStore(strapi).settle('developer', owners)]);
    expect([...one.slugOf]).toEqual([...other.slugOf]);
    expect(new Set(one.slugOf.values()).size).toBe(3);
    const rows = await strapi.db.getConnection('offplan_slugs').whereIn('owner', ['twin-a', 'twin-b', 'twin-c']).select('slug');
    expect(rows.length).toBe(3);
  });
});
