/**
 * The search box's suggestions (issue 44) on the run's database: the sample projects (English and
 * Arabic) and listings synced from the fake Goyzer. Every count of a suggestion is the total its own
 * listing shows for the suggestion's query; typos, abbreviations and Arabic find what they name; a
 * listing's reference finds it; every bad value is a 422 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, generatedData, getStrapi, http } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { listingsFromFakeGoyzer } from '../helpers/fake-goyzer';

type Suggestion = {
  type: string; label: string; alternate_label: string | null; community: string | null; state_id: string | null;
  counts: { off_plan: number; sale: number; rent: number }; query: string | null; page: { slug: string; canonical_url: string } | null; match: string;
};
type Groups = Record<'emirates' | 'cities' | 'communities' | 'developers' | 'projects' | 'listings', Suggestion[]>;

let strapi: Core.Strapi;
let restoreListings: () => Promise<void>;
const units = generatedData({ projects: 0, sales: 160, rentals: 80 }).listings;

const service = <T>(path: string) => appModule<T>(path);
const suggestions = () => service<typeof import('../../src/api/search/services/suggest')>('src/api/search/services/suggest').suggestService(strapi);
const listings = () => service<typeof import('../../src/api/properties/services/properties')>('src/api/properties/services/properties').propertiesService(strapi);

async function suggest(q: string, extra: Record<string, string | number> = {}): Promise<Groups> {
  const { body } = await checked((await http()).get('/api/v1/search/suggest').query({ q, ...extra }));
  expect(body.data.q).toBe(q);
  return body.data.groups as Groups;
}

const total = async (path: string) => (await checked((await http()).get(path))).body.data;

beforeAll(async () => {
  strapi = await getStrapi();
  restoreListings = (await listingsFromFakeGoyzer(strapi, units)).restore;
  await strapi.plugin('extsource').service('sync').run('all', 'manual');
  await listings().rebuilt();
  await suggestions().refresh();
});
afterAll(async () => {
  await restoreListings();
});

describe('GET /api/v1/search/suggest', () => {
  it('refuses a q that is missing, blank, without a letter or digit, too long or repeated, and a bad limit, naming each', async () => {
    for (const q of [undefined, '   ', '-- !', 'x'.repeat(101)]) {
      const refused = await checkedError((await http()).get('/api/v1/search/suggest').query(q === undefined ? {} : { q }), 422, 'VALIDATION_FAILED');
      expect(refused.body.errors).toEqual({ q: ['The q must be text of 1 to 100 characters, with a letter or digit.'] });
    }
    expect((await checkedError((await http()).get('/api/v1/search/suggest?q=a&q=b'), 422, 'VALIDATION_FAILED')).body.errors).toHaveProperty('q');
    for (const limit of ['0', '11', 'five']) {
      const refused = await checkedError((await http()).get('/api/v1/search/suggest').query({ q: 'dubai', limit }), 422, 'VALIDATION_FAILED');
      expect(refused.body.errors).toEqual({ limit: ['The limit must be an integer from 1 to 10.'] });
    }
    const arabic = await checkedError((await http()).get('/api/v1/search/suggest').query({ locale: 'ar' }), 422, 'VALIDATION_FAILED');
    expect(arabic.body.errors.q[0]).toMatch(/^يجب أن يكون نص البحث/);
  });

  it('refuses a q holding NUL or another control character, naming q', async () => {
    for (const q of ['Dubai%00', 'Du%07bai', 'Dubai%0D%0AX-Injected:%201', '%09Dubai']) {
      const refused = await checkedError((await http()).get(`/api/v1/search/suggest?q=${q}`), 422, 'VALIDATION_FAILED');
      expect(refused.body.errors).toEqual({ q: ['The q contains control characters, which are not allowed.'] });
    }
  });

  it('finds a name with two neighbouring letters swapped, as one typo', async () => {
    expect((await suggest('Dubia')).emirates[0]).toMatchObject({ label: 'Dubai', match: 'typo' });
  });

  it('answers every group in a fixed order, each at most limit long, exact matches first', async () => {
    const groups = await suggest('dubai', { limit: 3 });
    expect(Object.keys(groups)).toEqual(['emirates', 'cities', 'communities', 'developers', 'projects', 'listings']);
    for (const group of Object.values(groups)) expect(group.length).toBeLessThanOrEqual(3);
    expect(groups.emirates[0]).toMatchObject({ type: 'emirate', label: 'Dubai', alternate_label: 'دبي', state_id: 'DU', query: 'state_id=DU', page: null, match: 'exact' });
    expect(groups.communities.length).toBe(3);
  });

  it('counts what each catalogue\'s listing shows for the suggestion\'s query', async () => {
    let checkedPlaces = 0;
    for (const q of ['dubai', 'marina', 'island', 'abu', 'al', 'emaar', 'sharjah']) {
      const groups = await suggest(q, { limit: 10 });
      for (const item of [...groups.emirates, ...groups.cities, ...groups.communities, ...groups.developers]) {
        expect(item.counts.off_plan + item.counts.sale + item.counts.rent).toBeGreaterThan(0);
        expect((await total(`/api/v1/off-plan/projects?${item.query}`)).properties.total).toBe(item.counts.off_plan);
        if (item.type === 'developer') continue;
        expect((await total(`/api/v1/properties?purpose=sale&${item.query}`)).listings.total).toBe(item.counts.sale);
        expect((await total(`/api/v1/properties?purpose=rent&${item.query}`)).listings.total).toBe(item.counts.rent);
        checkedPlaces += 1;
      }
    }
    expect(checkedPlaces).toBeGreaterThan(20);
  });

  it('finds places by the beginning of any word, ranked by the homes behind them when they match alike', async () => {
    const { communities } = await suggest('mar', { limit: 10 });
    const labels = communities.map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(['Dubai Marina', 'Al Marjan Island']));
    expect(communities.every((item) => item.match === 'prefix')).toBe(true);
    const homes = communities.map((item) => item.counts.off_plan + item.counts.sale + item.counts.rent);
    expect(homes).toEqual([...homes].sort((a, b) => b - a));
  });

  it('reads typos, abbreviations and other names, typos ranked last', async () => {
    expect((await suggest('Downtwon')).communities[0]).toMatchObject({ label: 'Downtown Dubai', match: 'typo' });
    expect((await suggest('Jumierah Village')).communities[0]).toMatchObject({ label: 'Jumeirah Village Circle', match: 'typo' });
    expect((await suggest('Emmar')).developers[0]).toMatchObject({ label: 'Emaar Properties', match: 'typo', query: expect.stringMatching(/^developer_id=\d+$/) });
    expect((await suggest('emar')).developers[0]).toMatchObject({ label: 'Emaar Properties' });
    expect((await suggest('JVC')).communities[0]).toMatchObject({ label: 'Jumeirah Village Circle', match: 'exact' });
    const developer = (await suggest('Emaar')).developers[0];
    expect(developer.page).toEqual({ slug: expect.any(String), canonical_url: expect.stringContaining(`/developers/${developer.page!.slug}`) });
  });

  it('reads Arabic as Arabic readers type it, and answers in the request\'s language with the other beside it', async () => {
    const arabic = await suggest('مرسى دبي', { locale: 'ar' });
    expect(arabic.communities[0]).toMatchObject({ label: 'مرسى دبي', alternate_label: 'Dubai Marina', query: 'state_id=DU&location=Dubai%20Marina', match: 'exact' });
    // Alef maqsura typed as yaa, and the name many write instead.
    expect((await suggest('مرسي دبي')).communities[0]).toMatchObject({ label: 'Dubai Marina', alternate_label: 'مرسى دبي' });
    expect((await suggest('دبي مارينا')).communities[0]).toMatchObject({ label: 'Dubai Marina' });
    expect((await suggest('إعمار')).developers[0]).toMatchObject({ label: 'Emaar Properties' });
  });

  it('finds a listing by its reference, opening its page', async () => {
    const [card] = (await total('/api/v1/properties?purpose=rent&per_page=1')).listings.data;
    const { listings: found } = await suggest(card.reference.toLowerCase());
    expect(found[0]).toMatchObject({ type: 'listing', label: card.reference, counts: { off_plan: 0, sale: 0, rent: 1 }, query: null, page: { slug: card.slug, canonical_url: card.canonical_url }, match: 'exact' });
    expect((await suggest('marina')).listings).toEqual([]);
  });

  it('on an instance that holds no project collection, waits for its fill: a build never fetches it, a search does', async () => {
    strapi.plugin('extsource').service('projects').invalidate();
    await suggestions().refresh();
    expect((await suggest('Emaar')).developers[0]).toMatchObject({ label: 'Emaar Properties' });
  });

  it('answers the same bytes again, with an ETag', async () => {
    const first = await checked((await http()).get('/api/v1/search/suggest?q=palm'));
    const again = await checked((await http()).get('/api/v1/search/suggest?q=palm'));
    expect(again.text).toBe(first.text);
    expect(first.headers.etag).toBeDefined();
    expect((await (await http()).get('/api/v1/search/suggest?q=palm').set('If-None-Match', first.headers.etag)).status).toBe(304);
  });
});
