/**
 * The agency's own listings on the public routes (issue 43), synced from the fake Goyzer on the run's
 * database: a page of each purpose holds exactly the active listings that may be advertised (a Dubai
 * listing needs its permit unless PROPERTIES_REQUIRE_PERMIT is off, and the plugin's page says why);
 * every facet count is the total the listing gives when that option is chosen; sorts, the location search, both languages; a listing by
 * its slug or its reference; a sold one a 410 with similar listings, for 30 days; a renamed listing's
 * former slug a 301; a sync's change in the answers at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, appModule, generatedData, getStrapi, http } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { listingsFromFakeGoyzer } from '../helpers/fake-goyzer';

const PROPERTY = 'plugin::extsource.property';
const FACETS = ['property_type', 'bedrooms', 'bathrooms', 'furnishing', 'completion_status'] as const;

type Card = { id: number; slug: string; reference: string; title: string; purpose: string; price: { amount: number | null; period: string | null }; area: { sqft: number | null }; state_id: string | null; state_name: string | null; permit_number: string | null };
type Page = { purpose: string; listings: { total: number; data: Card[] }; facets: Record<string, Record<string, number>>; counts_by_state: Array<{ state_id: string; count: number }> };
type Row = { reference: string; listing_type: string; state_id: string | null; permit_number: string | null };

let strapi: Core.Strapi;
let restoreListings: () => Promise<void>;
const units = generatedData({ projects: 0, sales: 240, rentals: 120 }).listings;
/** Dubai units whose permit the feed leaves out: kept by the sync, never advertised while the rule holds. */
const unpermitted = units.sales.filter((unit) => unit.StateName === 'Dubai' && unit.Status === 'Available').slice(0, 3);
for (const unit of unpermitted) Object.assign(unit, { PermitNumber: '', ReraStrNo: '' });

const listingsService = () =>
  appModule<typeof import('../../src/api/properties/services/properties')>('src/api/properties/services/properties').propertiesService(strapi);

/** A sync run, and the listings' index it changed built again (off the request path, decision 155). */
async function sync(): Promise<void> {
  await strapi.plugin('extsource').service('sync').run('all', 'manual');
  await listingsService().rebuilt();
}

async function list(query: Record<string, string | number>, locale?: string): Promise<Page> {
  const { body } = await checked((await http()).get('/api/v1/properties').query({ ...query, ...(locale ? { locale } : {}) }));
  return body.data as Page;
}

/** The active rows of a purpose that may be advertised, as the routes must list them. */
async function advertised(purpose: 'sale' | 'rent', requirePermit = true): Promise<Row[]> {
  const rows = (await strapi.db.query(PROPERTY).findMany({ where: { provider: 'goyzer', status: 'active', listing_type: purpose } })) as Row[];
  return rows.filter((row) => !requirePermit || row.state_id !== 'DU' || (row.permit_number ?? '').trim() !== '');
}

/** Drops what is built from the listings, as a sync run that changed one does, and waits for its rebuild. */
const dropListings = async () => {
  const { invalidate } = appModule<typeof import('../../src/lib/cache')>('src/lib/cache');
  await invalidate(strapi, ['listings']);
  await listingsService().rebuilt();
};

beforeAll(async () => {
  strapi = await getStrapi();
  restoreListings = (await listingsFromFakeGoyzer(strapi, units)).restore;
  await sync();
});
afterAll(async () => {
  strapi.config.set('properties.requirePermit', true);
  await restoreListings();
});

describe('GET /api/v1/properties', () => {
  it('refuses a missing or unknown purpose, and every bad value, in one 422 naming each', async () => {
    const missing = await checkedError((await http()).get('/api/v1/properties'), 422, 'VALIDATION_FAILED');
    expect(missing.body.errors).toEqual({ purpose: ['The purpose is required and must be one of: sale, rent.'] });
    const bad = await checkedError(
      (await http()).get('/api/v1/properties').query({ purpose: 'lease', page: '0', per_page: '101', sort: 'cheapest', bathrooms: '0', furnishing: 'partly', min_price: '-1', min_area: '9', max_area: '3', state_id: 'XX' }),
      422,
      'VALIDATION_FAILED'
    );
    expect(Object.keys(bad.body.errors).sort()).toEqual(['bathrooms', 'furnishing', 'max_area', 'min_price', 'page', 'per_page', 'purpose', 'sort', 'state_id']);
    // The off-plan listing's wording where the rule is the same.
    expect(bad.body.errors.page).toEqual(['The page must be an integer of at least 1.']);
    expect(bad.body.errors.max_area).toEqual(['The max area must be greater than or equal to the min area.']);
    const arabic = await checkedError((await http()).get('/api/v1/properties').query({ locale: 'ar' }), 422, 'VALIDATION_FAILED');
    expect(arabic.body.errors.purpose[0]).toMatch(/^الغرض مطلوب/);
  });

  it.each(['sale', 'rent'] as const)('lists exactly the %s listings that may be advertised, counted by emirate', async (purpose) => {
    const rows = await advertised(purpose);
    const page = await list({ purpose, per_page: 100 });
    expect(page.listings.total).toBe(rows.length);
    expect(page.listings.data.every((card) => card.purpose === purpose)).toBe(true);
    expect(page.counts_by_state.reduce((sum, { count }) => sum + count, 0)).toBe(rows.filter((row) => row.state_id).length);
    const references = new Set(rows.map((row) => row.reference));
    expect(page.listings.data.every((card) => references.has(card.reference))).toBe(true);
    for (const card of page.listings.data) expect(card.price.period).toBe(purpose === 'rent' ? 'year' : null);
  });

  it('keeps a Dubai listing without its permit off the routes, and lists it when PROPERTIES_REQUIRE_PERMIT is off', async () => {
    const reference = String(unpermitted[0].RefNo);
    const all = async () => (await list({ purpose: 'sale', per_page: 100, location: String(unpermitted[0].Community) })).listings.data.map((card) => card.reference);
    expect(await all()).not.toContain(reference);
    await checkedError((await http()).get(`/api/v1/properties/${reference}`), 404, 'NOT_FOUND');
    // Editors see why in the plugin's page (the sample provider's rows of the same references: not the provider configured).
    const inAdmin = async (provider = 'goyzer') => {
      const rows = (await (await http()).get(`/extsource/properties?q=${encodeURIComponent(reference)}&per_page=100`).set('Authorization', `Bearer ${await adminToken()}`)).body.data as Array<{ id: number; reference: string; off_site: string | null }>;
      const stored = await strapi.db.query(PROPERTY).findOne({ where: { provider, reference } });
      return rows.find((row) => row.id === stored.id)!;
    };
    expect(await inAdmin()).toMatchObject({ reference, status: 'active', off_site: expect.stringMatching(/RERA permit/) });
    expect((await inAdmin('sample')).off_site).toMatch(/^Not on the website: synced from sample, not the listings provider now configured \(goyzer\)/);
    strapi.config.set('properties.requirePermit', false);
    await dropListings();
    try {
      expect((await list({ purpose: 'sale' })).listings.total).toBe((await advertised('sale', false)).length);
      expect(await all()).toContain(reference);
      const { body } = await checked((await http()).get(`/api/v1/properties/${reference}`));
      expect(body.data.permit_number).toBeNull();
      expect((await inAdmin()).off_site).toBeNull();
    } finally {
      strapi.config.set('properties.requirePermit', true);
      await dropListings();
    }
  });

  it('counts each facet option as the total its choice gives, over every other filter', async () => {
    const filters: Array<Record<string, string | number>> = [{}, { state_id: 'DU' }, { bedrooms: '2', furnishing: 'furnished' }, { min_price: 500000, max_price: 5000000, property_type: 'Apartment,Villa' }];
    for (const purpose of ['sale', 'rent']) {
      for (const filter of filters) {
        const page = await list({ purpose, per_page: 1, ...filter });
        for (const facet of FACETS) {
          for (const [option, count] of Object.entries(page.facets[facet])) {
            const chosen = await list({ purpose, per_page: 1, ...filter, [facet]: option });
            expect(chosen.listings.total, `${purpose} ${JSON.stringify(filter)} ${facet}=${option}`).toBe(count);
          }
        }
      }
    }
  });

  it('sorts by price and area with the listings lacking one last, and finds places in both languages', async () => {
    const byPrice = (await list({ purpose: 'sale', sort: 'price_asc', per_page: 100 })).listings.data.map((card) => card.price.amount);
    const priced = byPrice.filter((amount): amount is number => amount !== null);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    expect(byPrice.slice(priced.length).every((amount) => amount === null)).toBe(true);
    const byArea = (await list({ purpose: 'rent', sort: 'area_desc', per_page: 100 })).listings.data.map((card) => card.area.sqft ?? -1);
    expect(byArea).toEqual([...byArea].sort((a, b) => b - a));

    const community = String(units.rentals[0].Community);
    const found = await list({ purpose: 'rent', location: community, per_page: 100 });
    expect(found.listings.total).toBeGreaterThan(0);
    const arabic = await list({ purpose: 'rent', location: community, per_page: 100 }, 'ar');
    expect(arabic.listings.total).toBe(found.listings.total);
    const dubai = arabic.listings.data.find((card) => card.state_id === 'DU');
    if (dubai) expect(dubai.state_name).toBe('دبي');
  });
});

describe('the listings on a map: GET /api/v1/properties/map, bbox and near', () => {
  const DUBAI = '54.9,24.8,55.6,25.4';
  type Feature = { properties: { cluster?: boolean; point_count?: number; reference?: string; purpose?: string } };

  it('counts on the map exactly the listing\'s total for the same purpose, filters and box, clusters and markers together', async () => {
    const cases = [['sale', '9', DUBAI, {}], ['rent', '12', '55.1,25.0,55.3,25.2', { bedrooms: '1,2' }], ['sale', '14', '55.1,25.0,55.4,25.3', { state_id: 'DU' }]] as const;
    for (const [purpose, zoom, bbox, filters] of cases) {
      const { body } = await checked((await http()).get('/api/v1/properties/map').query({ purpose, bbox, zoom, ...filters }));
      const listed = await list({ purpose, bbox, per_page: 1, ...filters });
      expect(body.data.total, `${purpose} ${zoom}`).toBe(listed.listings.total);
      const features = body.data.features as Feature[];
      expect(features.reduce((sum, { properties }) => sum + (properties.cluster ? properties.point_count! : 1), 0)).toBe(listed.listings.total);
      expect(features.filter(({ properties }) => !properties.cluster).every(({ properties }) => properties.purpose === purpose)).toBe(true);
    }
    expect((await list({ purpose: 'sale', bbox: DUBAI, per_page: 1 })).listings.total).toBeGreaterThan(0);
  });

  it('refuses a map without purpose, bbox or zoom, or a box too large for its zoom, naming each', async () => {
    const missing = await checkedError((await http()).get('/api/v1/properties/map').query({ bedrooms: 'many' }), 422, 'VALIDATION_FAILED');
    expect(Object.keys(missing.body.errors).sort()).toEqual(['bbox', 'bedrooms', 'purpose', 'zoom']);
    const large = await checkedError((await http()).get('/api/v1/properties/map').query({ purpose: 'rent', bbox: '54,24,56,26', zoom: '12' }), 422, 'VALIDATION_FAILED');
    expect(large.body.errors).toEqual({ bbox: ['The bbox is too large for zoom 12: at most 1.40625 degrees wide and tall.'] });
  });

  it('adds distance_km to each card with near, and sorts nearest first only with it', async () => {
    const page = await list({ purpose: 'sale', near: '25.08,55.14', sort: 'distance', per_page: 100 });
    const distances = (page.listings.data as Array<Card & { distance_km: number | null }>).map((card) => card.distance_km);
    const placed = distances.filter((km): km is number => km !== null);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed).toEqual([...placed].sort((a, b) => a - b));
    expect(distances.slice(placed.length).every((km) => km === null)).toBe(true);
    const refused = await checkedError((await http()).get('/api/v1/properties').query({ purpose: 'sale', sort: 'distance', bbox: '56,25,55,26' }), 422, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual({ sort: ['Sorting by distance needs near=lat,lng.'], bbox: [expect.stringMatching(/^The bbox must be four numbers/)] });
  });
});

describe('the listings in another currency', () => {
  it('shows prices in USD or GBP, filters them as shown, and refuses another currency', async () => {
    const aed = await list({ purpose: 'sale', sort: 'price_asc', per_page: 100 });
    const usd = await list({ purpose: 'sale', sort: 'price_asc', per_page: 100, currency: 'usd' });
    expect(usd.listings.data.map((card) => card.reference)).toEqual(aed.listings.data.map((card) => card.reference));
    const priced = usd.listings.data.filter((card) => card.price.amount !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const card of priced) expect(card.price).toMatchObject({ currency: 'USD', formatted: expect.stringMatching(/^USD /) });
    // Every sale card in USD, a page at a time: the filter in USD counts exactly those shown at most its bound.
    const pages = Math.ceil(usd.listings.total / 100);
    const all = (await Promise.all(Array.from({ length: pages }, (_, i) => list({ purpose: 'sale', sort: 'price_asc', per_page: 100, page: i + 1, currency: 'USD' })))).flatMap((page) => page.listings.data);
    const middle = priced[Math.floor(priced.length / 2)].price.amount!;
    const cheaper = await list({ purpose: 'sale', per_page: 100, currency: 'USD', max_price: middle });
    expect(cheaper.listings.total).toBe(all.filter((card) => card.price.amount !== null && card.price.amount <= middle).length);
    expect(cheaper.listings.data.every((card) => card.price.amount !== null && card.price.amount <= middle)).toBe(true);
    const { body } = await checked((await http()).get('/api/v1/properties/map').query({ purpose: 'sale', bbox: '51,22,56.5,26.5', zoom: '7', currency: 'GBP' }));
    const clusters = (body.data.features as Array<{ properties: { cluster?: boolean; price_range?: { currency: string } } }>).filter((feature) => feature.properties.cluster);
    expect(clusters.every((feature) => feature.properties.price_range!.currency === 'GBP')).toBe(true);
    const bad = await checkedError((await http()).get('/api/v1/properties').query({ purpose: 'sale', currency: 'EUR' }), 422, 'VALIDATION_FAILED');
    expect(bad.body.errors).toEqual({ currency: ['The currency must be one of: AED, GBP, USD.'] });
  });
});

describe('GET /api/v1/properties/filters', () => {
  it('gives the options, ranges and counts of one purpose, and a 422 without one', async () => {
    const { body } = await checked((await http()).get('/api/v1/properties/filters').query({ purpose: 'rent' }));
    expect(body.data.total).toBe((await advertised('rent')).length);
    expect(body.data.sort_options.map((option: { value: string }) => option.value)).toEqual(['newest', 'price_asc', 'price_desc', 'area_asc', 'area_desc']);
    await checkedError((await http()).get('/api/v1/properties/filters'), 422, 'VALIDATION_FAILED');
  });
});

describe('GET /api/v1/properties/{key}', () => {
  it('answers a listing by its slug and by its reference with the same bytes, with up to six similar listings of its purpose', async () => {
    const [card] = (await list({ purpose: 'sale', per_page: 1 })).listings.data;
    const bySlug = await checked((await http()).get(`/api/v1/properties/${card.slug}`));
    const byReference = await checked((await http()).get(`/api/v1/properties/${card.reference}`));
    expect(byReference.text).toBe(bySlug.text);
    expect(bySlug.body.data).toMatchObject({ id: card.id, slug: card.slug, reference: card.reference });
    expect(bySlug.body.data.similar.length).toBeGreaterThan(0);
    expect(bySlug.body.data.similar.length).toBeLessThanOrEqual(6);
    expect(bySlug.body.data.similar.every((other: Card) => other.purpose === 'sale' && other.id !== card.id)).toBe(true);
    const arabic = await checked((await http()).get(`/api/v1/properties/${card.slug}`).query({ locale: 'ar' }));
    expect(arabic.body.data.title).toMatch(/[\u0600-\u06FF]/);
    expect(arabic.body.data.canonical_url).toMatch(/\/ar\/properties\//);
  });

  it('answers 404 for what names no listing', async () => {
    const res = await checkedError((await http()).get('/api/v1/properties/no-such-home'), 404, 'NOT_FOUND');
    expect(res.body.message).toBe('No listing with slug or reference "no-such-home"');
  });

  it('answers 410 GONE, with its slug and similar listings, for a listing sold within PROPERTIES_GONE_DAYS, then 404', async () => {
    const unit = units.sales.filter((candidate) => candidate.Status === 'Available' && candidate.StateName !== 'Dubai')[1];
    const reference = String(unit.RefNo);
    const { slug } = (await checked((await http()).get(`/api/v1/properties/${reference}`))).body.data;
    unit.Status = 'Sold';
    await sync();
    for (const key of [slug, reference]) {
      const gone = await checked((await http()).get(`/api/v1/properties/${key}`).query({ locale: 'ar' }));
      expect(gone.status).toBe(410);
      expect(gone.body).toMatchObject({ success: false, status_code: 410, error_code: 'GONE', data: { slug, reference } });
      expect(gone.body.message).toMatch(/لم يعد معروضًا/);
      expect(gone.body.data.similar.length).toBeGreaterThan(0);
      expect(gone.body.data.similar.every((card: Card) => card.purpose === 'sale' && card.reference !== reference)).toBe(true);
    }
    expect((await list({ purpose: 'sale', per_page: 100, location: String(unit.Community) })).listings.data.map((card) => card.reference)).not.toContain(reference);
    // Sold 31 days ago: no longer remembered.
    await strapi.db.query(PROPERTY).updateMany({ where: { provider: 'goyzer', reference }, data: { deactivated_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) } });
    await dropListings();
    await checkedError((await http()).get(`/api/v1/properties/${slug}`), 404, 'NOT_FOUND');
    unit.Status = 'Available';
    await sync();
    expect((await checked((await http()).get(`/api/v1/properties/${slug}`))).body.data.reference).toBe(reference);
  });

  it('builds the index again after a sync that changed a listing, before anyone asks, answering from the previous one meanwhile', async () => {
    const { cache } = appModule<typeof import('../../src/lib/cache')>('src/lib/cache');
    const before = cache.peek('listings:index');
    expect(before).toBeDefined();
    const unit = units.rentals.find((candidate) => candidate.Status === 'Available')!;
    unit.Rent = String(Number(unit.Rent || 100000) + 1000);
    await strapi.plugin('extsource').service('sync').run('rentals', 'manual');
    // The previous index answers until the new one is built (no request waits for the build).
    expect((await list({ purpose: 'rent', per_page: 1 })).listings.total).toBeGreaterThan(0);
    await listingsService().rebuilt();
    const after = cache.peek('listings:index');
    expect(after).toBeDefined();
    expect(after!.value).not.toBe(before!.value);
    expect(cache.peek('listings:index:ar')).toBeDefined();
  });

  it('answers from an index a rebuild is replacing with an interim answer\'s short edge lifetime, the usual one again once built', async () => {
    const { cache } = appModule<typeof import('../../src/lib/cache')>('src/lib/cache');
    const [card] = (await list({ purpose: 'sale', per_page: 1 })).listings.data;
    const routes = ['/api/v1/properties?purpose=sale&per_page=1', '/api/v1/properties/filters?purpose=sale', `/api/v1/properties/${card.slug}`];
    const cacheControl = async (route: string) => (await checked((await http()).get(route))).headers['cache-control'];
    const usual = await Promise.all(routes.map(cacheControl));
    // As after a sync's invalidation, before the rebuild it starts has ended: the previous index answers.
    cache.delete('listings:index');
    for (const route of routes) expect(await cacheControl(route), route).toBe('public, max-age=0, s-maxage=5');
    expect((await checked((await http()).get(routes[2]))).headers['surrogate-key']).toContain(`listing-${encodeURIComponent(card.reference)}`);
    listingsService().rebuild();
    await listingsService().rebuilt();
    expect(await Promise.all(routes.map(cacheControl))).toEqual(usual);
  });

  it('moves a renamed listing to a new slug, its former one a 301 naming it; a sync\'s new price is in the answer at once', async () => {
    const unit = units.sales.find((candidate) => candidate.Status === 'Available' && candidate.StateName !== 'Dubai')!;
    const reference = String(unit.RefNo);
    const before = (await checked((await http()).get(`/api/v1/properties/${reference}`))).body.data;
    unit.MarketingTitle = `Renovated ${String(unit.MarketingTitle)}`;
    unit.SellPrice = '4321000.0000';
    await sync();
    const after = (await checked((await http()).get(`/api/v1/properties/${reference}`))).body.data;
    expect(after.slug).not.toBe(before.slug);
    expect(after.slug).toMatch(/^renovated-/);
    expect(after.price.amount).toBe(4321000);
    const moved = await checked((await http()).get(`/api/v1/properties/${before.slug}`).query({ locale: 'ar' }).redirects(0));
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/api/v1/properties/${after.slug}?locale=ar`);
    expect(moved.body.data).toMatchObject({ id: after.id, slug: after.slug });
  });
});
