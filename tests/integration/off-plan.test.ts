import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, generatedData, getStrapi, http } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { fastLaneAnswers } from '../helpers/lane-count';
import { REELLY_API_KEY, startFakeReelly } from '../../scripts/fakes/providers';

const PAGE = 'api::off-plan.off-plan-page';
let strapi: Core.Strapi;

beforeAll(async () => {
  strapi = await getStrapi();
});

async function listing(query = '', headers: Record<string, string> = {}) {
  const res = await checked((await http()).get(`/api/v1/off-plan/projects${query}`).set(headers));
  expect(res.status).toBe(200);
  return res;
}

describe('GET /api/v1/off-plan/projects', () => {
  it('answers the whole listing page with the defaults of the contract and decisions', async () => {
    const { body } = await listing();
    expect(body).toMatchObject({ success: true, message: 'Off-plan projects retrieved successfully' });
    const data = body.data;
    expect(Object.keys(data)).toEqual(['listing_header', 'filters', 'properties', 'pagination', 'explore_by_city', 'faq', 'applied_filters', 'counts_by_state', 'sort']);
    expect(data.listing_header).toEqual({ title: 'Off-Plan Projects in Dubai and the UAE', results_text: 'Showing 1 - 16 of 130 properties' });
    expect(data.properties).toMatchObject({ total: 130, per_page: 16, current_page: 1, total_pages: 9 });
    expect(data.properties.data).toHaveLength(16);
    expect(data.pagination).toEqual({ current_page: 1, per_page: 16, total: 130, last_page: 9, total_unfiltered: 130 });
    expect(data.sort).toBe('name_asc');
    expect(data.applied_filters).toEqual({});
    expect(data.counts_by_state.map((entry: { state_id: string }) => entry.state_id).sort()).toEqual(['AJ', 'AZ', 'DU', 'FU', 'RK', 'SH', 'UQ']);
  });

  it('has the fixed filter lists, and developers and years from the data', async () => {
    const { filters } = (await listing()).body.data;
    expect(filters.sort_by.options.map((option: { label: string }) => option.label)).toEqual([
      'Newest First', 'Name (Z-A)', 'Price: Low to High', 'Price: High to Low', 'Completion (Earliest)', 'Completion (Latest)',
    ]);
    const developers = filters.more_filters.options.developer.map((developer: { name: string }) => developer.name);
    expect(developers.length).toBeGreaterThanOrEqual(15);
    expect(developers).toEqual([...developers].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const years = filters.more_filters.options.completion_year.map((year: { value: string }) => year.value);
    expect(years).toEqual([...years].sort());
    expect(filters.price_range.min).toBeLessThan(filters.price_range.max);
  });

  it('filters by emirate through aliases, answers the canonical code, and counts the other emirates too', async () => {
    const { data } = (await listing('?state_id=dxb&sort=price_asc&per_page=100')).body;
    expect(data.applied_filters).toEqual({ state_id: 'DU' });
    expect(data.properties.data.every((project: { state_id: string }) => project.state_id === 'DU')).toBe(true);
    const prices = data.properties.data.map((project: { price: { starting_from: number | null } }) => project.price.starting_from);
    const priced = prices.filter((price: number | null) => price !== null);
    expect(priced).toEqual([...priced].sort((a: number, b: number) => a - b));
    expect(prices.slice(priced.length).every((price: number | null) => price === null)).toBe(true);
    expect(data.counts_by_state.length).toBe(7);
    expect(data.counts_by_state.find((entry: { state_id: string }) => entry.state_id === 'DU').count).toBe(data.properties.total);
  });

  it('combines filters and normalises them in applied_filters', async () => {
    const { data } = (await listing('?project_name=%20RESIDENCES%20&min_price=500000&max_price=5000000.5&completion_year=2029&unknown=1&page=1')).body;
    expect(data.applied_filters).toEqual({ project_name: 'RESIDENCES', min_price: 500000, max_price: 5000000.5, completion_year: '2029' });
    for (const project of data.properties.data) {
      expect(project.name.toLowerCase()).toContain('residences');
      expect(project.completion.year).toBe('2029');
      expect(project.price.starting_from).toBeGreaterThanOrEqual(500000);
    }
  });

  it('answers a page past the end with the true totals and no cards', async () => {
    const { data } = (await listing('?page=50&per_page=10')).body;
    expect(data.properties).toMatchObject({ total: 130, current_page: 50, data: [] });
    expect(data.listing_header.results_text).toBe('Showing 0 - 0 of 130 properties');
  });

  it('answers no match with zeros everywhere', async () => {
    const { data } = (await listing('?project_name=no-such-tower')).body;
    expect(data.listing_header.results_text).toBe('Showing 0 - 0 of 0 properties');
    expect(data.properties).toMatchObject({ total: 0, total_pages: 1, data: [] });
    expect(data.counts_by_state).toEqual([]);
  });

  it('treats empty parameters as absent', async () => {
    const { data } = (await listing('?state_id=&page=&sort=&min_price=')).body;
    expect(data.applied_filters).toEqual({});
    expect(data.properties.total).toBe(130);
  });

  it('refuses bad parameters with 422 and every error together', async () => {
    const res = await checkedError(
      (await http()).get('/api/v1/off-plan/projects?page=0&per_page=101&sort=newest&developer_id=-2&completion_year=27&state_id=Doha&min_price=abc&max_price=1'),
      422,
      'VALIDATION_FAILED'
    );
    expect(Object.keys(res.body.errors).sort()).toEqual(['completion_year', 'developer_id', 'min_price', 'page', 'per_page', 'sort', 'state_id']);
    const order = await checkedError((await http()).get('/api/v1/off-plan/projects?min_price=9&max_price=1'), 422, 'VALIDATION_FAILED');
    expect(order.body.errors).toEqual({ max_price: ['The max price must be greater than or equal to the min price.'] });
    await checkedError((await http()).get('/api/v1/off-plan/projects?state_id[]=DU'), 422, 'VALIDATION_FAILED');
  });

  it('answers the same bytes on the fast lane as through Strapi', async () => {
    const query = '?state_id=AZ&sort=completion_desc&page=2&per_page=5';
    const viaStrapi = await listing(query, { Origin: 'https://www.example.com' });
    const fast = await listing(query);
    expect(fast.text).toBe(viaStrapi.text);
  });
});

describe('portal search: property type, bedrooms, amenities, area, location, currency, facets', () => {
  interface Card { id: string; name: string; category: string; city: string; community: string; sub_community: string; bedrooms: { types: string[] }; price: { starting_from: number | null; formatted: string; currency: string } }
  const words = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const data = async (query: string) => (await listing(query)).body.data;
  const detail = async (id: string) => (await checked((await http()).get(`/api/v1/off-plan/projects/${id}`))).body.data;

  it('offers facet counts beside every option, the unfiltered ones with no filter', async () => {
    const { filters, properties } = await data('');
    expect(Object.keys(filters.facets)).toEqual(['property_type', 'bedrooms', 'amenities', 'area']);
    // Keyed by option: every option of each list (a JSON parser may reorder the numeric keys).
    expect(Object.keys(filters.facets.property_type).sort()).toEqual([...filters.property_type.options].sort());
    expect(Object.keys(filters.facets.bedrooms).sort()).toEqual([...filters.bedrooms.options].sort());
    expect(Object.keys(filters.facets.amenities).sort()).toEqual([...filters.more_filters.options.amenities].sort());
    expect(Object.keys(filters.facets.area).sort()).toEqual([...filters.more_filters.options.area].sort());
    for (const group of Object.values(filters.facets) as Array<Record<string, number>>) {
      for (const [option, count] of Object.entries(group)) expect(count, option).toBeGreaterThan(0);
    }
    expect(filters.facets.property_type.Apartment + filters.facets.property_type.Villa).toBe(properties.total);
  });

  it('filters by property type, from the category and the kinds of home the feed names', async () => {
    const all = (await data('')).filters.facets.property_type;
    const villas = await data('?property_type=villas&per_page=100');
    expect(villas.applied_filters).toEqual({ property_type: ['Villa'] });
    expect(villas.properties.total).toBe(all.Villa);
    expect(villas.properties.data.every((card: Card) => card.category === 'Villa')).toBe(true);
    const townhouses = await data('?property_type=Townhouse&per_page=100');
    expect(townhouses.properties.total).toBe(all.Townhouse);
    expect(townhouses.properties.total).toBeLessThan(villas.properties.total);
    const either = await data('?property_type=Penthouse&property_type=townhouse');
    expect(either.applied_filters).toEqual({ property_type: ['Townhouse', 'Penthouse'] });
    expect(either.properties.total).toBe(all.Townhouse + all.Penthouse);
  });

  it('filters by bedrooms: a unit type with that many, 5+ for five or more', async () => {
    const five = await data('?bedrooms=5%2B&per_page=100');
    expect(five.applied_filters).toEqual({ bedrooms: ['5+'] });
    expect(five.properties.total).toBeGreaterThan(0);
    expect(five.properties.data.every((card: Card) => card.bedrooms.types.some((type) => Number(type) >= 5))).toBe(true);
    // An unescaped "+" arrives as a space: still five or more.
    expect((await listing('?bedrooms=5+&per_page=100')).text).toBe((await listing('?bedrooms=5%2B&per_page=100')).text);
    const studioOr3 = await data('?bedrooms=studio,3&per_page=100');
    expect(studioOr3.applied_filters).toEqual({ bedrooms: ['Studio', '3'] });
    expect(studioOr3.properties.data.every((card: Card) => card.bedrooms.types.includes('Studio') || card.bedrooms.types.includes('3'))).toBe(true);
  });

  it('filters by amenities, every one required, from the provider names', async () => {
    const page = await data('?amenities=pool,Gym');
    expect(page.applied_filters).toEqual({ amenities: ['Pool', 'Gym'] });
    expect(page.properties.total).toBeGreaterThan(0);
    for (const card of page.properties.data.slice(0, 5) as Card[]) {
      const facilities: string[] = (await detail(card.id)).facilities;
      expect(facilities.some((name) => /\bpools?\b/i.test(name)), facilities.join()).toBe(true);
      expect(facilities.some((name) => /\b(gym|fitness)/i.test(name)), facilities.join()).toBe(true);
    }
  });

  it('filters by area: unit types of a size class within a size range, in sq.ft', async () => {
    const page = await data('?area=2br&min_area=1000&max_area=1400');
    expect(page.applied_filters).toEqual({ area: ['2BR'], min_area: 1000, max_area: 1400 });
    expect(page.properties.total).toBeGreaterThan(0);
    for (const card of page.properties.data.slice(0, 5) as Card[]) {
      const units: Array<{ bedrooms: string; size_from_sqft: number; size_to_sqft: number }> = (await detail(card.id)).apartments;
      expect(units.some((unit) => unit.bedrooms === '2' && unit.size_from_sqft <= 1400 && unit.size_to_sqft >= 1000), JSON.stringify(units)).toBe(true);
    }
    const large = await data('?min_area=5000&per_page=100');
    expect(large.properties.total).toBeGreaterThan(0);
    expect(large.properties.total).toBeLessThan(130);
  });

  it('searches places and names by the start of words, whatever the case and accents', async () => {
    const page = await data('?location=%20DUBAI%20%20m%C3%A1r&per_page=100');
    expect(page.applied_filters).toEqual({ location: 'DUBAI már' });
    expect(page.properties.total).toBeGreaterThan(0);
    for (const card of page.properties.data as Card[]) {
      const held = words(`${card.city} ${card.community} ${card.sub_community} ${card.name}`);
      expect(held.some((word) => word.startsWith('dubai')) && held.some((word) => word.startsWith('mar')), card.name).toBe(true);
    }
    expect((await data('?location=zzqx')).properties.total).toBe(0);
  });

  it('answers in the visitor\'s currency without changing the order or the pages', async () => {
    const aed = await data('?sort=price_asc&per_page=20&page=2');
    const usd = await data('?sort=price_asc&per_page=20&page=2&currency=usd');
    expect(usd.applied_filters).toEqual({ currency: 'USD' });
    expect(usd.properties.data.map((card: Card) => card.id)).toEqual(aed.properties.data.map((card: Card) => card.id));
    usd.properties.data.forEach((card: Card, i: number) => {
      const inAed = aed.properties.data[i].price.starting_from;
      expect(card.price.currency).toBe('USD');
      expect(card.price.starting_from).toBe(inAed === null ? null : Math.round(inAed / 3.6725));
      expect(card.price.formatted).toMatch(inAed === null ? /^Price on request$/ : /^USD \d/);
    });
    expect(usd.filters.price_range.min).toBe(Math.round(aed.filters.price_range.min / 3.6725));
    expect(usd.filters.price_range.max).toBe(Math.round(aed.filters.price_range.max / 3.6725));
    const gbp = await data('?currency=GBP&sort=price_asc&min_price=400000&max_price=800000&per_page=100');
    expect(gbp.applied_filters).toEqual({ min_price: 400000, max_price: 800000, currency: 'GBP' });
    expect(gbp.properties.total).toBeGreaterThan(0);
    for (const card of gbp.properties.data as Card[]) {
      expect(card.price.currency).toBe('GBP');
      expect(card.price.starting_from).toBeGreaterThanOrEqual(400000);
      expect(card.price.starting_from).toBeLessThanOrEqual(800000);
    }
  });

  it('counts each facet over every other filter applied (disjunctive), amenities over all of them', async () => {
    const base = 'state_id=DU&property_type=Apartment&bedrooms=2&amenities=Pool';
    const { filters, properties, counts_by_state } = await data(`?${base}`);
    const total = async (query: string) => (await data(`?${query}`)).properties.total;
    expect(filters.facets.property_type.Villa).toBe(await total('state_id=DU&property_type=Villa&bedrooms=2&amenities=Pool'));
    expect(filters.facets.property_type.Apartment).toBe(properties.total);
    expect(filters.facets.bedrooms['3']).toBe(await total('state_id=DU&property_type=Apartment&bedrooms=3&amenities=Pool'));
    expect(filters.facets.amenities.Gym).toBe(await total(`${base},Gym`));
    expect(filters.facets.amenities.Pool).toBe(properties.total);
    expect(filters.facets.area['1BR']).toBe(await total(`${base}&area=1BR`));
    const abuDhabi = counts_by_state.find((entry: { state_id: string }) => entry.state_id === 'AZ')?.count ?? 0;
    expect(abuDhabi).toBe(await total('state_id=AZ&property_type=Apartment&bedrooms=2&amenities=Pool'));
  });

  it('refuses bad values of the new parameters with 422, every one keyed by its parameter', async () => {
    const res = await checkedError(
      (await http()).get('/api/v1/off-plan/projects?property_type=Castle&bedrooms=1.5&amenities=Sauna&area=2BHK&min_area=-1&max_area=x&location=%21%21&currency=EUR'),
      422,
      'VALIDATION_FAILED'
    );
    expect(Object.keys(res.body.errors).sort()).toEqual(['amenities', 'area', 'bedrooms', 'currency', 'location', 'max_area', 'min_area', 'property_type']);
    expect(res.body.errors.currency).toEqual(['The currency must be one of: AED, GBP, USD.']);
    const order = await checkedError((await http()).get('/api/v1/off-plan/projects?min_area=900&max_area=800'), 422, 'VALIDATION_FAILED');
    expect(order.body.errors).toEqual({ max_area: ['The max area must be greater than or equal to the min area.'] });
    await checkedError((await http()).get('/api/v1/off-plan/projects?currency=USD&currency=GBP'), 422, 'VALIDATION_FAILED');
    await checkedError((await http()).get('/api/v1/off-plan/projects?amenities[a]=Pool'), 422, 'VALIDATION_FAILED');
    const empty = await data('?property_type=&bedrooms=,&amenities=&area=&min_area=&location=&currency=&state_id');
    expect(empty.applied_filters).toEqual({});
    expect(empty.properties.total).toBe(130);
  });

  it.each([
    '?property_type=Apartment,Penthouse&bedrooms=1&bedrooms=2&amenities=Pool&location=dubai&currency=USD&sort=price_desc&per_page=5&page=2',
    '?area=3BR,4BR%2B&min_area=1500&max_area=4000&currency=gbp&min_price=300000&state_id=DU',
    '?location=%E0%A4%A&bedrooms=2',
    '?location',
  ])('answers the same bytes on the fast lane as through Strapi: %s', async (query) => {
    const viaStrapi = await listing(query, { Origin: 'https://www.example.com' });
    const fast = await listing(query);
    expect(fast.text).toBe(viaStrapi.text);
  });
});

describe('GET /api/v1/off-plan/projects/filters', () => {
  it('answers the options', async () => {
    const { body } = await checked((await http()).get('/api/v1/off-plan/projects/filters'));
    expect(body.data.total_projects).toBe(130);
    expect(body.data.states).toHaveLength(7);
    expect(body.data.sort_options).toHaveLength(6);
    expect(body.data.developers[0]).toEqual({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String), logo: expect.stringMatching(/^http:\/\/cms\.test\.local\/images\/demo\/logo-\d\.svg$/) });
  });

  it('answers from memory on the fast lane while its developers are in memory, and again from the developers read after they expired (decision 222)', async () => {
    const { cache } = appModule<typeof import('../../src/lib/cache')>('src/lib/cache');
    const developersKey = 'extsource:developers';
    const filters = async () => (await checked((await http()).get('/api/v1/off-plan/projects/filters'))).body.data.developers as Array<{ id: number; name: string }>;
    const first = await filters();
    let before = await fastLaneAnswers();
    expect(await filters()).toEqual(first);
    expect(await fastLaneAnswers()).toBe(before + 1);

    // Expired: the full path reads the developers again.
    cache.delete(developersKey);
    before = await fastLaneAnswers();
    expect(await filters()).toEqual(first);
    expect(await fastLaneAnswers()).toBe(before);

    // Read again with another name: the answer names it, on the fast lane too.
    const read = cache.peek<Array<{ id: number; name: string }>>(developersKey)!;
    const renamed = read.value.map((developer) => (developer.id === first[0].id ? { ...developer, name: 'Renamed Developer' } : developer));
    cache.set(developersKey, renamed, { tags: read.tags, lifetime: read.lifetime });
    try {
      before = await fastLaneAnswers();
      expect((await filters())[0].name).toBe('Renamed Developer');
      expect(await fastLaneAnswers()).toBe(before + 1);
    } finally {
      cache.delete(developersKey);
    }
    expect(await filters()).toEqual(first);
  });
});

describe('GET /api/v1/off-plan/projects/{projectId}', () => {
  it('answers a project with apartments, facilities and coordinates', async () => {
    const { body } = await checked((await http()).get('/api/v1/off-plan/projects/3010'));
    expect(body).toMatchObject({ success: true, message: 'Project retrieved successfully', data: { id: '3010', status: 'Off-Plan' } });
    expect(body.data.apartments.length).toBeGreaterThan(0);
    expect(body.data.facilities.length).toBeGreaterThan(0);
    expect(body.data.coordinates.latitude).toBeGreaterThan(22);
  });

  it('answers an unknown id with a 404 envelope', async () => {
    const res = await checkedError((await http()).get('/api/v1/off-plan/projects/999999'), 404, 'NOT_FOUND');
    expect(res.body.message).toBe('No off-plan project with id "999999"');
    await checkedError((await http()).get(`/api/v1/off-plan/projects/${encodeURIComponent('../../etc')}`), 404, 'NOT_FOUND');
  });
});

describe('page content', () => {
  it('the legacy endpoint answers hero, guide and sold section', async () => {
    const { body } = await checked((await http()).get('/api/v1/off-plan'));
    expect(body.data.hero).toEqual({ title: 'Off-Plan Projects in Dubai and the UAE', subtitle: expect.stringContaining('payment plans') });
    expect(body.data.guide.image).toMatch(/^http:\/\/cms\.test\.local\/uploads\/offplan_site_\w+\.jpg$/);
    expect(body.data.sold_section).toEqual({ title: 'Sold Out Launches' });
  });

  it('an editor publishing the page is visible on the next request, on both paths', async () => {
    const page = await strapi.documents(PAGE).findFirst();
    await listing();
    await strapi.documents(PAGE).update({ documentId: page!.documentId, data: { listing_page_title: 'New Launches' }, status: 'published' });
    try {
      expect((await listing()).body.data.listing_header.title).toBe('New Launches');
      expect((await listing('', { Origin: 'https://www.example.com' })).body.data.listing_header.title).toBe('New Launches');
    } finally {
      await strapi.documents(PAGE).update({ documentId: page!.documentId, data: { listing_page_title: 'Off-Plan Projects in Dubai and the UAE' }, status: 'published' });
    }
  });

  it('a listing page kept before an editor publishes is not sent after, when another route read the new page first (decision 211)', async () => {
    const page = await strapi.documents(PAGE).findFirst();
    await listing('?sort=price_desc');
    await strapi.documents(PAGE).update({ documentId: page!.documentId, data: { listing_page_title: 'New Launches' }, status: 'published' });
    try {
      await checked((await http()).get('/api/v1/off-plan'));
      expect((await listing('?sort=price_desc')).body.data.listing_header.title).toBe('New Launches');
    } finally {
      await strapi.documents(PAGE).update({ documentId: page!.documentId, data: { listing_page_title: 'Off-Plan Projects in Dubai and the UAE' }, status: 'published' });
    }
  });

  it('falls back to the defaults when the page is empty', async () => {
    const page = await strapi.documents(PAGE).findFirst();
    await strapi.documents(PAGE).delete({ documentId: page!.documentId, locale: '*' });
    try {
      const { data } = (await listing()).body;
      expect(data.listing_header.title).toBe('Off-Plan Projects in the UAE');
      expect(data.explore_by_city.columns).toHaveLength(4);
      for (const group of ['recommended_searches', 'other_property_types', 'useful_links']) {
        expect(data.explore_by_city[group].links.every((link: { url: string }) => link.url === '#')).toBe(true);
      }
      expect(data.faq.items).toHaveLength(7);
      expect(data.faq.items[0].answer).not.toBe('');
      expect(data.faq.items.slice(1).every((item: { answer: string }) => item.answer === '')).toBe(true);
      expect((await checked((await http()).get('/api/v1/off-plan'))).body.data.hero.title).toBe('Off-Plan Projects in the UAE');
    } finally {
      const { offPlanPageSeeder } = await import('../../src/api/off-plan/seed');
      await offPlanPageSeeder.run(strapi);
    }
    expect((await listing()).body.data.faq.items).toHaveLength(3);
  });
});

const projects = () => strapi.plugin('extsource').service('projects');

/**
 * For a describe block on a fake Reelly: the returned `useReelly(reelly, other)` points the projects
 * service at it (its Reelly settings and any other setting over the config held before) and drops the
 * collection held; after the block the config is put back, and the fake's collection dropped.
 */
function onFakeReelly() {
  let original: unknown;
  beforeAll(() => {
    original = structuredClone(strapi.config.get('plugin::extsource'));
  });
  afterAll(() => {
    strapi.config.set('plugin::extsource', original);
    projects().invalidate();
  });
  return (reelly: Record<string, unknown>, other: Record<string, unknown> = {}) => {
    strapi.config.set('plugin::extsource', { ...(original as object), projectsDriver: 'reelly', ...other, reelly: { apiKey: REELLY_API_KEY, maxPages: 10, ...reelly } });
    projects().invalidate();
  };
}

describe.each(['observed', 'documented'] as const)('with the Reelly feed in its %s shape', (shape) => {
  let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
  const data = generatedData({ projects: 40, sales: 0, rentals: 0 }).projects;
  const useReelly = onFakeReelly();

  beforeAll(async () => {
    reelly = await startFakeReelly();
    Object.assign(reelly.state, { projects: data.projects, developers: data.developers, shape, ignoreCountry: true });
    useReelly({ baseUrl: reelly.url, pageSize: 15, maxBytes: 8 * 1024 * 1024 });
  });
  afterAll(() => reelly.close());

  it('lists the UAE projects only, each with its emirate, location, developer and completion', async () => {
    expect(data.projects.length).toBe(42);
    const { data: page } = (await listing('?per_page=100')).body;
    expect(page.properties.total).toBe(40);
    for (const card of page.properties.data) {
      expect(Number(card.id)).toBeLessThan(9000);
      expect(card.state_id).toMatch(/^(AZ|AJ|DU|FU|RK|SH|UQ)$/);
      expect(card.location).not.toBe('');
      expect(card.developer.id).toBeGreaterThan(100);
      expect(card.completion.date).toMatch(/^Q[1-4] \d{4}$/);
      expect(card.badge).not.toBe('');
    }
    expect(page.counts_by_state.map((entry: { state_id: string }) => entry.state_id).sort()).toEqual(['AJ', 'AZ', 'DU', 'FU', 'RK', 'SH', 'UQ']);
  });

  it('filters by emirate and by developer', async () => {
    const dubai = (await listing('?state_id=DU&per_page=100')).body.data;
    expect(dubai.properties.total).toBeGreaterThan(0);
    expect(dubai.properties.data.every((card: { state_id: string }) => card.state_id === 'DU')).toBe(true);
    const developers = dubai.filters.more_filters.options.developer;
    expect(developers.length).toBe(18);
    const developer = developers.find((entry: { name: string }) => entry.name === 'Azizi Developments');
    const byDeveloper = (await listing(`?developer_id=${developer.id}`)).body.data;
    expect(byDeveloper.properties.total).toBeGreaterThan(0);
    expect(byDeveloper.properties.data.every((card: { developer: { id: number } }) => card.developer.id === developer.id)).toBe(true);
  });

  it('offers the developers of the paged developer list, with their logos', async () => {
    const { body } = await checked((await http()).get('/api/v1/off-plan/projects/filters'));
    expect(body.data.developers).toHaveLength(18);
    expect(body.data.developers.every((developer: { logo: string }) => /^https:\/\/media\.provider\.test\/images\/demo\/logo-\d\.svg$/.test(developer.logo))).toBe(true);
  });

  it('filters by what the list feed carries: amenities and unit-type sizes come with the detail only', async () => {
    const { filters } = (await listing('')).body.data;
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(filters.facets.property_type.Apartment).toBeGreaterThan(0);
    expect(sum(filters.facets.amenities)).toBe(0);
    expect(sum(filters.facets.area)).toBe(0);
    expect((await listing('?amenities=Pool')).body.data.properties.total).toBe(0);
    const villas = (await listing('?property_type=Villa&per_page=100')).body.data;
    expect(villas.properties.total).toBe(filters.facets.property_type.Villa);
    expect(villas.properties.data.every((card: { category: string }) => card.category === 'Villa')).toBe(true);
    if (shape === 'observed') {
      // Bedrooms from min_bedrooms..max_bedrooms, sizes from min_size..max_size.
      const three = (await listing('?bedrooms=3&per_page=100')).body.data;
      expect(three.properties.total).toBe(filters.facets.bedrooms['3']);
      expect(three.properties.total).toBeGreaterThan(0);
      expect(three.properties.data.every((card: { bedrooms: { types: string[] } }) => card.bedrooms.types.includes('3'))).toBe(true);
      const large = (await listing('?min_area=3000')).body.data.properties.total;
      expect(large).toBeGreaterThan(0);
      expect(large).toBeLessThan(40);
    } else {
      // The documented list names neither bedrooms nor sizes.
      expect(sum(filters.facets.bedrooms)).toBe(0);
      expect((await listing('?min_area=1')).body.data.properties.total).toBe(0);
    }
  });

  it('answers a project with the detail fields of decision 25 from the detail response', async () => {
    // The first read answers from the card and reads the detail in the background (decision 40).
    const project = await eventually(async () => {
      const { data } = (await checked((await http()).get('/api/v1/off-plan/projects/3005'))).body;
      expect(data.apartments.length).toBeGreaterThan(0);
      return data;
    });
    expect(project.apartments.length).toBeGreaterThan(0);
    expect(project.facilities.length).toBeGreaterThan(4);
    expect(project.payment_plans[0].steps.length).toBeGreaterThanOrEqual(3);
    expect(project.gallery.length).toBeGreaterThanOrEqual(3);
    expect(project.description).toMatch(/handover expected in Q[1-4] \d{4}/);
    expect(project.coordinates.latitude).toBeGreaterThan(22);
    // A project abroad is not on the site, even by its id.
    await checkedError((await http()).get('/api/v1/off-plan/projects/9000'), 404, 'NOT_FOUND');
  });
});

describe('while the projects provider is down', () => {
  let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
  const onReelly = onFakeReelly();
  const useReelly = (baseUrl: string) => onReelly({ baseUrl, pageSize: 25 }, { http: { timeoutMs: 300, retries: 1, backoffMs: 5, maxDelayMs: 100 } });

  beforeAll(async () => {
    reelly = await startFakeReelly();
    reelly.state.projects = generatedData({ projects: 40, sales: 0, rentals: 0 }).projects.projects;
  });
  afterAll(() => reelly.close());

  it('answers 503 when there never was any data', async () => {
    await strapi.store({ type: 'plugin', name: 'extsource' }).delete({ key: 'projects-snapshot:reelly' });
    useReelly('http://127.0.0.1:9');
    await checkedError((await http()).get('/api/v1/off-plan/projects'), 503, 'PROVIDER_UNAVAILABLE');
  });

  it('keeps answering from the last good collection', async () => {
    useReelly(reelly.url);
    expect((await listing()).body.data.properties.total).toBe(40);

    reelly.state.faults = [{ path: '/projects', status: 503 }];
    projects().invalidate();
    const { data } = (await listing('?sort=price_desc')).body;
    expect(data.properties.total).toBe(40);
    expect(data.pagination.total_unfiltered).toBe(40);
  });
});

describe('a collection refreshed in the background (decision 93)', () => {
  let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
  const generated = generatedData({ projects: 40, sales: 0, rentals: 0 }).projects.projects;
  const setTtl = (seconds: number) => strapi.config.set('plugin::extsource.projectsTtlSeconds', seconds);
  const useReelly = onFakeReelly();

  beforeAll(async () => {
    reelly = await startFakeReelly();
    reelly.state.projects = generated;
    useReelly({ baseUrl: reelly.url, pageSize: 25 }, { detailRate: 0 });
  });
  afterAll(() => reelly.close());

  it('is served with its indexes built: the first listing after the refresh comes from the fast lane, with the new projects', async () => {
    const renamed = '?project_name=Renamed%20Residences';
    expect((await listing(renamed)).body.data.properties.total).toBe(0);
    await listing(renamed);
    const uae = (await listing()).body.data.properties.data[0].id;
    reelly.state.projects = generated.map((project) => (String(project.id) === String(uae) ? { ...project, name: 'Renamed Residences' } : project));
    const held = projects().peek().version;
    setTtl(0);
    // Answered from the held collection while the new one is fetched and indexed.
    expect((await listing(renamed)).body.data.properties.total).toBe(0);
    await eventually(() => expect(projects().peek().version).not.toBe(held));
    setTtl(3600);

    const before = await fastLaneAnswers();
    expect((await listing(renamed)).body.data.properties.total).toBe(1);
    expect(await fastLaneAnswers()).toBe(before + 1);
  });

  it("looks at the collection in memory, for its staleness and read-ahead, once a second at most on the fast lane's path (decision 223)", async () => {
    await listing();
    const config = strapi.config as { get: (path: string, ...rest: unknown[]) => unknown };
    const get = config.get;
    let reads = 0;
    config.get = function counted(path, ...rest) {
      if (String(path).startsWith('plugin::extsource')) reads += 1;
      return get.call(this, path, ...rest);
    };
    try {
      for (let i = 0; i < 200; i += 1) projects().peek();
    } finally {
      config.get = get;
    }
    // One look when the last was over a second ago (its TTL and read-ahead settings), none after.
    expect(reads).toBeLessThanOrEqual(4);
  });
});
