/**
 * The demo looks real: on first start every section, branch, social link and testimonial has an image
 * from the media library, with Strapi's responsive formats, the sample projects and listings show the
 * demo scenes, and every image URL the API gives resolves on the service itself (no made-up hosts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { apiToken, getStrapi, http } from '../helpers/app';

const PUBLIC_URL = 'http://cms.test.local';
const PLACEHOLDER = `${PUBLIC_URL}/images/placeholder.svg`;

let strapi: Core.Strapi;

beforeAll(async () => {
  strapi = await getStrapi();
});

/** Every string in a response that looks like an image URL (by its key or its extension). */
function imageUrls(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return /image|photo|icon|logo/i.test(key) || /\.(jpe?g|png|svg|webp)$/i.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => imageUrls(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => imageUrls(item, name));
  return [];
}

async function dataOf(path: string) {
  const res = await (await http()).get(path);
  expect(res.status, path).toBe(200);
  return res.body.data;
}

describe('demo images', () => {
  it.each(['/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/off-plan'])('%s: every image is a real file served by the service', async (path) => {
    const urls = imageUrls(await dataOf(path));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url, `${path}: ${url}`).not.toBe(PLACEHOLDER);
      expect(url.startsWith(`${PUBLIC_URL}/uploads/`), url).toBe(true);
      const file = await (await http()).get(url.slice(PUBLIC_URL.length));
      expect(file.status, url).toBe(200);
      expect(file.headers['content-type'], url).toMatch(/^image\/(jpeg|svg\+xml)/);
    }
  });

  it('the sample projects and developers: every image is one of the demo scenes the service serves', async () => {
    const listing = await dataOf('/api/v1/off-plan/projects?per_page=50');
    const detail = await dataOf(`/api/v1/off-plan/projects/${listing.properties.data[0].id}`);
    const filters = await dataOf('/api/v1/off-plan/projects/filters');
    const urls = new Set([...imageUrls(listing), ...imageUrls(detail), ...imageUrls(filters)]);
    expect(urls.size).toBeGreaterThan(5);
    for (const url of urls) {
      expect(url).toMatch(/^http:\/\/cms\.test\.local\/images\/demo\/[a-z0-9-]+\.svg$/);
      const file = await (await http()).get(url.slice(PUBLIC_URL.length));
      expect(file.status, url).toBe(200);
      expect(file.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
    }
  });

  it('the synced sample listings: their images and agent photos are demo scenes on the service', async () => {
    const res = await (await http()).get('/api/extsource/properties?per_page=20').set('Authorization', `Bearer ${await apiToken('read-only')}`);
    expect(res.status).toBe(200);
    const rows = res.body.data as Array<{ images: string[]; agent_photo: string }>;
    const urls = rows.flatMap((row) => row.images);
    expect(urls.length).toBeGreaterThanOrEqual(20);
    for (const url of urls) expect(url).toMatch(/^http:\/\/cms\.test\.local\/images\/demo\/[a-z0-9-]+\.svg$/);
    for (const row of rows) expect(row.agent_photo).toMatch(/^http:\/\/cms\.test\.local\/images\/demo\/portrait-\d\.svg$/);
  });

  it('are in the media library with the responsive formats Strapi makes, and a description', async () => {
    const files = (await strapi.db.query('plugin::upload.file').findMany({ where: { name: { $endsWith: '.jpg' } } })) as Array<{
      name: string; width: number; alternativeText: string | null; formats: Record<string, { url: string }> | null;
    }>;
    const scenes = files.filter((file) => !file.name.startsWith('portrait-'));
    expect(scenes.length).toBeGreaterThanOrEqual(10);
    for (const file of scenes) {
      expect(Object.keys(file.formats ?? {}).sort(), file.name).toEqual(['large', 'medium', 'small', 'thumbnail']);
      expect(file.alternativeText, file.name).toBeTruthy();
    }
    const hero = files.find((file) => file.name === 'skyline-dusk.jpg')!;
    expect(hero.width).toBe(1280);
    expect((await (await http()).get(hero.formats!.small.url)).status).toBe(200);
  });
});
