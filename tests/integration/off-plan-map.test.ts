/**
 * The map of the off-plan projects (decisions 121-124) on the running app: the clusters and single
 * projects of a bbox add up to the listing's total for the same filters inside it, whatever the filter;
 * bbox as a filter of the listing and its facets; near with distance_km and sort=distance; the 422s in
 * both languages; edge caching as the listing's and the same bytes on the fast lane.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, getStrapi, http } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { fastLaneAnswers } from '../helpers/lane-count';

interface Placed {
  id: string;
  coordinates: { latitude: number; longitude: number } | null;
}
interface Feature {
  id: string | number;
  properties: { cluster?: true; point_count?: number; id?: string; price_range?: { min: number | null; max: number | null; currency: string } };
  geometry: { coordinates: [number, number] };
}

const UAE = '51,22,56.5,26.5';
const DUBAI = '54.9,24.8,55.6,25.4';

let strapi: Core.Strapi;
let projects: Placed[];

beforeAll(async () => {
  strapi = await getStrapi();
  // Where each project is, as the listing's index holds it (the cards carry no coordinates).
  const service = strapi.service('api::off-plan.off-plan') as { projectIndex(): Promise<{ projects: Placed[] }> };
  projects = (await service.projectIndex()).projects;
});

const get = async (target: string, headers: Record<string, string> = {}) => {
  const res = await checked((await http()).get(target).set(headers));
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return res;
};
const map = async (query: string) => (await get(`/api/v1/off-plan/projects/map?${query}`)).body.data as { type: string; total: number; zoom: number; features: Feature[]; applied_filters: Record<string, unknown> };
const listing = async (query: string) => (await get(`/api/v1/off-plan/projects?${query}`)).body.data;
const counted = (features: Feature[]) => features.reduce((sum, f) => sum + (f.properties.cluster ? f.properties.point_count! : 1), 0);
const inside = (project: Placed, bbox: string) => {
  const [west, south, east, north] = bbox.split(',').map(Number);
  const at = project.coordinates;
  return at !== null && at.longitude >= west && at.longitude <= east && at.latitude >= south && at.latitude <= north;
};

describe('GET /api/v1/off-plan/projects/map', () => {
  it('maps every project with coordinates in the whole UAE at zoom 7 as clusters and single projects, the counts adding up', async () => {
    const data = await map(`bbox=${UAE}&zoom=7`);
    const placed = projects.filter((project) => inside(project, UAE)).length;
    expect(data).toMatchObject({ type: 'FeatureCollection', zoom: 7, total: placed, applied_filters: { bbox: [51, 22, 56.5, 26.5] } });
    expect(counted(data.features)).toBe(placed);
    expect(data.features.some((f) => f.properties.cluster)).toBe(true);
    expect((await listing(`bbox=${UAE}&per_page=1`)).properties.total).toBe(placed);
    const cluster = data.features.find((f) => f.properties.cluster)!;
    expect(cluster.properties).toMatchObject({ point_count: expect.any(Number), expansion_zoom: expect.any(Number), price_range: { currency: 'AED' } });
  });

  it.each([
    'state_id=DU', 'developer_id=1', 'completion_year=2027', 'project_name=residences', 'min_price=1000000&max_price=4000000',
    'property_type=Villa,Townhouse', 'bedrooms=2,3', 'amenities=Pool', 'area=2BR', 'min_area=800&max_area=2000', 'location=dubai',
    'currency=USD&min_price=300000', 'state_id=DU&bedrooms=1&currency=GBP',
  ])('with %s: the same count as the listing inside the bbox, at every zoom', async (filters) => {
    for (const [bbox, zoom] of [[UAE, 7], [DUBAI, 12], ['55.1,25,55.25,25.15', 15]] as const) {
      const data = await map(`bbox=${bbox}&zoom=${zoom}&${filters}`);
      const { properties } = await listing(`bbox=${bbox}&per_page=1&${filters}`);
      expect(counted(data.features), `${filters} ${bbox} ${zoom}`).toBe(properties.total);
      expect(data.total).toBe(properties.total);
    }
  });

  it('shows single projects with their id, name, price in the currency, image and emirate; in Arabic with Arabic words', async () => {
    // Around a Dubai project, at a zoom where every project stands alone (17: at most 0.044 degrees).
    const { latitude, longitude } = projects.find((project) => project.coordinates && inside(project, DUBAI))!.coordinates!;
    const bbox = [longitude - 0.02, latitude - 0.02, longitude + 0.02, latitude + 0.02].map((value) => value.toFixed(4)).join(',');
    const data = await map(`bbox=${bbox}&zoom=17&currency=USD`);
    const ids = data.features.map((f) => f.properties.id);
    expect(data.features.every((f) => !f.properties.cluster)).toBe(true);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set(projects.filter((project) => inside(project, bbox)).map((project) => project.id)));
    expect(data.features[0].properties).toMatchObject({ price: { currency: expect.stringMatching(/USD|AED/) }, state_id: 'DU', state_name: 'Dubai' });
    const arabic = await get(`/api/v1/off-plan/projects/map?bbox=${bbox}&zoom=17&locale=ar`);
    expect(arabic.body.message).toBe('تم جلب خريطة المشاريع بنجاح');
    expect(arabic.body.data.features[0].properties.state_name).toBe('دبي');
  });

  it.each([
    ['', { bbox: ['The bbox is required: west,south,east,north in degrees.'], zoom: ['The zoom must be a whole number from 0 to 20.'] }],
    [`bbox=${UAE}&zoom=21`, { zoom: ['The zoom must be a whole number from 0 to 20.'] }],
    [`bbox=${UAE}&zoom=12`, { bbox: ['The bbox is too large for zoom 12: at most 1.40625 degrees wide and tall.'] }],
    ['bbox=55,26,56,25&zoom=7', { bbox: [expect.stringContaining('south at most north')] }],
    ['bbox=55,25,190,26&zoom=2&min_price=x', { bbox: [expect.stringContaining('four numbers')], min_price: ['The min price must be a number of at least 0.'] }],
    ['bbox=55,25,56&zoom=7', { bbox: [expect.stringContaining('four numbers')] }],
  ])('refuses %j with a 422 naming each bad parameter', async (query, errors) => {
    const res = await checkedError((await http()).get(`/api/v1/off-plan/projects/map?${query}`), 422, 'VALIDATION_FAILED');
    expect(res.body.errors).toEqual(errors);
  });

  it('refuses in Arabic for ?locale=ar', async () => {
    const res = await checkedError((await http()).get(`/api/v1/off-plan/projects/map?bbox=${UAE}&zoom=12&locale=ar`), 422, 'VALIDATION_FAILED');
    expect(res.body.errors).toEqual({ bbox: ['نطاق الخريطة أكبر مما يناسب مستوى التكبير 12: 1.40625 درجة على الأكثر عرضًا وارتفاعًا.'] });
  });

  it('is edge-cached and purged as the listing is, and answered with the same bytes by the fast lane', async () => {
    const target = `/api/v1/off-plan/projects/map?bbox=${DUBAI}&zoom=12&min_price=1000000`;
    const viaStrapi = await get(target, { Origin: 'https://www.example.com' });
    const before = await fastLaneAnswers();
    const fast = await get(target);
    expect(await fastLaneAnswers()).toBe(before + 1);
    expect(fast.text).toBe(viaStrapi.text);
    expect(fast.headers.etag).toBe(viaStrapi.headers.etag);
    const listingAnswer = await get('/api/v1/off-plan/projects?page=3');
    for (const header of ['cache-control', 'surrogate-key']) expect(fast.headers[header], header).toBe(listingAnswer.headers[header]);
    expect(fast.headers['surrogate-key']).toBe('projects offplan-page media');
  });

  it('answers a query string asked before from its kept answer, until the currency view it was rendered in is replaced', async () => {
    const target = `/api/v1/off-plan/projects/map?bbox=${UAE}&zoom=7&currency=USD`;
    const cheapest = (res: { body: { data: { features: Feature[] } } }) => res.body.data.features.find((f) => f.properties.price_range?.min)!.properties.price_range!.min!;
    const dollars = cheapest(await get(target));
    const before = await fastLaneAnswers();
    expect(cheapest(await get(target))).toBe(dollars);
    expect(await fastLaneAnswers()).toBe(before + 1);
    // New rates, and the USD view of the index made again from them (as an hour's refresh of the rates would).
    const rates = strapi.config.get('plugin::extsource.currencyRates');
    const { cache } = appModule<{ cache: { delete(key: string): void } }>('src/lib/cache/index');
    const { currencyCacheKey } = appModule<{ currencyCacheKey(currency: string, locale: string): string }>('src/api/off-plan/services/off-plan-cache');
    try {
      strapi.config.set('plugin::extsource.currencyRates', { USD: 3.6725 * 2 });
      cache.delete(currencyCacheKey('USD', 'en'));
      const halved = cheapest(await get(target));
      expect(halved).toBeLessThan(dollars);
      expect(cheapest(await get(target)), 'the lane, after the full path made the new view').toBe(halved);
    } finally {
      strapi.config.set('plugin::extsource.currencyRates', rates);
      cache.delete(currencyCacheKey('USD', 'en'));
    }
  });
});

describe('bbox on the listing ("search as I move the map")', () => {
  it('lists only the projects inside, and counts the facets and emirates inside it', async () => {
    const all = await listing('per_page=1');
    const data = await listing(`bbox=${DUBAI}&per_page=100`);
    const expected = projects.filter((project) => inside(project, DUBAI)).map((project) => project.id);
    expect(data.properties.total).toBe(expected.length);
    expect(data.properties.total).toBeLessThan(all.properties.total);
    expect(new Set(data.properties.data.map((card: { id: string }) => card.id))).toEqual(new Set(expected));
    expect(data.applied_filters).toEqual({ bbox: [54.9, 24.8, 55.6, 25.4] });
    expect(data.counts_by_state.reduce((sum: number, entry: { count: number }) => sum + entry.count, 0)).toBe(expected.length);
    expect(data.filters.facets.property_type.Apartment + data.filters.facets.property_type.Villa).toBe(expected.length);
    expect(data.filters.facets.property_type.Apartment).toBeLessThanOrEqual(all.filters.facets.property_type.Apartment);
    const villas = await listing(`bbox=${DUBAI}&property_type=Villa&per_page=1`);
    expect(villas.properties.total).toBe(data.filters.facets.property_type.Villa);
  });

  it('refuses a bad bbox with a 422, and keeps every answer without one as it was', async () => {
    const res = await checkedError((await http()).get('/api/v1/off-plan/projects?bbox=1,2,3,x'), 422, 'VALIDATION_FAILED');
    expect(Object.keys(res.body.errors)).toEqual(['bbox']);
    const plain = await listing('per_page=3');
    expect(plain.applied_filters).toEqual({});
    expect(JSON.stringify(plain.properties.data)).not.toContain('distance_km');
  });
});

describe('near: distance on each card, sort=distance', () => {
  const near = '25.08,55.14';
  const km = ({ latitude, longitude }: { latitude: number; longitude: number }) => {
    const rad = Math.PI / 180;
    const h = Math.sin(((latitude - 25.08) * rad) / 2) ** 2 + Math.cos(25.08 * rad) * Math.cos(latitude * rad) * Math.sin(((longitude - 55.14) * rad) / 2) ** 2;
    return 6371 * 2 * Math.asin(Math.sqrt(h));
  };

  it('lists nearest first, each card with its distance, projects without coordinates last with none', async () => {
    const cards: Array<{ id: string; distance_km: number | null }> = [];
    for (let page = 1; page <= 2; page += 1) cards.push(...(await listing(`near=${near}&sort=distance&per_page=100&page=${page}`)).properties.data);
    expect(cards).toHaveLength(projects.length);
    const byId = new Map(projects.map((project) => [project.id, project]));
    const placed = cards.filter((card) => card.distance_km !== null);
    expect(placed.length).toBe(projects.filter((project) => project.coordinates).length);
    expect(cards.slice(placed.length).every((card) => card.distance_km === null && byId.get(card.id)!.coordinates === null)).toBe(true);
    const distances = placed.map((card) => card.distance_km!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const card of placed) expect(Math.abs(card.distance_km! - km(byId.get(card.id)!.coordinates!))).toBeLessThan(0.01);
  });

  it('adds distances to any sort and filter, and keeps the order of that sort', async () => {
    const plain = await listing('state_id=DU&sort=price_asc');
    const withNear = await listing(`state_id=DU&sort=price_asc&near=${near}`);
    expect(withNear.properties.data.map(({ distance_km: _, ...card }: { distance_km: number }) => card)).toEqual(plain.properties.data);
    expect(withNear.properties.data.every((card: { distance_km: unknown }) => card.distance_km === null || typeof card.distance_km === 'number')).toBe(true);
  });

  it('refuses sort=distance without near, and a bad near, in the request\'s language', async () => {
    const without = await checkedError((await http()).get('/api/v1/off-plan/projects?sort=distance'), 422, 'VALIDATION_FAILED');
    expect(without.body.errors).toEqual({ sort: ['Sorting by distance needs near=lat,lng.'] });
    const bad = await checkedError((await http()).get('/api/v1/off-plan/projects?near=95,55&sort=distance&locale=ar'), 422, 'VALIDATION_FAILED');
    expect(bad.body.errors).toEqual({ near: ['يجب أن يكون الموقع القريب رقمين بالدرجات: دائرة العرض من -90 إلى 90 ثم خط الطول من -180 إلى 180.'] });
  });
});
