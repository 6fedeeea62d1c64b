import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIndex, indexBuild, search, searchBuild } from '../../src/api/off-plan/lib/project-catalogue';
import { listingCard } from '../../src/api/off-plan/lib/project-card';
import { DEFAULT_CLIENT_URL, DEFAULT_SITE_PATHS, useSitePaths } from '../../src/api/website/services/site-pages';
import { projectIn } from '../../src/api/off-plan/lib/project-locale';
import { runSteps } from '../../src/lib/catalogue/steps';
import { inSlices } from '../../src/plugins/extsource/server/src/slices';
import { buildPageContent, DEFAULTS } from '../../src/api/off-plan/lib/page-content';
import { parseListingQuery, SORTS, type Filters, type ListingQuery, type Sort } from '../../src/api/off-plan/lib/query';
import { parseQueryString } from '../../src/lib/query-string';
import type { NormalisedProject } from '../../src/plugins/extsource/server/src/mapping/types';

function project(id: string, overrides: Omit<Partial<NormalisedProject>, 'price'> & { price?: number | null; year?: string; sortKey?: string | null } = {}): NormalisedProject {
  const { price = 1_000_000, year = '2028', sortKey = `${year}-06`, ...rest } = overrides;
  return {
    id, ref_no: `OP-${id}`, name: `Project ${id}`, location: '', developer: { id: 1, name: 'Dev', slug: 'dev', logo: '' },
    bedrooms: { label: '', types: [] }, price: { starting_from: price, formatted: '', currency: 'AED' },
    completion: { date: year ? `Q2 ${year}` : '', year }, image: '', images: [], state_id: 'DU', state_name: 'Dubai', city: 'Dubai',
    community: '', community_id: '', sub_community: '', category: 'Apartment', status: 'Off-Plan', agent: { name: '', phone: '' },
    badge: '', address: '', specs: { beds: '', bathrooms: '', area: '' }, description: '', apartments: [], facilities: [],
    coordinates: null, gallery: [], payment_plans: [], completion_sort: year ? sortKey : null, property_types: [], size_range_sqft: null, ...rest,
  };
}

const query = (overrides: Partial<ListingQuery> = {}): ListingQuery => ({ page: 1, perPage: 16, sort: 'name_asc', filters: {}, ...overrides });

describe('parseListingQuery', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseListingQuery({})).toEqual({ ok: true, query: { page: 1, perPage: 16, sort: 'name_asc', filters: {} } });
  });

  it.each([
    [{ state_id: 'dxb' }, { state_id: 'DU' }],
    [{ state_id: 'Abu Dhabi' }, { state_id: 'AZ' }],
    [{ developer_id: '12' }, { developer_id: 12 }],
    [{ min_price: '0', max_price: '2500000.50' }, { min_price: 0, max_price: 2500000.5 }],
    [{ project_name: '  Marina ' }, { project_name: 'Marina' }],
    [{ completion_year: '2027' }, { completion_year: '2027' }],
    [{ state_id: '', developer_id: '  ' }, {}],
    // A name without "=" (Strapi's parser reads it as null) is empty too.
    [{ state_id: null, location: null }, {}],
    [{ property_type: 'villa, Apartment' }, { property_type: ['Apartment', 'Villa'] }],
    [{ property_type: ['Penthouses', 'VILLA', 'villas'] }, { property_type: ['Villa', 'Penthouse'] }],
    [{ property_type: 'Town House,,' }, { property_type: ['Townhouse'] }],
    [{ property_type: ' , ', bedrooms: ['', ''] }, {}],
    [{ bedrooms: 'studio,2,5+' }, { bedrooms: ['Studio', '2', '5+'] }],
    // "5+" arrives as "5 " when the "+" is not escaped; any count from five is "5+".
    [{ bedrooms: ['5 ', '7', '0', '1'] }, { bedrooms: ['Studio', '1', '5+'] }],
    [{ amenities: 'gym,POOL' }, { amenities: ['Pool', 'Gym'] }],
    [{ amenities: ['Swimming Pool', 'Landscaped Garden', 'covered parking'] }, { amenities: ['Pool', 'Parking', 'Garden'] }],
    [{ area: '2br,4BR+,studio' }, { area: ['Studio', '2BR', '4BR+'] }],
    [{ area: ['1', '6', '4br '] }, { area: ['1BR', '4BR+'] }],
    [{ min_area: '750', max_area: '1200.5' }, { min_area: 750, max_area: 1200.5 }],
    [{ location: '  Dubai   Marina ' }, { location: 'Dubai Marina' }],
    [{ location: 'Sóbha' }, { location: 'Sóbha' }],
    [{ currency: 'usd' }, { currency: 'USD' }],
    [{ currency: ' Gbp ' }, { currency: 'GBP' }],
    [{ currency: 'AED' }, { currency: 'AED' }],
    [
      { currency: 'USD', location: 'marina', area: '2BR', amenities: 'Pool', bedrooms: '2', property_type: 'Apartment', max_price: '900000', state_id: 'du' },
      { state_id: 'DU', max_price: 900000, property_type: ['Apartment'], bedrooms: ['2'], amenities: ['Pool'], area: ['2BR'], location: 'marina', currency: 'USD' },
    ],
  ])('normalises %j to %j', (raw, filters) => {
    const result = parseListingQuery(raw);
    expect(result.ok && result.query.filters).toEqual(filters);
  });

  it.each([
    [{ page: '0' }, 'page'], [{ page: '1.5' }, 'page'], [{ page: ['1', '2'] }, 'page'], [{ per_page: '101' }, 'per_page'], [{ per_page: '0' }, 'per_page'],
    [{ sort: 'newest' }, 'sort'], [{ developer_id: '0' }, 'developer_id'], [{ developer_id: 'x' }, 'developer_id'], [{ completion_year: '27' }, 'completion_year'],
    [{ state_id: 'QA' }, 'state_id'], [{ min_price: '-1' }, 'min_price'], [{ max_price: '1e6' }, 'max_price'], [{ project_name: 'x'.repeat(101) }, 'project_name'],
    [{ min_price: '10', max_price: '9' }, 'max_price'], [{ state_id: { $ne: 'DU' } }, 'state_id'],
    [{ property_type: 'Castle' }, 'property_type'], [{ property_type: 'Apartment,Office' }, 'property_type'], [{ property_type: { a: 'Villa' } }, 'property_type'],
    [{ property_type: ['Villa', { a: 1 }] }, 'property_type'], [{ property_type: 'Villas & Townhouses' }, 'property_type'],
    [{ bedrooms: '1.5' }, 'bedrooms'], [{ bedrooms: '-1' }, 'bedrooms'], [{ bedrooms: 'two' }, 'bedrooms'], [{ bedrooms: '1BR' }, 'bedrooms'],
    [{ amenities: 'Sauna' }, 'amenities'], [{ amenities: 'Pool Table' }, 'amenities'], [{ area: '2BHK' }, 'area'], [{ area: '1.5' }, 'area'],
    [{ min_area: '-1' }, 'min_area'], [{ max_area: 'big' }, 'max_area'], [{ max_area: '9'.repeat(400) }, 'max_area'], [{ min_area: ['1', '2'] }, 'min_area'],
    [{ min_area: '10', max_area: '9' }, 'max_area'], [{ location: 'x'.repeat(101) }, 'location'], [{ location: '!!! --' }, 'location'],
    [{ location: ['a', 'b'] }, 'location'], [{ currency: 'EUR' }, 'currency'], [{ currency: ['USD', 'GBP'] }, 'currency'],
  ])('refuses %j on %s', (raw, field) => {
    const result = parseListingQuery(raw as Record<string, unknown>);
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors)).toEqual([field]);
  });
});

describe('query strings as Strapi reads them (the fast lane and the full path alike)', () => {
  it('reads repeats as lists, brackets as lists and objects, escapes in keys as the key', () => {
    expect(parseQueryString('page=2&state_id=DU&state_id=AZ')).toEqual({ page: '2', state_id: ['DU', 'AZ'] });
    expect(parseQueryString('state_id[]=DU')).toEqual({ state_id: ['DU'] });
    expect(parseQueryString('%6Cocale=ar&a[$ne]=1')).toEqual({ locale: 'ar', a: { $ne: '1' } });
    expect(parseQueryString('location=Dubai+Marina&bedrooms=5%2B')).toEqual({ location: 'Dubai Marina', bedrooms: '5+' });
    expect(parseQueryString('')).toEqual({});
  });

  it("keeps Strapi's options: a bare key is null, more than 100 items an object", () => {
    expect(parseQueryString('locale')).toEqual({ locale: null });
    expect(parseQueryString('location=%FF')).toEqual({ location: '%FF' });
    expect(Array.isArray(parseQueryString(Array.from({ length: 101 }, (_, i) => `b[${i}]=1`).join('&')).b)).toBe(false);
  });
});

describe('search', () => {
  const projects = [
    project('10', { name: 'Beta', price: 2_000_000, year: '2027', state_id: 'DU' }),
    project('2', { name: 'alpha', price: null, year: '2029', state_id: 'AZ', state_name: 'Abu Dhabi' }),
    project('3', { name: 'Alpha', price: 900_000, year: '', state_id: 'DU', developer: { id: 7, name: 'Other', slug: 'other', logo: '' } }),
    project('1', { name: 'Gamma', price: 900_000, year: '2027', state_id: 'SH', state_name: 'Sharjah' }),
  ];
  const index = buildIndex(projects);
  const ids = (sort: Sort, filters: Filters = {}) => search(index, query({ sort, filters })).items.map((i) => projects[i].id);

  it.each([
    ['name_asc', ['2', '3', '10', '1']],
    ['name_desc', ['1', '10', '2', '3']],
    ['price_asc', ['1', '3', '10', '2']],
    ['price_desc', ['10', '1', '3', '2']],
    ['completion_asc', ['1', '10', '2', '3']],
    ['completion_desc', ['2', '1', '10', '3']],
  ] as Array<[Sort, string[]]>)('sorts %s with ties by id and missing values last', (sort, expected) => {
    expect(ids(sort)).toEqual(expected);
  });

  it.each([
    [{ state_id: 'DU' }, ['3', '10']],
    [{ developer_id: 7 }, ['3']],
    [{ completion_year: '2027' }, ['10', '1']],
    [{ project_name: 'ALP' }, ['2', '3']],
    [{ min_price: 1_000_000 }, ['10']],
    [{ max_price: 900_000 }, ['3', '1']],
    [{ state_id: 'DU', completion_year: '2027' }, ['10']],
    [{ developer_id: 99 }, []],
  ] as Array<[Filters, string[]]>)('filters %j', (filters, expected) => {
    expect(ids('name_asc', filters)).toEqual(expected);
  });

  it('counts per emirate everything but the state filter, by count then name', () => {
    expect(search(index, query({ filters: { state_id: 'SH' } })).countsByState).toEqual([
      { state_id: 'DU', state_name: 'Dubai', count: 2 },
      { state_id: 'AZ', state_name: 'Abu Dhabi', count: 1 },
      { state_id: 'SH', state_name: 'Sharjah', count: 1 },
    ]);
    expect(search(index, query({ filters: { state_id: 'SH', completion_year: '2027' } })).countsByState).toEqual([
      { state_id: 'DU', state_name: 'Dubai', count: 1 },
      { state_id: 'SH', state_name: 'Sharjah', count: 1 },
    ]);
  });

  it('has the price range, developers by name and years ascending', () => {
    expect(index.priceRange).toEqual({ min: 900_000, max: 2_000_000 });
    expect(index.developers.map((developer) => developer.name)).toEqual(['Dev', 'Other']);
    expect(index.completionYears).toEqual([{ value: '2027', label: '2027' }, { value: '2029', label: '2029' }]);
  });

  it('pages past the end keep the total', () => {
    expect(search(index, query({ page: 3, perPage: 2 }))).toMatchObject({ total: 4, items: [] });
  });
});

describe('the index built in steps (decision 93)', () => {
  const byIdText = new Intl.Collator('en', { numeric: true }).compare;
  const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;
  const names = fc.constantFrom('Alpha', 'alpha', 'ÁLPHA', 'Beta 2', 'beta 10', 'Gamma', 'Zeta', '');
  const ids = fc.uniqueArray(fc.stringMatching(/^0?[0-9]{1,3}$/), { minLength: 1, maxLength: 40 });

  it('sorts by name as the collator does, ties by id, whatever the names and ids (property-based)', () => {
    fc.assert(
      fc.property(ids, fc.array(names, { minLength: 40, maxLength: 40 }), (idList, nameList) => {
        const projects = idList.map((id, i) => project(id, { name: nameList[i] }));
        const expected = projects.map((_, i) => i).sort((a, b) => byName(projects[a].name, projects[b].name) || byIdText(projects[a].id, projects[b].id));
        const { orders } = buildIndex(projects);
        expect([...orders.name_asc]).toEqual(expected);
        const descending = projects.map((_, i) => i).sort((a, b) => byName(projects[b].name, projects[a].name) || byIdText(projects[a].id, projects[b].id));
        expect([...orders.name_desc]).toEqual(descending);
      }),
      { numRuns: 200 }
    );
  });

  it('is the same index whether built at once or a slice at a time', async () => {
    const projects = Array.from({ length: 450 }, (_, i) => project(String(i + 1), { name: `Project ${i % 37}`, price: i % 5 ? 500_000 + i * 1000 : null }));
    const sliced = await inSlices(indexBuild(projects), async () => undefined);
    expect(sliced).toEqual(buildIndex(projects));
  });

  it("serialises a kept project's card once, and again when its object, its slug or its developer's slug changes (decision 242)", () => {
    const kept = project('1', { name: 'Kept' });
    const before = buildIndex([kept, project('2')], { slugs: new Map([['1', 'kept'], ['2', 'two']]) });
    const replaced = project('2', { name: 'Renamed' });
    const after = buildIndex([kept, replaced], { slugs: new Map([['1', 'kept'], ['2', 'two']]) });
    expect(after.cardBytes[0]).toBe(before.cardBytes[0]);
    expect(JSON.parse(after.cardBytes[1].toString())).toMatchObject({ name: 'Renamed' });

    const moved = buildIndex([kept], { slugs: new Map([['1', 'kept-moved']]) });
    expect(JSON.parse(moved.cardBytes[0].toString())).toMatchObject({ slug: 'kept-moved' });
    const developerMoved = buildIndex([kept], { slugs: new Map([['1', 'kept-moved']]), developerSlugs: new Map([[1, 'dev-moved']]) });
    expect(JSON.parse(developerMoved.cardBytes[0].toString())).toMatchObject({ slug: 'kept-moved', developer: { slug: 'dev-moved' } });
    // And each is what serialising the card anew gives.
    for (const index of [before, after, moved, developerMoved]) {
      index.cardBytes.forEach((bytes, position) => expect(bytes.toString()).toBe(JSON.stringify(listingCard(index.projects[position], index.slugs[position], index.locale, index.developerSlugs))));
    }
  });

  it("makes a kept project's card anew when the site's URL or paths change (its canonical_url)", () => {
    const kept = project('1', { name: 'Kept' });
    const slugs = new Map([['1', 'kept']]);
    const before = buildIndex([kept], { slugs });
    try {
      useSitePaths({ clientUrl: 'https://www.example.ae', paths: { ...DEFAULT_SITE_PATHS, project: { en: '/projects/{slug}', ar: '/ar/projects/{slug}' } } });
      const after = buildIndex([kept], { slugs });
      expect(after.cardBytes[0]).not.toBe(before.cardBytes[0]);
      expect(JSON.parse(after.cardBytes[0].toString())).toMatchObject({ slug: 'kept', canonical_url: 'https://www.example.ae/projects/kept' });
    } finally {
      useSitePaths({ clientUrl: DEFAULT_CLIENT_URL, paths: DEFAULT_SITE_PATHS });
    }
  });
});

describe("a locale's index and the collection's search", () => {
  const translated = (city: string, name: string) => ({ ar: { name, description: '', location: city, city, community: '', sub_community: '', badge: '' } });
  const projects = [
    project('1', { city: 'Dubai Marina', translations: translated('مرسى دبي', 'برج') }),
    project('2', { city: 'Downtown', translations: translated('وسط المدينة', 'قصر') }),
  ];
  const collectionSearch = runSteps(searchBuild(projects));
  const arabic = buildIndex(projects.map((item) => projectIn(item, 'ar')), { locale: 'ar', search: collectionSearch });
  const found = (location: string) => search(arabic, query({ filters: { location } })).items.map((position) => arabic.projects[position].id);

  it('finds the Arabic view of a project by its places in either language', () => {
    expect(found('marina')).toEqual(['1']);
    expect(found('مرسى')).toEqual(['1']);
    expect(found('downtown')).toEqual(['2']);
  });

  it("shares the collection's search with every locale's index instead of building its own", () => {
    const english = buildIndex(projects, { search: collectionSearch });
    expect(arabic.shared.words).toBe(english.shared.words);
    expect(arabic.shared.texts).toBe(english.shared.texts);
    expect(arabic.shared.intervals).toBe(english.shared.intervals);
  });
});

describe('paging (property-based)', () => {
  const states = ['AZ', 'DU', 'SH', 'RK'] as const;
  const arbitraryProject = fc.record({
    name: fc.constantFrom('Azure', 'azure', 'Bay', 'Crest', 'Dune', 'Opal'),
    price: fc.option(fc.integer({ min: 100_000, max: 5_000_000 }), { nil: null }),
    year: fc.constantFrom('2026', '2027', '2028', ''),
    state: fc.constantFrom(...states),
    developer: fc.integer({ min: 1, max: 4 }),
  });
  const arbitraryFilters = fc.record(
    {
      state_id: fc.constantFrom(...states),
      developer_id: fc.integer({ min: 1, max: 4 }),
      completion_year: fc.constantFrom('2026', '2027', '2028'),
      project_name: fc.constantFrom('az', 'Bay', 'e'),
      min_price: fc.integer({ min: 0, max: 3_000_000 }),
    },
    { requiredKeys: [] }
  );

  it('returns every matching project exactly once, in one order, whatever the filters, sort and page size', () => {
    fc.assert(
      fc.property(fc.array(arbitraryProject, { maxLength: 60 }), arbitraryFilters, fc.constantFrom(...SORTS.map((s) => s.value)), fc.integer({ min: 1, max: 7 }), (specs, filters, sort, perPage) => {
        const projects = specs.map((spec, i) =>
          project(String(i + 1), {
            name: spec.name, price: spec.price, year: spec.year, state_id: spec.state,
            developer: { id: spec.developer, name: `Dev ${spec.developer}`, slug: '', logo: '' },
          })
        );
        const index = buildIndex(projects);
        const first = search(index, query({ sort, filters: filters as Filters, perPage }));
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(first.total / perPage) + 1; page += 1) {
          seen.push(...search(index, query({ sort, filters: filters as Filters, perPage, page })).items);
        }
        const matching = projects
          .map((p, i) => [p, i] as const)
          .filter(([p]) =>
            (!filters.state_id || p.state_id === filters.state_id) &&
            (filters.developer_id === undefined || p.developer.id === filters.developer_id) &&
            (!filters.completion_year || p.completion.year === filters.completion_year) &&
            (!filters.project_name || p.name.toLowerCase().includes(filters.project_name.toLowerCase())) &&
            (filters.min_price === undefined || (p.price.starting_from !== null && p.price.starting_from >= filters.min_price))
          )
          .map(([, i]) => i);
        expect(seen.length).toBe(first.total);
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort((a, b) => a - b)).toEqual(matching);
        expect(search(index, query({ sort, filters: filters as Filters, perPage: 100, page: 1 })).items.slice(0, seen.length)).toEqual(seen.slice(0, 100));
      }),
      { numRuns: 300 }
    );
  });
});

describe('buildPageContent', () => {
  const image = () => 'https://x/placeholder.svg';

  it('uses every default for an empty or inactive page', () => {
    for (const record of [null, {}, { is_active: false, listing_page_title: 'Hidden' }]) {
      const page = buildPageContent(record, image, () => null);
      expect(page.listingTitle).toBe(DEFAULTS.listingTitle);
      expect(page.exploreByCity.columns).toHaveLength(4);
      expect(page.exploreByCity.recommended_searches.links.every((link) => link.url === '#')).toBe(true);
      expect(page.faq.items).toHaveLength(7);
      expect(page.faq.items.filter((item) => item.answer !== '')).toHaveLength(1);
    }
  });

  it('uses what the editor filled in, field by field', () => {
    const page = buildPageContent({
      listing_page_title: ' Launches ', faq_items: [{ question: 'Q?', answer: null }, { question: '  ' }],
      explore_by_city_columns: [{ links: [{ label: 'Marina', url: '/m' }] }, { links: [] }],
      useful_links: { title: '', links: [{ label: 'Guide', url: '/g' }] },
    }, image, () => null);
    expect(page.listingTitle).toBe('Launches');
    expect(page.hero.title).toBe('Launches');
    expect(page.faq.items).toEqual([{ question: 'Q?', answer: '' }]);
    expect(page.exploreByCity.columns).toEqual([{ links: [{ label: 'Marina', url: '/m' }] }]);
    expect(page.exploreByCity.useful_links).toEqual({ title: 'Useful Links', links: [{ label: 'Guide', url: '/g' }] });
    expect(page.exploreByCity.other_property_types).toEqual(DEFAULTS.propertyTypes);
  });
});
