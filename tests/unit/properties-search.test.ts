/**
 * The listings' search (issue 43) against a plain filter of every listing, at 12,000 listings: for random
 * filters, the total, the page in its sort, every facet count (the total choosing that option gives) and
 * the counts by emirate; and the query's 422s.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildListingIndex, listingIndexIn, searchListings, type ListingIndex } from '../../src/api/properties/lib/listing-catalogue';
import { mayAdvertise, type Listing } from '../../src/api/properties/lib/listing';
import { FACETS, FACET_NAMES, listingOptions, type FacetName, type ListingSort } from '../../src/api/properties/lib/options';
import { renderMapAnswer } from '../../src/lib/catalogue/engine/map-answer';
import { currencyView } from '../../src/lib/catalogue/engine/currency';
import { LISTING_VIEWS } from '../../src/api/properties/lib/listing-views';
import type { Bbox } from '../../src/lib/catalogue/geo-query';
import { distance } from 'geokdbush';
import { parseListingQuery, type ListingFilters, type ListingQuery } from '../../src/api/properties/lib/query';
import { searchWords } from '../../src/api/catalogues/services/vocabulary';
import { EMIRATES, type EmirateCode } from '../../src/plugins/extsource/server/src/public';

const COMMUNITIES = ['Dubai Marina', 'Palm Jumeirah', 'Al Reem Island', 'Saadiyat', 'Al Zorah', 'Mina Al Arab', 'Business Bay'];
const CATEGORIES = ['Apartment', 'Villa', 'Townhouse', 'Penthouse', 'Office', ''];

/** Somewhere in the UAE (24.0-25.6 N, 54.0-56.0 E) for most, on no map for one in eleven. */
const place = (id: number) => (id % 11 === 0 ? { latitude: null, longitude: null } : { latitude: 24 + ((id * 104723) % 1600) / 1000, longitude: 54 + ((id * 7901) % 2000) / 1000 });

/** A listing made from a seed: every field a filter reads varies, some left empty. */
function listing(id: number): Listing {
  const pick = <T>(values: readonly T[], salt: number) => values[(id * 7919 + salt * 104729) % values.length];
  const state = pick([...EMIRATES.map((emirate) => emirate.id), ''] as Array<EmirateCode | ''>, 1);
  const onRequest = id % 23 === 0;
  return {
    id, reference: `LS-${id}`, purpose: id % 3 === 0 ? 'rent' : 'sale', title: `Home ${id} in ${pick(COMMUNITIES, 2)}`, title_ar: '', description: '', description_ar: '',
    category: pick(CATEGORIES, 3), property_name: `Tower ${id % 40}`, community: pick(COMMUNITIES, 2), sub_community: '', city: '', state_id: state,
    bedrooms: pick(['Studio', '1', '2', '3', '4', '5', '7', ''], 4), bathrooms: pick([1, 2, 3, 4, 5, 6, null], 5), area_sqft: id % 17 === 0 ? null : 400 + ((id * 37) % 6000),
    price: onRequest ? null : 50_000 + ((id * 7741) % 9_000_000), price_on_request: onRequest, currency: 'AED', agent: { name: '', phone: '', photo: '' }, agent_email: '', images: [],
    brochure_url: '', ...place(id), handover_date: '', permit_number: 'P', completion_status: pick(['ready', 'off_plan', ''] as const, 6),
    furnishing: pick(['furnished', 'semi-furnished', 'unfurnished', ''], 7), parking: '', view: '', fittings: '', listed_at: 1_700_000_000_000 + ((id * 15485863) % 1_000_000_000),
  };
}

const LISTINGS = Array.from({ length: 12_000 }, (_, i) => listing(i + 1));
const INDEX = buildListingIndex(LISTINGS, 'en', new Map());

/** What a plain pass over every listing says matches. */
function matchesPlainly(item: Listing, query: ListingQuery, except?: FacetName | 'state_id'): boolean {
  const f = query.filters;
  if (item.purpose !== query.purpose) return false;
  if (except !== 'state_id' && f.state_id && item.state_id !== f.state_id) return false;
  const options = listingOptions(item);
  for (const name of FACET_NAMES) if (name !== except && f[name] && !f[name]!.includes(options[name] ?? '')) return false;
  const price = item.price_on_request ? null : item.price;
  if ((f.min_price !== undefined || f.max_price !== undefined) && (price === null || price < (f.min_price ?? 0) || price > (f.max_price ?? Infinity))) return false;
  if ((f.min_area !== undefined || f.max_area !== undefined) && (item.area_sqft === null || item.area_sqft < (f.min_area ?? 0) || item.area_sqft > (f.max_area ?? Infinity))) return false;
  if (f.bbox) {
    const [west, south, east, north] = f.bbox;
    if (item.latitude === null || item.longitude === null || item.longitude < west || item.longitude > east || item.latitude < south || item.latitude > north) return false;
  }
  if (f.location) {
    const words = searchWords([item.community, item.sub_community, item.city, item.property_name, item.title, item.title_ar].join(' '));
    if (!searchWords(f.location).every((prefix) => words.some((word) => word.startsWith(prefix)))) return false;
  }
  return true;
}

const optionsOf = <T extends string>(values: readonly T[]) => fc.option(fc.subarray([...values], { minLength: 1, maxLength: 2 }), { nil: undefined });
/** A viewport over part of the listings' places (at most 1.4 degrees: zoom 12's widest). */
const bboxArbitrary = fc
  .tuple(fc.integer({ min: 5350, max: 5620 }), fc.integer({ min: 2380, max: 2570 }), fc.integer({ min: 1, max: 140 }), fc.integer({ min: 1, max: 140 }))
  .map(([west, south, width, height]) => [west / 100, south / 100, (west + width) / 100, (south + height) / 100] as Bbox);
const filtersArbitrary: fc.Arbitrary<ListingFilters> = fc.record(
  {
    state_id: fc.option(fc.constantFrom(...EMIRATES.map((emirate) => emirate.id)), { nil: undefined }),
    location: fc.option(fc.constantFrom('marina', 'palm jum', 'al', 'tower 1', 'reem island', 'nowhere'), { nil: undefined }),
    min_price: fc.option(fc.integer({ min: 0, max: 4_000_000 }), { nil: undefined }),
    max_area: fc.option(fc.integer({ min: 500, max: 7000 }), { nil: undefined }),
    property_type: optionsOf(FACETS.property_type),
    bedrooms: optionsOf(FACETS.bedrooms),
    bathrooms: optionsOf(FACETS.bathrooms),
    furnishing: optionsOf(FACETS.furnishing),
    completion_status: optionsOf(FACETS.completion_status),
    bbox: fc.option(bboxArbitrary, { nil: undefined }),
  },
  { requiredKeys: [] }
).map((filters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as ListingFilters);

describe('searchListings at 12,000 listings', () => {
  it('matches what a plain filter matches: total, page in its sort, each facet count and the counts by emirate', () => {
    fc.assert(
      fc.property(filtersArbitrary, fc.constantFrom('sale', 'rent'), fc.constantFrom('newest', 'price_asc', 'area_desc'), fc.integer({ min: 1, max: 3 }), (filters, purpose, sort, page) => {
        const query: ListingQuery = { purpose: purpose as 'sale' | 'rent', page, perPage: 20, sort: sort as ListingQuery['sort'], filters };
        const found = searchListings(INDEX, query);
        const plain = LISTINGS.map((_, i) => i).filter((i) => matchesPlainly(LISTINGS[i], query));
        expect(found.total).toBe(plain.length);
        const order = INDEX.orders[query.sort as ListingSort];
        const rank = new Map(Array.from(order, (item, position) => [item, position]));
        const expectedPage = [...plain].sort((a, b) => rank.get(a)! - rank.get(b)!).slice((page - 1) * 20, page * 20);
        expect(found.items).toEqual(expectedPage);
        for (const name of FACET_NAMES) {
          const over = LISTINGS.filter((item) => matchesPlainly(item, query, name));
          const counts = FACETS[name].map((option) => over.filter((item) => listingOptions(item)[name] === option).length);
          expect(found.facets[name], name).toEqual(counts);
        }
        const overStates = LISTINGS.filter((item) => matchesPlainly(item, query, 'state_id'));
        for (const { state_id, count } of found.countsByState) expect(count).toBe(overStates.filter((item) => item.state_id === state_id).length);
        expect(found.countsByState.reduce((sum, { count }) => sum + count, 0)).toBe(overStates.filter((item) => item.state_id).length);
      }),
      { numRuns: 40 }
    );
  });
});

describe('the listings\' map and nearest first at 12,000 listings', () => {
  type Feature = { properties: { cluster?: boolean; point_count?: number; id?: number } };
  it('counts on the map, clusters and markers together, exactly the listing\'s total for the same filters and box', () => {
    fc.assert(
      fc.property(filtersArbitrary, bboxArbitrary, fc.constantFrom('sale', 'rent'), fc.integer({ min: 7, max: 17 }), (filters, bbox, purpose, zoom) => {
        const query: ListingQuery = { purpose: purpose as 'sale' | 'rent', page: 1, perPage: 1, sort: 'newest', filters: { ...filters, bbox } };
        const total = searchListings(INDEX, query).total;
        const body = JSON.parse(renderMapAnswer(INDEX, LISTING_VIEWS, currencyView(INDEX, LISTING_VIEWS, undefined, {}), { ...query, filters: { ...query.filters, bbox }, zoom }).toString('utf8'));
        const features = body.data.features as Feature[];
        expect(body.data.total).toBe(total);
        expect(features.reduce((sum, { properties }) => sum + (properties.cluster ? properties.point_count! : 1), 0)).toBe(total);
      }),
      { numRuns: 40 }
    );
  });

  it('pages nearest first with the listings on no map last, newest first', () => {
    const near: [number, number] = [25.08, 55.14];
    const query: ListingQuery = { purpose: 'rent', page: 1, perPage: 100, sort: 'distance', near, filters: { furnishing: ['furnished'] } };
    const plain = LISTINGS.map((_, i) => i).filter((i) => matchesPlainly(LISTINGS[i], query));
    const km = (i: number) => distance(near[1], near[0], LISTINGS[i].longitude!, LISTINGS[i].latitude!);
    const placed = plain.filter((i) => LISTINGS[i].latitude !== null).sort((a, b) => km(a) - km(b));
    const unplaced = plain.filter((i) => LISTINGS[i].latitude === null).sort((a, b) => LISTINGS[b].listed_at - LISTINGS[a].listed_at || b - a);
    const everyPage = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].flatMap((page) => searchListings(INDEX, { ...query, page }).items);
    expect(everyPage.slice(0, placed.length).map(km)).toEqual(placed.map(km));
    expect(everyPage.slice(placed.length)).toEqual(unplaced);
    expect(everyPage).toHaveLength(plain.length);
  });
});

describe('the listings in another currency at 12,000 listings', () => {
  const RATES = { USD: 3.6725, GBP: 4.65 };
  it('filters min_price and max_price on the prices as shown in that currency, and shows them so', () => {
    fc.assert(
      fc.property(fc.constantFrom('USD', 'GBP'), fc.integer({ min: 0, max: 1_500_000 }), fc.integer({ min: 0, max: 1_500_000 }), (currency, a, b) => {
        const [min, max] = [Math.min(a, b), Math.max(a, b)];
        const view = currencyView(INDEX, LISTING_VIEWS, currency as 'USD' | 'GBP', RATES);
        const query: ListingQuery = { purpose: 'sale', page: 1, perPage: 100, sort: 'price_asc', filters: { min_price: min, max_price: max, currency: currency as 'USD' } };
        const found = searchListings(INDEX, query, view.prices);
        const shown = (i: number) => Math.round(LISTINGS[i].price! / RATES[currency as 'USD' | 'GBP']);
        const plain = LISTINGS.map((_, i) => i).filter((i) => LISTINGS[i].purpose === 'sale' && !LISTINGS[i].price_on_request && shown(i) >= min && shown(i) <= max);
        expect(found.total).toBe(plain.length);
        for (const item of found.items) {
          const card = JSON.parse(view.card(item).toString('utf8'));
          expect(card.price).toMatchObject({ amount: shown(item), currency });
        }
      }),
      { numRuns: 30 }
    );
  });
});

describe('one index for both languages', () => {
  it('shares everything but the cards, which are each locale\'s own', () => {
    const arabic = listingIndexIn(INDEX, 'ar');
    for (const part of ['listings', 'orders', 'byPurpose', 'options', 'shared', 'geo', 'bySlug'] as const) expect(arabic[part]).toBe(INDEX[part]);
    const position = INDEX.byReference.get('LS-5')!;
    const card = (index: ListingIndex) => JSON.parse(index.card(position).toString('utf8'));
    expect(card(INDEX)).toMatchObject({ reference: 'LS-5', canonical_url: expect.not.stringContaining('/ar/') });
    expect(card(arabic)).toMatchObject({ reference: 'LS-5', canonical_url: expect.stringContaining('/ar/') });
  });
});

describe('the listing query', () => {
  it('needs a purpose and names every bad value, with the off-plan wording where the rule is the same', () => {
    const result = parseListingQuery({ page: '0', bathrooms: '0', furnishing: 'partly', completion_status: 'soon', min_price: 'x', location: '!!' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['bathrooms', 'completion_status', 'furnishing', 'location', 'min_price', 'page', 'purpose']);
    expect(result.errors.min_price).toEqual(['The min price must be a number of at least 0.']);
  });

  it('reads options case-insensitively, with their aliases, in the options\' order', () => {
    const result = parseListingQuery({ purpose: 'RENT', bedrooms: ['3', 'studio'], bathrooms: '7', furnishing: 'Semi Furnished', completion_status: 'off-plan,ready' });
    expect(result).toEqual({
      ok: true,
      query: { purpose: 'rent', page: 1, perPage: 16, sort: 'newest', filters: { bedrooms: ['Studio', '3'], bathrooms: ['5+'], furnishing: ['semi-furnished'], completion_status: ['ready', 'off_plan'] } },
    });
  });
});

describe('the advertising rule', () => {
  it('keeps a Dubai listing without a permit off, unless the rule is off; other emirates need none', () => {
    const dubai = { ...listing(1), state_id: 'DU' as const, permit_number: ' ' };
    expect(mayAdvertise(dubai, true)).toBe(false);
    expect(mayAdvertise(dubai, false)).toBe(true);
    expect(mayAdvertise({ ...dubai, permit_number: '7100000000' }, true)).toBe(true);
    expect(mayAdvertise({ ...dubai, state_id: 'AJ' }, true)).toBe(true);
  });
});

describe('similar listings at 12,000 listings', () => {
  /** The ranking as a plain sort of every listing of the purpose: what the staged search must give. */
  function plainSimilar(index: ListingIndex, listing: Listing, position: number): number[] {
    const km = (other: Listing) =>
      listing.latitude === null || listing.longitude === null || other.latitude === null || other.longitude === null ? Infinity : distance(listing.longitude, listing.latitude, other.longitude, other.latitude);
    const place = (other: Listing) => (listing.community && other.community === listing.community ? 0 : listing.city && other.city === listing.city ? 1 : listing.state_id && other.state_id === listing.state_id ? 2 : 3);
    const gap = (a: number | null, b: number | null) => (a === null || b === null || a <= 0 || b <= 0 ? Infinity : Math.abs(Math.log(a / b)));
    return index.listings
      .map((other, i) => ({ i, other }))
      .filter(({ i, other }) => i !== position && other.purpose === listing.purpose)
      .map(({ i, other }) => ({ i, tier: place(other) === 0 ? 0 : 1, km: km(other), place: place(other), bedrooms: other.bedrooms === listing.bedrooms ? 0 : 1, price: gap(listing.price, other.price) }))
      .sort((a, b) => a.tier - b.tier || a.km - b.km || a.place - b.place || a.bedrooms - b.bedrooms || a.price - b.price || a.i - b.i)
      .slice(0, 6)
      .map(({ i }) => i);
  }

  // Small communities and cities, some empty, some listings on no map, several in one building (the same coordinates).
  const varied = LISTINGS.map((item, i) => ({
    ...item,
    community: i % 13 === 0 ? '' : `Community ${i % 2400}`,
    city: i % 17 === 0 ? '' : `City ${i % 40}`,
    ...(i % 9 === 0 ? { latitude: null, longitude: null } : i % 5 === 0 ? { latitude: 25.1, longitude: 55.2 } : {}),
  }));
  const variedIndex = buildListingIndex(varied, 'en', new Map());

  it('are the first six of a plain sort of every listing of the purpose, for listings in the index and gone from it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: varied.length - 1 }), fc.boolean(), (position, gone) => {
        const listing = variedIndex.listings[position];
        const at = gone ? -1 : position;
        const similar = at < 0 ? variedIndex.similar.rankFor(listing) : variedIndex.similar.listOf(at);
        expect([...similar]).toEqual(plainSimilar(variedIndex, listing, at));
      }),
      { numRuns: 300 }
    );
  });
});
