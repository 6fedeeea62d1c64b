import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bboxFitsZoom, maxSpan, readBbox, readNear, readZoom, type Bbox } from '../../src/lib/catalogue/geo-query';
import { renderMapAnswer } from '../../src/lib/catalogue/engine/map-answer';
import { currencyView as engineCurrencyView } from '../../src/lib/catalogue/engine/currency';
import { PROJECT_VIEWS } from '../../src/api/off-plan/lib/project-views';
import { buildIndex, search } from '../../src/api/off-plan/lib/project-catalogue';
import { prepareIndex, preparePage, renderListing } from '../../src/api/off-plan/lib/listing-response';
import { buildPageContent } from '../../src/api/off-plan/lib/page-content';
import { parseListingQuery, parseMapQuery, type Filters, type ListingQuery } from '../../src/api/off-plan/lib/query';
import { listingQueryString } from '../../src/api/off-plan/lib/query-form';
import { BEDROOMS, PROPERTY_TYPES } from '../../src/api/catalogues/services/vocabulary';
import { AMENITIES } from '../../src/api/off-plan/lib/options';
import type { NormalisedProject } from '../../src/plugins/extsource/server/src/mapping/types';

const RATES = { USD: 3.6725, GBP: 4.9 };
const currencyView = (index: ReturnType<typeof buildIndex>, currency: 'AED' | 'USD' | 'GBP', rates: Record<string, number>) => engineCurrencyView(index, PROJECT_VIEWS, currency, rates);

type Spec = Omit<Partial<NormalisedProject>, 'price'> & { price?: number | null; at?: [lat: number, lng: number] | null };

function project(id: string, { price = 1_000_000, at = null, ...rest }: Spec = {}): NormalisedProject {
  return {
    id, ref_no: `OP-${id}`, name: `Project ${id}`, location: '', developer: { id: 1, name: 'Dev', slug: 'dev', logo: '' },
    bedrooms: { label: '', types: [] }, price: { starting_from: price, formatted: price === null ? 'Price on request' : `AED ${price}`, currency: 'AED' },
    completion: { date: 'Q2 2028', year: '2028' }, image: `https://img.example/${id}.jpg`, images: [], state_id: 'DU', state_name: 'Dubai', city: 'Dubai',
    community: '', community_id: '', sub_community: '', category: 'Apartment', status: 'Off-Plan', agent: { name: '', phone: '' },
    badge: '', address: '', specs: { beds: '', bathrooms: '', area: '' }, description: '', apartments: [], facilities: [],
    coordinates: at && { latitude: at[0], longitude: at[1] }, gallery: [], payment_plans: [], completion_sort: '2028-06', property_types: [],
    size_range_sqft: null, ...rest,
  };
}

const UAE: Bbox = [51, 22, 56.5, 26.5];
const DUBAI: Bbox = [54.9, 24.8, 55.6, 25.4];

describe('the bbox, zoom and near rules', () => {
  it.each([
    ['55.1,25.0,55.4,25.3', [55.1, 25, 55.4, 25.3]], [' -180 , -90 , 180 , 90 ', [-180, -90, 180, 90]], ['55,25,55,25', [55, 25, 55, 25]],
    ['55.1,25.3,55.4,25.0', null], ['55.4,25.0,55.1,25.3', null], ['55,25,56', null], ['55,25,56,26,27', null], ['a,b,c,d', null],
    ['-181,0,0,1', null], ['0,-91,1,0', null], ['0,0,181,1', null], ['0,0,1,91', null], ['1e1,0,20,1', null], ['Infinity,0,1,1', null], ['55,,56,26', null],
  ] as const)('bbox %j is %j', (text, bbox) => expect(readBbox(text)).toEqual(bbox));

  it.each([['0', 0], ['7', 7], ['20', 20], ['21', null], ['-1', null], ['7.5', null], ['', null], ['07', 7], ['x', null]] as const)('zoom %j is %j', (text, zoom) =>
    expect(readZoom(text)).toBe(zoom));

  it.each([['25.2,55.3', [25.2, 55.3]], ['-90,180', [-90, 180]], ['91,55', null], ['25,181', null], ['25', null], ['25,55,1', null], ['lat,lng', null]] as const)(
    'near %j is %j', (text, near) => expect(readNear(text)).toEqual(near));

  it('lets a map show sixteen tiles on either axis at its zoom: the whole UAE at zoom 7, the whole of Dubai at zoom 12', () => {
    expect([maxSpan(0), maxSpan(4), maxSpan(5), maxSpan(7), maxSpan(12)]).toEqual([360, 360, 180, 45, 1.40625]);
    expect(bboxFitsZoom(UAE, 7)).toBe(true);
    expect(bboxFitsZoom(DUBAI, 12)).toBe(true);
    expect(bboxFitsZoom([54, 24, 55.5, 25], 12)).toBe(false);
    expect(bboxFitsZoom([55, 24, 55.5, 25.5], 12)).toBe(false);
    expect(bboxFitsZoom([-180, -90, 180, 90], 0)).toBe(true);
  });

  it('reports each bad map parameter in the request\'s language, with the listing\'s own', () => {
    expect(parseMapQuery({})).toEqual({ ok: false, errors: { zoom: ['The zoom must be a whole number from 0 to 20.'], bbox: ['The bbox is required: west,south,east,north in degrees.'] } });
    expect(parseMapQuery({ bbox: '55,26,56,25', zoom: '25', min_price: 'x' })).toEqual({
      ok: false,
      errors: {
        min_price: ['The min price must be a number of at least 0.'],
        bbox: ['The bbox must be four numbers west,south,east,north in degrees: longitudes from -180 to 180, latitudes from -90 to 90, south at most north and west at most east.'],
        zoom: ['The zoom must be a whole number from 0 to 20.'],
      },
    });
    expect(parseMapQuery({ bbox: '54,24,56,26', zoom: '12' })).toEqual({ ok: false, errors: { bbox: ['The bbox is too large for zoom 12: at most 1.40625 degrees wide and tall.'] } });
    expect(parseMapQuery({ bbox: '54,24,56,26', zoom: '١٢' }, 'ar')).toEqual({ ok: false, errors: { bbox: ['نطاق الخريطة أكبر مما يناسب مستوى التكبير 12: 1.40625 درجة على الأكثر عرضًا وارتفاعًا.'] } });
    expect(parseMapQuery({ zoom: 'x' }, 'ar')).toEqual({ ok: false, errors: { zoom: ['يجب أن يكون مستوى التكبير عددًا صحيحًا من 0 إلى 20.'], bbox: ['نطاق الخريطة مطلوب: الغرب والجنوب والشرق والشمال بالدرجات.'] } });
    expect(parseMapQuery({ bbox: '55,25,55.5,25.3', zoom: '12', state_id: 'DU', currency: 'usd' })).toEqual({
      ok: true, query: { page: 1, perPage: 16, sort: 'name_asc', zoom: 12, filters: { state_id: 'DU', bbox: [55, 25, 55.5, 25.3], currency: 'USD' } },
    });
  });

  it('reads bbox and near on the listing, and sorts by distance only with near', () => {
    const parsed = parseListingQuery({ bbox: '55,25,55.5,25.3', near: '25.1,55.2', sort: 'distance' });
    expect(parsed).toEqual({ ok: true, query: { page: 1, perPage: 16, sort: 'distance', filters: { bbox: [55, 25, 55.5, 25.3] }, near: [25.1, 55.2] } });
    expect(parsed.ok && listingQueryString(parsed.query)).toBe('bbox=55%2C25%2C55.5%2C25.3&near=25.1%2C55.2&sort=distance');
    expect(parseListingQuery({ sort: 'distance' })).toEqual({ ok: false, errors: { sort: ['Sorting by distance needs near=lat,lng.'] } });
    expect(parseListingQuery({ sort: 'distance', near: '95,55' }, 'ar')).toEqual({ ok: false, errors: { near: ['يجب أن يكون الموقع القريب رقمين بالدرجات: دائرة العرض من -90 إلى 90 ثم خط الطول من -180 إلى 180.'] } });
    expect(parseListingQuery({ bbox: '1,2,3' })).toMatchObject({ ok: false, errors: { bbox: [expect.stringContaining('four numbers')] } });
    expect(parseListingQuery({ sort: 'nearest' })).toEqual({ ok: false, errors: { sort: ['The sort must be one of: name_asc, name_desc, price_asc, price_desc, completion_asc, completion_desc.'] } });
  });
});

/** A collection spread over the UAE, a few projects without coordinates (or with them but no price). */
function collection(count: number, seed = 1): NormalisedProject[] {
  let state = seed;
  const random = () => ((state = (state * 16807) % 2147483647) / 2147483647);
  return Array.from({ length: count }, (_, i) => {
    const inDubai = random() < 0.6;
    const at: [number, number] | null = i % 23 === 22 ? null : inDubai ? [24.9 + random() * 0.4, 55 + random() * 0.5] : [22.5 + random() * 3.8, 51.5 + random() * 4.8];
    return project(String(i + 1), {
      at, name: `${['Azure', 'Bay', 'Crest', 'Dune'][i % 4]} ${i}`, state_id: inDubai ? 'DU' : i % 2 ? 'AZ' : 'RK',
      category: i % 3 ? 'Apartment' : 'Villa', bedrooms: { label: '', types: [String(1 + (i % 5))] }, facilities: i % 4 ? ['Swimming Pool'] : ['Gym'],
      price: i % 11 === 5 ? null : 400_000 + Math.round(random() * 80) * 100_000, completion: { date: '', year: i % 2 ? '2027' : '2028' },
    });
  });
}

const inBbox = (p: NormalisedProject, [west, south, east, north]: Bbox) =>
  p.coordinates !== null && p.coordinates.longitude >= west && p.coordinates.longitude <= east && p.coordinates.latitude >= south && p.coordinates.latitude <= north;

interface Feature {
  id: string | number;
  properties: Record<string, unknown> & { cluster?: boolean; point_count?: number; id?: string; price_range?: { min: number | null; max: number | null } };
  geometry: { type: string; coordinates: [number, number] };
}

const mapOf = (index: ReturnType<typeof buildIndex>, filters: Filters & { bbox: Bbox }, zoom: number, currency: 'AED' | 'USD' = 'AED') =>
  JSON.parse(renderMapAnswer(index, PROJECT_VIEWS, currencyView(index, currency, RATES), { filters: currency === 'AED' ? filters : { ...filters, currency }, zoom }).toString()).data as {
    type: string; total: number; features: Feature[];
  };
const counted = (features: Feature[]) => features.reduce((sum, f) => sum + (f.properties.cluster ? f.properties.point_count! : 1), 0);

describe('the map: cluster sums', () => {
  const projects = collection(600);
  const index = buildIndex(projects);

  it.each([[UAE, 7], [DUBAI, 12], [[55.1, 25.05, 55.3, 25.2] as Bbox, 14], [DUBAI, 18], [[-180, -90, 180, 90] as Bbox, 0], [[0, 0, 1, 1] as Bbox, 9]] as const)(
    'counts every project with coordinates inside %j at zoom %i once', (bbox, zoom) => {
      const map = mapOf(index, { bbox }, zoom);
      const expected = projects.filter((p) => inBbox(p, bbox)).length;
      expect(map.type).toBe('FeatureCollection');
      expect(counted(map.features)).toBe(expected);
      expect(map.total).toBe(expected);
      expect(search(index, { page: 1, perPage: 1, sort: 'name_asc', filters: { bbox } }).total).toBe(expected);
      const singles = map.features.filter((f) => !f.properties.cluster).map((f) => f.properties.id);
      expect(new Set(singles).size).toBe(singles.length);
      for (const f of map.features.filter((feature) => feature.properties.cluster)) expect(f.properties.point_count).toBeGreaterThanOrEqual(2);
    }
  );

  it('counts a cluster cut by the bbox over its projects inside: one inside is that project\'s own marker', () => {
    const row = buildIndex(['1', '2', '3'].map((id, i) => project(id, { at: [25, 55 + i * 0.001] })));
    expect(mapOf(row, { bbox: [54.9, 24.9, 55.1, 25.1] }, 10).features.map((f) => f.properties.point_count)).toEqual([3]);
    expect(mapOf(row, { bbox: [55.0005, 24.9, 55.1, 25.1] }, 10).features.map((f) => f.properties.point_count)).toEqual([2]);
    const cut = mapOf(row, { bbox: [55.0015, 24.9, 55.1, 25.1] }, 10);
    expect(cut.total).toBe(1);
    expect(cut.features.map((f) => [f.properties.cluster ?? false, f.properties.id])).toEqual([[false, '3']]);
  });

  it('clusters at low zoom and shows every project alone above the clustering zooms', () => {
    const uae = mapOf(index, { bbox: UAE }, 7);
    expect(uae.features.length).toBeLessThan(uae.total / 3);
    expect(mapOf(index, { bbox: DUBAI }, 18).features.every((f) => !f.properties.cluster)).toBe(true);
  });

  it('gives a cluster the price range of its projects in the bbox, in the request\'s currency, and the zoom that opens it', () => {
    const map = mapOf(index, { bbox: DUBAI }, 9, 'USD');
    const cluster = map.features.find((f) => f.properties.cluster)!;
    expect(cluster.properties).toMatchObject({ cluster: true, cluster_id: cluster.id, point_count: expect.any(Number), expansion_zoom: expect.any(Number) });
    expect(cluster.properties.expansion_zoom).toBeGreaterThan(9);
    expect(cluster.properties.price_range).toMatchObject({ currency: 'USD', formatted: expect.stringMatching(/^USD /) });
    const usdPrices = projects.filter((p) => inBbox(p, DUBAI) && p.price.starting_from !== null).map((p) => Math.round(p.price.starting_from! / RATES.USD));
    const ranges = map.features.filter((f) => f.properties.cluster).map((f) => f.properties.price_range!);
    expect(Math.min(...ranges.map((r) => r.min!))).toBeGreaterThanOrEqual(Math.min(...usdPrices));
    expect(Math.max(...ranges.map((r) => r.max!))).toBeLessThanOrEqual(Math.max(...usdPrices));
  });

  it('shapes a single project as supercluster does a point: its id, slug, name, price in the currency, image and emirate', () => {
    const few = Object.assign(buildIndex([project('7', { at: [25.1, 55.2], price: 3_672_500 }), project('8', { at: [25.2, 55.3] }), project('9')]), {
      slugs: ['the-seventh', 'the-eighth', 'the-ninth'],
    });
    const { features, total } = mapOf(few, { bbox: DUBAI }, 18, 'USD');
    expect(total).toBe(2);
    expect(features[0]).toEqual({
      type: 'Feature', id: '7',
      properties: { id: '7', slug: 'the-seventh', name: 'Project 7', price: { starting_from: 1_000_000, formatted: 'USD 1M', currency: 'USD' }, image: 'https://img.example/7.jpg', state_id: 'DU', state_name: 'Dubai' },
      geometry: { type: 'Point', coordinates: [55.2, 25.1] },
    });
    expect(features[1].properties).toMatchObject({ id: '8', slug: 'the-eighth' });
  });

  it('draws an empty map for a collection without coordinates, or an empty one', () => {
    expect(mapOf(buildIndex([project('1'), project('2')]), { bbox: UAE }, 7)).toMatchObject({ total: 0, features: [] });
    expect(mapOf(buildIndex([]), { bbox: UAE }, 7)).toMatchObject({ total: 0, features: [] });
  });
});

describe('near: distance on each card, nearest first', () => {
  const projects = collection(300, 7);
  const projectIndex = prepareIndex(buildIndex(projects));
  const page = preparePage(buildPageContent(null, () => '', () => null));
  const near: [number, number] = [25.08, 55.14];
  const km = (p: NormalisedProject) => {
    const rad = Math.PI / 180;
    const { latitude, longitude } = p.coordinates!;
    const h = Math.sin(((latitude - near[0]) * rad) / 2) ** 2 + Math.cos(near[0] * rad) * Math.cos(latitude * rad) * Math.sin(((longitude - near[1]) * rad) / 2) ** 2;
    return 6371 * 2 * Math.asin(Math.sqrt(h));
  };
  const listing = (query: Partial<ListingQuery>) =>
    JSON.parse(renderListing(projectIndex, projectIndex.aed, page, { page: 1, perPage: 16, sort: 'name_asc', filters: {}, ...query }).toString()).data;

  it('pages through the matching projects nearest first, those without coordinates last by name, each card with its distance', () => {
    const filters: Filters = { state_id: 'DU' };
    const matching = projects.filter((p) => p.state_id === 'DU');
    const placed = matching.filter((p) => p.coordinates).sort((a, b) => km(a) - km(b));
    const unplaced = matching.filter((p) => !p.coordinates).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
    const seen: Array<{ id: string; distance_km: number | null }> = [];
    for (let n = 1; n <= Math.ceil(matching.length / 50); n += 1) seen.push(...listing({ filters, near, sort: 'distance', page: n, perPage: 50 }).properties.data);
    expect(seen.map((card) => card.id)).toEqual([...placed, ...unplaced].map((p) => p.id));
    expect(seen.slice(0, placed.length).map((card) => card.distance_km)).toEqual(placed.map((p) => Math.round(km(p) * 100) / 100));
    expect(seen.slice(placed.length).every((card) => card.distance_km === null)).toBe(true);
  });

  it('adds the distance without changing the order or the rest of the card', () => {
    const plain = listing({});
    const withNear = listing({ near });
    expect(withNear.properties.data.map(({ distance_km: _, ...card }: { distance_km: number }) => card)).toEqual(plain.properties.data);
    expect(withNear.properties.data.every((card: { distance_km: unknown }) => typeof card.distance_km === 'number' || card.distance_km === null)).toBe(true);
  });
});

describe('the map (property-based, 10,000 projects)', () => {
  const projects = collection(10_000, 42);
  const index = buildIndex(projects);
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary, weight: 1 });
  const arbitraryFilters = fc
    .record({
      state_id: sometimes(fc.constantFrom('AZ', 'DU', 'RK')),
      completion_year: sometimes(fc.constantFrom('2027', '2028')),
      min_price: sometimes(fc.integer({ min: 0, max: 4_000_000 })),
      max_price: sometimes(fc.integer({ min: 4_000_000, max: 9_000_000 })),
      property_type: sometimes(fc.subarray([...PROPERTY_TYPES], { minLength: 1 })),
      bedrooms: sometimes(fc.subarray([...BEDROOMS], { minLength: 1 })),
      amenities: sometimes(fc.subarray([...AMENITIES], { minLength: 1, maxLength: 1 })),
      location: sometimes(fc.constantFrom('azure', 'crest', 'b')),
      currency: sometimes(fc.constantFrom('USD' as const)),
    })
    .map((filters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Filters);
  const zoomAndBbox = fc.integer({ min: 0, max: 20 }).chain((zoom) => {
    const span = Math.min(maxSpan(zoom), 6);
    return fc
      .record({ west: fc.double({ min: 50, max: 57, noNaN: true }), south: fc.double({ min: 21.5, max: 27, noNaN: true }), width: fc.double({ min: 0, max: span, noNaN: true }), height: fc.double({ min: 0, max: span, noNaN: true }) })
      .map(({ west, south, width, height }) => ({ zoom, bbox: [west, south, Math.min(180, west + width), Math.min(90, south + height)] as Bbox }));
  });

  it('adds up to the listing\'s total in the bbox, for random bboxes, zooms and filters', () => {
    fc.assert(
      fc.property(arbitraryFilters, zoomAndBbox, (filters, { zoom, bbox }) => {
        const view = currencyView(index, filters.currency ?? 'AED', RATES);
        const map = JSON.parse(renderMapAnswer(index, PROJECT_VIEWS, view, { filters: { ...filters, bbox }, zoom }).toString()).data as { total: number; features: Feature[] };
        const listing = search(index, { page: 1, perPage: 1, sort: 'name_asc', filters: { ...filters, bbox } }, view.prices);
        const unboxed = search(index, { page: 1, perPage: 1, sort: 'name_asc', filters }, view.prices);
        expect(counted(map.features)).toBe(listing.total);
        expect(map.total).toBe(listing.total);
        expect(listing.total).toBeLessThanOrEqual(unboxed.total);
      }),
      { numRuns: 60 }
    );
    // Sixty maps of 10,000 projects, each filter set clustered anew: seconds, more on a busy machine.
  }, 60_000);
});
