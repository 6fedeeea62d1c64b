import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIndex, search, type Facets, type ProjectIndex } from '../../src/api/off-plan/lib/project-catalogue';
import { currencyView as engineCurrencyView } from '../../src/lib/catalogue/engine/currency';
import { PROJECT_VIEWS } from '../../src/api/off-plan/lib/project-views';
import { prepareIndex, prepareCurrency, preparePage, renderListing } from '../../src/api/off-plan/lib/listing-response';
import { buildPageContent } from '../../src/api/off-plan/lib/page-content';
import { env } from '@strapi/utils';
import type { Core } from '@strapi/strapi';
import pluginsConfig from '../../config/plugins';
import { extsourceConfig } from '../../src/plugins/extsource/server/src/config';
import { BEDROOMS, PROPERTY_TYPES, bedroomsOption, propertyTypesNamed, searchWords, type Currency } from '../../src/api/catalogues/services/vocabulary';
import { AMENITIES, AREAS, amenitiesNamed, areaOption, projectQueryOption as queryOption } from '../../src/api/off-plan/lib/options';
import { SORTS, type Filters, type ListingQuery, type Sort } from '../../src/api/off-plan/lib/query';
import { fromSiteCurrency, intoSiteCurrency } from '../../src/plugins/extsource/server/src/mapping/money';
import type { NormalisedProject, UnitType } from '../../src/plugins/extsource/server/src/mapping/types';

const currencyView = (index: ProjectIndex, currency: Currency, rates: Record<string, number>) => engineCurrencyView(index, PROJECT_VIEWS, currency, rates);

const RATES = { USD: 3.6725, GBP: 4.9 };

type Spec = Omit<Partial<NormalisedProject>, 'price'> & { price?: number | null; priceCurrency?: string };

function project(id: string, spec: Spec = {}): NormalisedProject {
  const { price = 1_000_000, priceCurrency = 'AED', ...rest } = spec;
  return {
    id, ref_no: `OP-${id}`, name: `Project ${id}`, location: '', developer: { id: 1, name: 'Dev', slug: 'dev', logo: '' },
    bedrooms: { label: '', types: [] }, price: { starting_from: priceCurrency === 'AED' ? price : null, formatted: '', currency: priceCurrency },
    completion: { date: 'Q2 2028', year: '2028' }, image: '', images: [], state_id: 'DU', state_name: 'Dubai', city: 'Dubai',
    community: '', community_id: '', sub_community: '', category: 'Apartment', status: 'Off-Plan', agent: { name: '', phone: '' },
    badge: '', address: '', specs: { beds: '', bathrooms: '', area: '' }, description: '', apartments: [], facilities: [],
    coordinates: null, gallery: [], payment_plans: [], completion_sort: '2028-06', property_types: [], size_range_sqft: null, ...rest,
  };
}

const unit = (bedrooms: string, from: number | null, to: number | null): UnitType => ({ bedrooms, size_from_sqft: from, size_to_sqft: to, price_from: null, price_to: null });
const query = (filters: Filters, overrides: Partial<ListingQuery> = {}): ListingQuery => ({ page: 1, perPage: 100, sort: 'name_asc', filters, ...overrides });

describe('the option tables', () => {
  it.each([
    ['Swimming Pool', ['Pool']], ['Infinity Pool', ['Pool']], ["Kids' Pool", ['Pool']], ['Temperature-controlled pools', ['Pool']],
    ['Gym', ['Gym']], ['Fitness Center', ['Gym']], ['Gymnasium', ['Gym']], ['Outdoor gyms', ['Gym']],
    ['Covered Parking', ['Parking']], ['Car Park', ['Parking']], ['Private garage', ['Parking']],
    ['24/7 Security', ['Security']], ['CCTV', ['Security']], ['Gated Community', ['Security']], ['Security guards', ['Security']],
    ['Landscaped Garden', ['Garden']], ['Zen gardens', ['Garden']], ['Landscaping', ['Garden']],
    ['Balcony', ['Balcony']], ['Private Balconies', ['Balcony']],
    ['Pool & Gym', ['Pool', 'Gym']],
    ['Pool Table', []], ['Car pool', []], ['Spa', []], ['Kids Play Area', []], ['Beach Access', []], ['Community Park', []], ['', []],
  ])('amenity %j is %j', (name, options) => expect(amenitiesNamed(name)).toEqual(options));

  it.each([
    ['Apartment', ['Apartment']], ['Apartments', ['Apartment']], ['Serviced Apartments', ['Apartment']], ['Flats', ['Apartment']],
    ['Duplexes', ['Apartment']], ['Lofts', ['Apartment']], ['Villa', ['Villa']], ['Villas', ['Villa']],
    ['Townhouses', ['Townhouse']], ['Town House', ['Townhouse']], ['Townhomes', ['Townhouse']], ['Penthouse', ['Penthouse']], ['PENTHOUSES', ['Penthouse']],
    ['Villas & Townhouses', ['Villa', 'Townhouse']], ['Residential', []], ['Office', []], ['Retail', []], ['Plots', []],
  ])('property type %j is %j', (name, options) => expect(propertyTypesNamed(name)).toEqual(options));

  it('gives a name read before the same answer, which no caller can change', () => {
    const pool = amenitiesNamed('Infinity Pool');
    expect(amenitiesNamed('Infinity Pool')).toBe(pool);
    expect(() => (pool as string[]).push('Gym')).toThrow(TypeError);
    expect(amenitiesNamed('Infinity Pool')).toEqual(['Pool']);
  });

  it.each([
    ['Studio', 'Studio', 'Studio'], ['1', '1', '1BR'], ['3', '3', '3BR'], ['4', '4', '4BR+'], ['5', '5+', '4BR+'], ['9', '5+', '4BR+'], ['12', '5+', '4BR+'], ['', undefined, undefined],
  ])('bedroom type %j is bedrooms %j and area %j', (type, bedrooms, area) => {
    expect(bedroomsOption(type)).toBe(bedrooms);
    expect(areaOption(type)).toBe(area);
  });

  it.each([
    ['bedrooms', 'studio', 'Studio'], ['bedrooms', 'STUDIO', 'Studio'], ['bedrooms', '0', 'Studio'], ['bedrooms', '1', '1'], ['bedrooms', '4', '4'],
    ['bedrooms', '5+', '5+'], ['bedrooms', '5 ', '5+'], ['bedrooms', '07', '5+'], ['bedrooms', '1.5', undefined], ['bedrooms', '-1', undefined], ['bedrooms', '1BR', undefined],
    ['area', 'studio', 'Studio'], ['area', '0', 'Studio'], ['area', '1br', '1BR'], ['area', '2', '2BR'], ['area', '3 BR', '3BR'], ['area', '4BR+', '4BR+'], ['area', '4br ', '4BR+'],
    ['area', '6', '4BR+'], ['area', '2BHK', undefined], ['area', 'big', undefined],
    ['property_type', 'villas', 'Villa'], ['property_type', 'town house', 'Townhouse'], ['property_type', 'Villas & Townhouses', undefined], ['property_type', 'Castle', undefined],
    ['amenities', 'pool', 'Pool'], ['amenities', 'Infinity Pool', 'Pool'], ['amenities', 'fitness', 'Gym'], ['amenities', 'Pool & Gym', undefined], ['amenities', 'Sauna', undefined],
    ['currency', 'usd', 'USD'], ['currency', 'GBP', 'GBP'], ['currency', 'aed', 'AED'], ['currency', 'EUR', undefined], ['currency', 'US$', undefined],
  ] as const)('query %s %j is %j', (name, value, option) => expect(queryOption[name](value)).toBe(option));

  it.each([
    ['Dubai Marina', ['dubai', 'marina']], ['Al-Reem Island', ['al', 'reem', 'island']], ['Sóbha Hartland', ['sobha', 'hartland']],
    ['JUMEIRAH Village Circle (JVC)', ['jumeirah', 'village', 'circle', 'jvc']], ['24/7', ['24', '7']], ['  ', []],
  ])('search words of %j are %j', (text, words) => expect(searchWords(text)).toEqual(words));
});

describe('CURRENCY_RATES: one table for provider prices and the visitor\'s currency', () => {
  const ratesFrom = (variables: Record<string, string>) => {
    const saved = { CURRENCY_RATES: process.env.CURRENCY_RATES, REELLY_CURRENCY_RATES: process.env.REELLY_CURRENCY_RATES };
    Object.assign(process.env, { CURRENCY_RATES: '', REELLY_CURRENCY_RATES: '', ...variables });
    try {
      const plugin = pluginsConfig({ env } as never).extsource.config;
      const strapi = { config: { get: () => plugin } } as unknown as Core.Strapi;
      return extsourceConfig(strapi).currencyRates;
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  };

  it.each([
    [{}, { USD: 3.6725, GBP: 4.9 }],
    [{ CURRENCY_RATES: 'gbp=4.95' }, { USD: 3.6725, GBP: 4.95 }],
    [{ CURRENCY_RATES: 'EUR = 4.02, USD=3.67' }, { USD: 3.67, GBP: 4.9, EUR: 4.02 }],
    // The former name, read when CURRENCY_RATES is not set.
    [{ REELLY_CURRENCY_RATES: 'EUR=4.02' }, { USD: 3.6725, GBP: 4.9, EUR: 4.02 }],
    [{ CURRENCY_RATES: 'GBP=5', REELLY_CURRENCY_RATES: 'EUR=4.02' }, { USD: 3.6725, GBP: 5 }],
  ])('%j gives %j', (variables, rates) => expect(ratesFrom(variables)).toEqual(rates));

  it.each(['GBP', 'GBP=0', 'GBP=-1', 'POUND=4.9', 'GBP=4,9', `GBP=${'9'.repeat(400)}`])('refuses %j at start, naming the variable', (value) => {
    expect(() => ratesFrom({ CURRENCY_RATES: value })).toThrow(/^CURRENCY_RATES: ".*" is not CODE=rate/);
  });
});

describe('currency conversion: one rounding rule, whole units, halves up', () => {
  it.each([
    [100_000, 3.6725, 367_250], [1, 3.6725, 4], [2, 0.25, 1], [999_999.99, 1, 1_000_000], [650_000, 4.9, 3_185_000],
  ])('into AED: %d at %d is %d', (amount, rate, aed) => expect(intoSiteCurrency(amount, rate)).toBe(aed));

  it.each([
    [1_250_000, 3.6725, 340_368], [367_250, 3.6725, 100_000], [3_185_000, 4.9, 650_000], [2, 4, 1], [6, 4, 2], [1, 3.6725, 0], [950_000, 4.9, 193_878],
  ])('out of AED: %d at %d is %d', (aed, rate, amount) => expect(fromSiteCurrency(aed, rate)).toBe(amount));

  const projects = [
    project('1', { name: 'Azure', price: 1_250_000 }),
    project('2', { name: 'Bay', price: 950_000 }),
    project('3', { name: 'Crest', price: null }),
    project('4', { name: 'Dune', price: null, priceCurrency: 'EUR' }),
    project('5', { name: 'Opal', price: 1_250_001 }),
  ];
  projects[3].price.formatted = 'EUR 390K';
  const index = buildIndex(projects);
  const cardOf = (view: { card(position: number): Buffer }, i: number) => JSON.parse(view.card(i).toString());

  it.each([
    ['USD', 0, { starting_from: 340_368, formatted: 'USD 340.37K', currency: 'USD' }],
    ['GBP', 1, { starting_from: 193_878, formatted: 'GBP 193.88K', currency: 'GBP' }],
    ['USD', 2, { starting_from: null, formatted: 'Price on request', currency: 'USD' }],
    // Priced by the provider in a currency without a rate: shown as given, in every currency.
    ['GBP', 3, { starting_from: null, formatted: 'EUR 390K', currency: 'EUR' }],
  ] as const)('in %s, card %d has the price %j', (currency, i, price) => {
    expect(cardOf(currencyView(index, currency, RATES), i).price).toEqual(price);
  });

  it('changes nothing but the price on the card, and keeps the AED cards as they are', () => {
    const usd = currencyView(index, 'USD', RATES);
    for (let i = 0; i < projects.length; i += 1) {
      expect({ ...cardOf(usd, i), price: null }).toEqual({ ...JSON.parse(index.cardBytes[i].toString()), price: null });
    }
    const aed = currencyView(index, 'AED', RATES);
    for (let i = 0; i < projects.length; i += 1) expect(aed.card(i)).toBe(index.cardBytes[i]);
  });

  it('converts the price range and the compared prices with the same rule', () => {
    expect(currencyView(index, 'USD', RATES).priceRange).toEqual({ min: 258_679, max: 340_368 });
    expect([...currencyView(index, 'USD', RATES).prices]).toEqual([340_368, 258_679, NaN, NaN, 340_368]);
  });

  it('filters on the shown amount, and never reorders: equal amounts after rounding keep the AED order', () => {
    const usd = currencyView(index, 'USD', RATES);
    const ids = (filters: Filters, sort: Sort) => search(index, query(filters, { sort }), usd.prices).items.map((i) => projects[i].id);
    expect(ids({ min_price: 340_368, currency: 'USD' }, 'price_asc')).toEqual(['1', '5']);
    expect(ids({ max_price: 340_367, currency: 'USD' }, 'price_asc')).toEqual(['2']);
    expect(ids({ currency: 'USD' }, 'price_desc')).toEqual(search(index, query({}, { sort: 'price_desc' })).items.map((i) => projects[i].id));
    expect(ids({ currency: 'USD' }, 'price_desc')).toEqual(['5', '1', '2', '3', '4']);
  });

  it('keeps a view per index while its rate is the one it was converted at', () => {
    const fresh = buildIndex(projects);
    const usd = currencyView(fresh, 'USD', RATES);
    expect(currencyView(fresh, 'USD', { ...RATES })).toBe(usd);
    const doubled = currencyView(fresh, 'USD', { ...RATES, USD: RATES.USD * 2 });
    expect(doubled).not.toBe(usd);
    expect(doubled.prices[0]).toBe(Math.round(usd.prices[0] / 2));
  });

  it('refuses a currency without a rate', () => {
    expect(() => currencyView(index, 'GBP', { USD: 3.6725 })).toThrow('No rate for GBP');
  });
});

describe('search by the new filters', () => {
  const projects = [
    project('1', {
      name: 'Azure Residences', category: 'Apartment', property_types: ['Apartments', 'Penthouse'], city: 'Dubai', community: 'Dubai Marina',
      sub_community: 'Marina Promenade', bedrooms: { label: '', types: ['Studio', '1', '2'] }, facilities: ['Infinity Pool', 'Gym', 'Covered Parking'],
      apartments: [unit('Studio', 420, 480), unit('1', 690, 820), unit('2', 1100, null)],
    }),
    project('2', {
      name: 'Sóbha Villas', category: 'Villa', property_types: ['Villas', 'Townhouses'], city: 'Dubai', community: 'Mohammed Bin Rashid City',
      bedrooms: { label: '', types: ['4', '5', '6'] }, facilities: ['Swimming Pool', 'Landscaped Garden', '24/7 Security'],
      apartments: [unit('4', 3200, 3900), unit('5', 4200, 5100), unit('6', null, null)],
    }),
    // A list entry: bedrooms from the range, no unit types, no amenities, the project-wide size range.
    project('3', {
      name: 'Marjan Bay', category: 'Apartment', property_types: ['Apartments'], city: 'Ras Al Khaimah', community: 'Al Marjan Island', state_id: 'RK',
      bedrooms: { label: '', types: ['1', '2', '3'] }, size_range_sqft: { min: 700, max: 2100 },
    }),
    // A snapshot stored before property types and size ranges existed.
    { ...project('4', { name: 'Old Tower', category: 'Penthouse', city: 'Abu Dhabi', community: 'Al Reem Island', state_id: 'AZ', bedrooms: { label: '', types: ['3'] } }), property_types: undefined, size_range_sqft: undefined } as unknown as NormalisedProject,
  ];
  const index = buildIndex(projects);
  const ids = (filters: Filters) => search(index, query(filters)).items.map((i) => projects[i].id).sort();

  it.each<[string, Filters, string[]]>([
    ['property type from the category', { property_type: ['Villa'] }, ['2']],
    ['property type from the kinds of home the feed names', { property_type: ['Penthouse'] }, ['1', '4']],
    ['several property types: any of them', { property_type: ['Townhouse', 'Apartment'] }, ['1', '2', '3']],
    ['bedrooms from unit types or the list range', { bedrooms: ['2'] }, ['1', '3']],
    ['bedrooms 5+: five or more', { bedrooms: ['5+'] }, ['2']],
    ['several bedrooms: any of them', { bedrooms: ['Studio', '3'] }, ['1', '3', '4']],
    ['an amenity, from the provider names', { amenities: ['Pool'] }, ['1', '2']],
    ['every amenity chosen is required', { amenities: ['Pool', 'Gym'] }, ['1']],
    ['an amenity nobody lists', { amenities: ['Balcony'] }, []],
    ['area: a unit type of that size class', { area: ['2BR'] }, ['1']],
    ['area 4BR+: four bedrooms or more with a size', { area: ['4BR+'] }, ['2']],
    ['min_area against unit sizes and the project-wide range', { min_area: 2000 }, ['2', '3']],
    ['max_area: a unit from at most that size', { max_area: 450 }, ['1']],
    ['an area range: some unit size range overlaps it', { min_area: 1000, max_area: 1200 }, ['1', '3']],
    ['an area range meeting a unit size range at its ends', { min_area: 480, max_area: 480 }, ['1']],
    ['an area range meeting the project-wide range at its start', { max_area: 700 }, ['1', '3']],
    ['an area range between the sizes of two unit types', { min_area: 3000, max_area: 3100 }, []],
    ['a large min_area', { min_area: 5000 }, ['2']],
    ['area with a range: that unit type within the range', { area: ['1BR'], min_area: 800 }, ['1']],
    ['area with a range no unit of the type meets', { area: ['Studio'], min_area: 500 }, []],
    ['location: a word, any case', { location: 'MARINA' }, ['1']],
    ['location: the start of a word', { location: 'mar' }, ['1', '3']],
    ['location: every word must match', { location: 'dubai mar' }, ['1']],
    ['location: accents ignored both ways', { location: 'sobha' }, ['2']],
    ['location: accents in the query', { location: 'Maríná' }, ['1']],
    ['location: the sub-community', { location: 'promenade' }, ['1']],
    ['location: the city', { location: 'ras al' }, ['3']],
    ['location: punctuation splits words', { location: 'al-reem' }, ['4']],
    ['location: not the middle of a word', { location: 'arina' }, []],
    ['location and bedrooms together', { location: 'dubai', bedrooms: ['5+'] }, ['2']],
  ])('%s', (_, filters, expected) => expect(ids(filters)).toEqual(expected));

  it('counts each facet over the projects matching every other filter', () => {
    const result = search(index, query({ property_type: ['Apartment'], bedrooms: ['2'], amenities: ['Pool'] }));
    expect(result.total).toBe(1);
    expect(result.facets).toEqual<Facets>({
      // bedrooms 2 and Pool: project 1 only (Apartment, Penthouse)
      property_type: [1, 0, 0, 1],
      // Apartment and Pool: project 1 (Studio, 1, 2)
      bedrooms: [1, 1, 1, 0, 0, 0],
      // Apartment, bedrooms 2, Pool: project 1, which also has Gym and Parking
      amenities: [1, 1, 1, 0, 0, 0],
      area: [1, 1, 1, 0, 0],
    });
  });

  it('has the unfiltered counts with no filter', () => {
    expect(search(index, query({})).facets).toBe(index.facets);
    expect(index.facets).toEqual<Facets>({ property_type: [2, 1, 1, 2], bedrooms: [1, 2, 2, 2, 1, 1], amenities: [2, 1, 1, 1, 1, 0], area: [1, 1, 1, 0, 1] });
  });
});

/**
 * Any collection, any combination of filters: every project returned matches all of them, the totals
 * and facet counts are what counting by hand gives, and paging returns each match exactly once, in the
 * sort's order, whatever the currency.
 */
describe('search (property-based)', () => {
  const FACILITIES: Record<string, string | undefined> = {
    'Swimming Pool': 'Pool', 'Infinity Pool': 'Pool', Gym: 'Gym', 'Covered Parking': 'Parking', '24/7 Security': 'Security',
    'Landscaped Garden': 'Garden', Balcony: 'Balcony', Spa: undefined, 'Pool Table': undefined,
  };
  const KINDS: Record<string, string | undefined> = { Apartments: 'Apartment', Villas: 'Villa', Townhouses: 'Townhouse', Penthouse: 'Penthouse', Offices: undefined };
  const PLACES = ['Dubai Marina', 'Al Reem', 'Sóbha Hartland', 'Marjan', 'Palm Jumeirah'];
  const BEDROOM_TYPES = ['Studio', '1', '2', '3', '4', '5', '7'];

  const arbitraryUnit = fc.record({
    bedrooms: fc.constantFrom(...BEDROOM_TYPES, ''),
    from: fc.option(fc.integer({ min: 300, max: 6000 }), { nil: null }),
    span: fc.integer({ min: 0, max: 1500 }),
    toKnown: fc.boolean(),
  });
  const arbitraryProject = fc.record({
    name: fc.constantFrom('Azure Bay', 'azure', 'Crest Tower', 'Dune', 'Opal Heights', 'Marina Gate'),
    place: fc.constantFrom(...PLACES),
    city: fc.constantFrom('Dubai', 'Abu Dhabi', 'Ras Al Khaimah'),
    state: fc.constantFrom('AZ', 'DU', 'RK'),
    category: fc.constantFrom('Apartment', 'Villa', 'Residential'),
    kinds: fc.subarray(Object.keys(KINDS)),
    bedrooms: fc.subarray(BEDROOM_TYPES),
    facilities: fc.subarray(Object.keys(FACILITIES)),
    units: fc.array(arbitraryUnit, { maxLength: 3 }),
    range: fc.option(fc.record({ min: fc.integer({ min: 300, max: 3000 }), extra: fc.integer({ min: 0, max: 3000 }) }), { nil: null }),
    price: fc.option(fc.integer({ min: 100_000, max: 5_000_000 }), { nil: null }),
    year: fc.constantFrom('2027', '2028'),
    developer: fc.integer({ min: 1, max: 3 }),
  });
  const some = <T>(values: readonly T[]) => fc.subarray([...values], { minLength: 1 });
  // Each filter present one time in four, so combinations of one to four filters are common.
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });
  const arbitraryFilters = fc
    .record({
      state_id: sometimes(fc.constantFrom('AZ', 'DU', 'RK')),
      developer_id: sometimes(fc.integer({ min: 1, max: 3 })),
      completion_year: sometimes(fc.constantFrom('2027', '2028')),
      project_name: sometimes(fc.constantFrom('az', 'Bay', 'e')),
      min_price: sometimes(fc.integer({ min: 0, max: 1_000_000 })),
      max_price: sometimes(fc.integer({ min: 300_000, max: 6_000_000 })),
      property_type: sometimes(some(PROPERTY_TYPES)),
      bedrooms: sometimes(some(BEDROOMS)),
      amenities: sometimes(fc.subarray([...AMENITIES], { minLength: 1, maxLength: 2 })),
      area: sometimes(some(AREAS)),
      min_area: sometimes(fc.integer({ min: 0, max: 6000 })),
      max_area: sometimes(fc.integer({ min: 300, max: 9000 })),
      location: sometimes(fc.constantFrom('dubai', 'mar', 'al r', 'SOBHA', 'jum', 'azure b', 'x')),
      currency: sometimes(fc.constantFrom('AED', 'USD', 'GBP')),
    })
    .map((filters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Filters);

  type Generated = typeof arbitraryProject extends fc.Arbitrary<infer T> ? T : never;

  function toProject(spec: Generated, i: number): NormalisedProject {
    return project(String(i + 1), {
      name: spec.name, community: spec.place, city: spec.city, state_id: spec.state as NormalisedProject['state_id'], category: spec.category,
      property_types: spec.kinds, bedrooms: { label: '', types: spec.bedrooms }, facilities: spec.facilities,
      apartments: spec.units.map((u) => unit(u.bedrooms, u.from, u.from !== null && u.toKnown ? u.from + u.span : null)),
      size_range_sqft: spec.range && { min: spec.range.min, max: spec.range.min + spec.range.extra }, price: spec.price,
      completion: { date: '', year: spec.year }, developer: { id: spec.developer, name: `Dev ${spec.developer}`, slug: '', logo: '' },
    });
  }

  // By hand: each filter group as a test on one project, written from the rules in docs/off-plan.md.
  const words = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const bedroomsOf = (type: string) => (type === 'Studio' ? 'Studio' : Number(type) >= 5 ? '5+' : type);
  const areaOf = (type: string) => (type === 'Studio' ? 'Studio' : type === '' ? undefined : Number(type) >= 4 ? '4BR+' : `${type}BR`);
  const shown = (p: NormalisedProject, currency: string) => {
    const aed = p.price.starting_from;
    return aed === null ? null : currency === 'AED' ? aed : Math.round(aed / RATES[currency as 'USD' | 'GBP']);
  };
  function sizesOf(p: NormalisedProject) {
    const units = p.apartments.filter((u) => u.size_from_sqft !== null).map((u) => ({ area: areaOf(u.bedrooms), from: u.size_from_sqft!, to: u.size_to_sqft ?? u.size_from_sqft! }));
    return units.length || !p.size_range_sqft ? units : [{ area: undefined, from: p.size_range_sqft.min, to: p.size_range_sqft.max }];
  }
  const groupTests = (f: Filters): Record<string, (p: NormalisedProject) => boolean> => ({
    state_id: (p) => !f.state_id || p.state_id === f.state_id,
    rest: (p) =>
      (f.developer_id === undefined || p.developer.id === f.developer_id) &&
      (!f.completion_year || p.completion.year === f.completion_year) &&
      (!f.project_name || p.name.toLowerCase().includes(f.project_name.toLowerCase())) &&
      (!f.location || words(f.location).every((w) => words(`${p.city} ${p.community} ${p.sub_community} ${p.name}`).some((word) => word.startsWith(w)))) &&
      ((f.min_price === undefined && f.max_price === undefined) ||
        ((price) => price !== null && price >= (f.min_price ?? 0) && price <= (f.max_price ?? Infinity))(shown(p, f.currency ?? 'AED'))),
    property_type: (p) => !f.property_type || [p.category, ...p.property_types].some((kind) => f.property_type!.includes((KINDS[kind] ?? kind) as never)),
    bedrooms: (p) => !f.bedrooms || p.bedrooms.types.some((type) => f.bedrooms!.includes(bedroomsOf(type) as never)),
    amenities: (p) => !f.amenities || f.amenities.every((amenity) => p.facilities.some((name) => FACILITIES[name] === amenity)),
    area: (p) =>
      (!f.area && f.min_area === undefined && f.max_area === undefined) ||
      sizesOf(p).some((s) => (!f.area || f.area.includes(s.area as never)) && s.to >= (f.min_area ?? 0) && s.from <= (f.max_area ?? Infinity)),
  });
  const matchesAll = (f: Filters, p: NormalisedProject) => Object.values(groupTests(f)).every((test) => test(p));
  const matchesOthers = (f: Filters, p: NormalisedProject, group: string) => Object.entries(groupTests(f)).every(([name, test]) => name === group || test(p));

  function expectedFacets(f: Filters, projects: NormalisedProject[]): Facets {
    const counted = (group: keyof Facets, options: readonly string[], filtersFor: (option: string) => Filters) =>
      options.map((option) => projects.filter((p) => matchesOthers(f, p, group) && groupTests(filtersFor(option))[group](p)).length);
    return {
      property_type: counted('property_type', PROPERTY_TYPES, (option) => ({ property_type: [option as never] })),
      bedrooms: counted('bedrooms', BEDROOMS, (option) => ({ bedrooms: [option as never] })),
      amenities: AMENITIES.map((option) => projects.filter((p) => matchesAll(f, p) && groupTests({ amenities: [option] }).amenities(p)).length),
      area: counted('area', AREAS, (option) => ({ area: [option as never], min_area: f.min_area, max_area: f.max_area })),
    };
  }

  it('returns exactly the matching projects, once each, in order, with facet counts as counted by hand', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryProject, { maxLength: 60 }), arbitraryFilters, fc.constantFrom(...SORTS.map((s) => s.value)), fc.integer({ min: 1, max: 7 }),
        (specs, filters, sort, perPage) => {
          const projects = specs.map(toProject);
          const index = buildIndex(projects);
          const prices = currencyView(index, filters.currency ?? 'AED', RATES).prices;
          const run = (page: number, size = perPage) => search(index, { page, perPage: size, sort, filters }, prices);
          const first = run(1);
          const seen: number[] = [];
          for (let page = 1; page <= Math.ceil(first.total / perPage) + 1; page += 1) seen.push(...run(page).items);

          const matching = projects.flatMap((p, i) => (matchesAll(filters, p) ? [i] : []));
          expect(seen.every((i) => matchesAll(filters, projects[i]))).toBe(true);
          expect(first.total).toBe(matching.length);
          expect(seen.length).toBe(matching.length);
          expect([...seen].sort((a, b) => a - b)).toEqual(matching);
          // In the sort's order: the unfiltered order with the others left out.
          expect(seen).toEqual(Array.from(index.orders[sort]).filter((i) => matching.includes(i)));
          // The currency never changes which projects a page holds unless a price filter converts.
          if (filters.min_price === undefined && filters.max_price === undefined) {
            expect(search(index, { page: 1, perPage: 100, sort, filters: { ...filters, currency: undefined } }).items).toEqual(seen);
          }
          expect(first.facets).toEqual(expectedFacets(filters, projects));
          const byState = new Map<string, number>();
          for (const p of projects) if (matchesOthers(filters, p, 'state_id')) byState.set(p.state_id, (byState.get(p.state_id) ?? 0) + 1);
          expect(Object.fromEntries(first.countsByState.map((entry) => [entry.state_id, entry.count]))).toEqual(Object.fromEntries(byState));
        }
      ),
      { numRuns: 400 }
    );
  });

  it('finds price ranges in any currency in a collection large enough to be cut into blocks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 1, max: 3000 }), { nil: null, freq: 10 }), { minLength: 100, maxLength: 600 }),
        fc.integer({ min: 0, max: 3200 }), fc.integer({ min: 0, max: 3200 }), fc.constantFrom('AED', 'USD', 'GBP') as fc.Arbitrary<'AED' | 'USD' | 'GBP'>,
        (amounts, a, b, currency) => {
          const projects = amounts.map((price, i) => project(String(i + 1), { price: price === null ? null : price * 1000 }));
          const index = buildIndex(projects);
          const prices = currencyView(index, currency, RATES).prices;
          const [min, max] = [Math.min(a, b) * 300, Math.max(a, b) * 300];
          const found = search(index, query({ min_price: min, max_price: max, currency }, { perPage: 100, sort: 'price_asc' }), prices);
          const expected = projects.flatMap((p, i) => {
            const shown = p.price.starting_from === null ? null : currency === 'AED' ? p.price.starting_from : Math.round(p.price.starting_from / RATES[currency]);
            return shown !== null && shown >= min && shown <= max ? [i] : [];
          });
          expect(found.total).toBe(expected.length);
          expect(found.items).toEqual(Array.from(index.orders.price_asc).filter((i) => expected.includes(i)).slice(0, 100));
        }
      ),
      { numRuns: 150 }
    );
  });
});

describe('the listing response', () => {
  const projects = Array.from({ length: 40 }, (_, i) =>
    project(String(i + 1), {
      name: `${['Azure', 'Bay', 'Crest', 'Dune'][i % 4]} ${i}`, category: i % 3 ? 'Apartment' : 'Villa', city: i % 2 ? 'Dubai' : 'Abu Dhabi',
      state_id: i % 2 ? 'DU' : 'AZ', bedrooms: { label: '', types: [String(1 + (i % 5))] }, facilities: i % 4 ? ['Swimming Pool'] : ['Gym'],
      price: i % 7 ? 500_000 + i * 50_000 : null,
    })
  );
  const projectIndex = prepareIndex(buildIndex(projects));
  const usd = prepareCurrency(projectIndex.index, currencyView(projectIndex.index, 'USD', RATES));
  const page = preparePage(buildPageContent(null, () => '', () => null));
  const FILTER_SETS: Filters[] = [{}, { state_id: 'DU' }, { property_type: ['Villa'], amenities: ['Gym'] }, { bedrooms: ['2', '5+'], max_price: 600_000 }, { location: 'azure' }];

  it('keeps what a set of filters matched from its second request on, for the 256 sets asked for last', () => {
    const currency = prepareCurrency(projectIndex.index, currencyView(projectIndex.index, 'USD', RATES));
    const ask = (filters: Filters) => renderListing(projectIndex, currency, page, { page: 1, perPage: 12, sort: SORTS[0].value, filters });
    const bySize = (n: number): Filters => ({ min_area: n, currency: 'USD' });
    const keptOf = (filters: Filters) => currency.matched.get(JSON.stringify(filters));
    ask(bySize(0));
    expect(keptOf(bySize(0))).toBeUndefined();
    ask(bySize(0));
    expect(keptOf(bySize(0))).toBeDefined();
    for (let n = 1; n <= 256; n += 1) {
      ask(bySize(n));
      ask(bySize(n));
    }
    expect([keptOf(bySize(0)), keptOf(bySize(1))?.total, currency.matched.length]).toEqual([undefined, expect.any(Number), 256]);
  });

  it('answers each query as a fresh search would, whatever was asked before (the kept matches)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ filters: fc.constantFrom(...FILTER_SETS), page: fc.integer({ min: 1, max: 4 }), perPage: fc.integer({ min: 1, max: 12 }), sort: fc.constantFrom(...SORTS.map((s) => s.value)), usd: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        (queries) => {
          for (const { usd: inUsd, ...rest } of queries) {
            const query: ListingQuery = { ...rest, filters: inUsd ? { ...rest.filters, currency: 'USD' } : rest.filters };
            const currency = inUsd ? usd : projectIndex.aed;
            const { data } = JSON.parse(renderListing(projectIndex, currency, page, query).toString());
            const expected = search(projectIndex.index, query, currency.view.prices);
            expect(data.properties.data.map((card: { id: string }) => card.id)).toEqual(expected.items.map((i) => projects[i].id));
            expect(data.properties.total).toBe(expected.total);
            const named = (options: readonly string[], counts: number[]) => Object.fromEntries(options.map((option, i) => [option, counts[i]]));
            expect(data.filters.facets).toEqual({
              property_type: named(PROPERTY_TYPES, expected.facets.property_type), bedrooms: named(BEDROOMS, expected.facets.bedrooms),
              amenities: named(AMENITIES, expected.facets.amenities), area: named(AREAS, expected.facets.area),
            });
            expect(data.counts_by_state).toEqual(expected.countsByState);
            expect(data.applied_filters).toEqual(query.filters);
            expect(data.filters.price_range).toMatchObject(currency.view.priceRange);
          }
        }
      ),
      { numRuns: 60 }
    );
  });
});
