/**
 * The search box's matching (issue 44) on real UAE names in both languages: the folding of what is typed
 * (case, accents, Arabic letter forms, diacritics, tatweel, Arabic-Indic digits), the typo rules (one
 * edit in 4 to 7 letters, two from 8, none below), the other names' table, the ranking within a group,
 * and the references; and, for random places at 12,000 listings, that a suggestion's count is the total
 * its query gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameSearch, typoBudget } from '../../src/lib/catalogue/name-search';
import { searchWords } from '../../src/api/catalogues/services/vocabulary';
import { suggest, suggestIndexOf } from '../../src/api/search/lib/suggest-index';
import { suggestiblesOf, type SuggestSources } from '../../src/api/search/lib/suggestibles';
import type { CataloguePlace } from '../../src/api/catalogues/services/registry';
import { parseSuggestQuery } from '../../src/api/search/lib/query';
import { buildListingIndex } from '../../src/api/properties/lib/listing-catalogue';
import { countListings } from '../../src/api/properties/services/listing-match';
import type { Listing } from '../../src/api/properties/lib/listing';

const NAMES: string[][] = [
  ['Dubai Marina', 'مرسى دبي', 'دبي مارينا'],
  ['Marina Gate'],
  ['Al Marjan Island', 'جزيرة المرجان'],
  ['Downtown Dubai', 'وسط مدينة دبي', 'Downtown'],
  ['Jumeirah Village Circle', 'قرية جميرا الدائرية', 'JVC'],
  ['Jumeirah Lake Towers', 'أبراج بحيرات جميرا', 'JLT'],
  ['Palm Jumeirah', 'نخلة جميرا'],
  ['Emaar Properties', 'Emaar', 'إعمار'],
  ['Sobha Realty', 'Sobha', 'شوبا'],
  ['Ras Al Khaimah', 'رأس الخيمة', 'RAK'],
  ['Sóbha Hartland'],
  ['Tower 7'],
  ['Business Bay', 'الخليج التجاري'],
  ['Palmera'],
];
const names = nameSearch(NAMES, searchWords);
const found = (typed: string) => names.find(typed).map(({ item, match }) => `${NAMES[item][0]}:${match}`);

describe('what the box finds', () => {
  it.each([
    ['mar', ['Dubai Marina:prefix', 'Marina Gate:prefix', 'Al Marjan Island:prefix']],
    ['MARINA', ['Dubai Marina:exact', 'Marina Gate:exact']],
    ['dubai marina', ['Dubai Marina:exact']],
    ['jvc', ['Jumeirah Village Circle:exact']],
    ['JLT', ['Jumeirah Lake Towers:exact']],
    ['Downtwon', ['Downtown Dubai:typo']],
    ['Jumeira', ['Jumeirah Village Circle:prefix', 'Jumeirah Lake Towers:prefix', 'Palm Jumeirah:prefix']],
    ['Jumierah', ['Jumeirah Village Circle:typo', 'Jumeirah Lake Towers:typo', 'Palm Jumeirah:typo']],
    ['Emmar', ['Emaar Properties:typo']],
    ['emar', ['Emaar Properties:typo']],
    ['sobha', ['Sobha Realty:exact', 'Sóbha Hartland:exact']],
    ['rak', ['Ras Al Khaimah:exact']],
    ['tower ٧', ['Tower 7:exact']],
  ])('%s', (typed, expected) => {
    expect(found(typed)).toEqual(expected);
  });

  it.each([
    ['دبي مارينا', ['Dubai Marina:exact']],
    // Alef maqsura typed as yaa.
    ['مرسي دبي', ['Dubai Marina:exact']],
    // Hamza forms: alef with hamza below, or bare alef.
    ['اعمار', ['Emaar Properties:exact']],
    ['إعمار', ['Emaar Properties:exact']],
    ['راس الخيمه', ['Ras Al Khaimah:exact']],
    // Diacritics and tatweel.
    ['جَزِيـرة المرجان', ['Al Marjan Island:exact']],
    ['جمير', ['Jumeirah Village Circle:prefix', 'Jumeirah Lake Towers:prefix', 'Palm Jumeirah:prefix']],
  ])('Arabic: %s', (typed, expected) => {
    expect(found(typed)).toEqual(expected);
  });

  it.each([
    ['Dubia', ['Dubai Marina:typo', 'Downtown Dubai:typo']],
    ['Plam', ['Palm Jumeirah:typo']],
    ['Plam Jumeirah', ['Palm Jumeirah:typo']],
    ['Majran', ['Al Marjan Island:typo']],
    ['Jumierah', ['Jumeirah Village Circle:typo', 'Jumeirah Lake Towers:typo', 'Palm Jumeirah:typo']],
    ['Downtwon', ['Downtown Dubai:typo']],
    ['Bsuiness Bay', ['Business Bay:typo']],
    // A swap and a substitution in 8 letters or more; two swaps.
    ['Dowmtwon', ['Downtown Dubai:typo']],
    ['Bsuinses Bay', ['Business Bay:typo']],
    // Arabic: جيمرا for جميرا, التجراي for التجاري.
    ['نخلة جيمرا', ['Palm Jumeirah:typo']],
    ['الخليج التجراي', ['Business Bay:typo']],
  ])('counts two neighbouring letters swapped as one typo: %s', (typed, expected) => {
    expect(found(typed)).toEqual(expected);
  });

  it('finds no stranger by a swap: the swapped word is whole, and 3 letters stay exact', () => {
    expect(found('Palm')).toEqual(['Palm Jumeirah:exact', 'Palmera:prefix']);
    // A swap and a beginning at once would be two slips in 4 letters.
    expect(found('Plam')).not.toContain('Palmera:typo');
    expect(found('Plame')).toEqual([]);
    expect(found('Dubai')).toEqual(['Dubai Marina:exact', 'Downtown Dubai:exact']);
    // Two swaps in 5 letters.
    expect(found('Dbuia')).toEqual([]);
    expect(found('jlt')).toEqual(['Jumeirah Lake Towers:exact']);
    expect(found('ljt')).toEqual([]);
    expect(found('Yab')).toEqual([]);
  });

  it('allows no typo under 4 letters, one from 4 to 7, two from 8', () => {
    expect([typoBudget('jcv'), typoBudget('emar'), typoBudget('jumeira'), typoBudget('downtwon')]).toEqual([0, 1, 1, 2]);
    expect(found('jcv')).toEqual([]);
    expect(found('Ennar')).toEqual([]);
    // Two substitutions and a swap.
    expect(found('Dowmtwom')).toEqual([]);
    expect(found('')).toEqual([]);
  });
});

describe('the query', () => {
  it('takes q of 1 to 100 characters with a letter or digit, and limit from 1 to 10 (5 when absent)', () => {
    expect(parseSuggestQuery({ q: ' مرسى ' }, 'en')).toEqual({ ok: true, query: { q: 'مرسى', limit: 5 } });
    expect(parseSuggestQuery({ q: '٧', limit: '10' }, 'en')).toEqual({ ok: true, query: { q: '7', limit: 10 } });
    for (const q of [undefined, '', '?!', 'a'.repeat(101), ['a', 'b']]) expect(parseSuggestQuery({ q }, 'en')).toMatchObject({ ok: false, errors: { q: [expect.any(String)] } });
    expect(parseSuggestQuery({ q: 'a', limit: '11' }, 'ar')).toMatchObject({ ok: false, errors: { limit: [expect.stringContaining('limit')] } });
  });

  it('refuses q with a control character anywhere, even where trimming would drop it', () => {
    for (const q of ['Dubai\u0000', 'Du\u0007bai', 'Dubai\r\nX: 1', '\tDubai', 'Dubai\u0085']) {
      expect(parseSuggestQuery({ q }, 'en')).toEqual({ ok: false, errors: { q: ['The q contains control characters, which are not allowed.'] } });
    }
    expect(parseSuggestQuery({ q: 'Dubai\u0000' }, 'ar')).toMatchObject({ ok: false, errors: { q: [expect.stringContaining('q')] } });
  });
});

/** A catalogue of a few places with given counts, and the listings' references. */
function sources(places: CataloguePlace[], homes: Record<string, number>): SuggestSources {
  const location = (query: string) => decodeURIComponent(/location=([^&]*)/.exec(query)?.[1] ?? '');
  return {
    catalogues: [
      {
        name: 'projects',
        places,
        developers: [{ id: 4, name: 'Emaar Properties', slug: 'emaar' }],
        items: [{ type: 'project', names: { en: 'Marina Vista', ar: 'مارينا فيستا' }, slug: 'marina-vista', fields: {} }],
        count: (query) => (query.startsWith('developer_id') ? 3 : homes[location(query)] ?? 0),
      },
      {
        name: 'listings',
        places: [],
        developers: [],
        items: [
          { type: 'listing', names: { en: 'LS-1024', ar: '' }, slug: 'flat-1024', fields: { purpose: 'rent' } },
          { type: 'listing', names: { en: 'LS-10', ar: '' }, slug: 'flat-10', fields: { purpose: 'sale' } },
        ],
        count: (query) => (query.startsWith('purpose=sale') ? homes[location(query)] ?? 0 : 0),
      },
    ],
    areaGuides: new Map([['dubai marina', 'living-in-dubai-marina']]),
  };
}

describe('the suggestions', () => {
  const index = suggestIndexOf(
    suggestiblesOf(
      sources(
        [
          { state_id: 'DU', city: 'Dubai', community: 'Dubai Marina', sub_community: 'Marina Gate', arabic: { city: 'دبي', community: 'مرسى دبي', sub_community: '' } },
          { state_id: 'DU', city: 'Dubai', community: 'Dubai Marina', sub_community: '' },
          { state_id: 'RK', city: 'Ras Al Khaimah', community: 'Al Marjan Island', sub_community: '' },
          { state_id: 'DU', city: 'Dubai', community: 'Marsa Nowhere', sub_community: '' },
        ],
        { Dubai: 50, 'Dubai Marina': 10, 'Marina Gate': 4, 'Al Marjan Island': 30, 'Ras Al Khaimah': 30 }
      )
    )
  );
  const labels = (typed: string, limit = 5) => {
    const groups = suggest(index, typed, limit);
    return Object.fromEntries(Object.entries(groups).map(([group, items]) => [group, items.map(({ item, match }) => `${index.items[item].names.en}:${match}`)]));
  };

  it('leaves out what has nothing behind it, and ranks exact, prefix, typo, then by the homes behind', () => {
    expect(labels('mar').communities).toEqual(['Al Marjan Island:prefix', 'Dubai Marina:prefix', 'Marina Gate:prefix']);
    expect(labels('marina').communities).toEqual(['Dubai Marina:exact', 'Marina Gate:exact']);
    expect(labels('marna').communities).toEqual(['Dubai Marina:typo', 'Marina Gate:typo']);
    expect(labels('dubai mar').communities).toEqual(['Dubai Marina:prefix']);
    expect(labels('mar', 1).communities).toEqual(['Al Marjan Island:prefix']);
    expect(labels('marsa').communities).toEqual([]);
    expect(labels('marina').projects).toEqual(['Marina Vista:exact']);
  });

  it('keeps a sub-community with its community, and the Arabic names a project gives', () => {
    const gate = index.items.find((item) => item.names.en === 'Marina Gate')!;
    expect(gate).toMatchObject({ type: 'sub_community', community: { en: 'Dubai Marina', ar: 'مرسى دبي' }, query: 'state_id=DU&location=Marina%20Gate', counts: { off_plan: 4, sale: 4, rent: 0 } });
    expect(index.items.find((item) => item.type === 'city' && item.names.en === 'Dubai')!.names.ar).toBe('دبي');
  });

  it('opens a community\'s area guide where one is published, its query still selecting its homes', () => {
    const marina = index.items.find((item) => item.type === 'community' && item.names.en === 'Dubai Marina')!;
    expect(marina).toMatchObject({ query: 'state_id=DU&location=Dubai%20Marina', page: { kind: 'area-guide', slug: 'living-in-dubai-marina' } });
    expect(index.items.find((item) => item.names.en === 'Al Marjan Island')!.page).toBeNull();
    expect(index.items.find((item) => item.names.en === 'Marina Gate')!.page).toBeNull();
  });

  it('finds a reference by its beginning, when what was typed holds a digit', () => {
    expect(labels('ls-10').listings).toEqual(['LS-10:exact', 'LS-1024:prefix']);
    expect(labels('LS 102').listings).toEqual(['LS-1024:prefix']);
    expect(labels('ls').listings).toEqual([]);
  });

  it('always answers every group', () => {
    expect(Object.keys(labels('zzzz'))).toEqual(['emirates', 'cities', 'communities', 'developers', 'projects', 'listings']);
  });
});

describe('a suggested place at 12,000 listings', () => {
  const COMMUNITIES = ['Dubai Marina', 'Marina Gate', 'Palm Jumeirah', 'Al Reem Island', 'Business Bay', 'Al Marjan Island', 'Jumeirah Village Circle'];
  const listing = (id: number): Listing => ({
    id, reference: `LS-${id}`, purpose: id % 3 === 0 ? 'rent' : 'sale', title: `Home ${id}`, title_ar: '', description: '', description_ar: '', category: 'Apartment',
    property_name: `Tower ${id % 9}`, community: COMMUNITIES[id % COMMUNITIES.length], sub_community: id % 5 === 0 ? 'Marina Gate' : '', city: id % 2 ? 'Dubai' : 'Ras Al Khaimah',
    state_id: id % 2 ? 'DU' : 'RK', bedrooms: '1', bathrooms: 1, area_sqft: 800, price: 100_000 + id, price_on_request: false, currency: 'AED', agent: { name: '', phone: '', photo: '' },
    agent_email: '', images: [], brochure_url: '', latitude: null, longitude: null, handover_date: '', permit_number: 'P', completion_status: 'ready', furnishing: '', parking: '', view: '', fittings: '', listed_at: id,
  });
  const listings = Array.from({ length: 12_000 }, (_, i) => listing(i + 1));
  const index = buildListingIndex(listings, 'en', new Map());
  const items = suggestiblesOf({
    catalogues: [
      { name: 'projects', places: [], developers: [], items: [], count: () => 0 },
      { name: 'listings', places: listings, developers: [], items: [], count: (query) => countListings(index, query) },
    ],
    areaGuides: new Map(),
  });

  it('counts what the listing route totals for its query, and the listing with that place is never empty', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: items.length - 1 }), (at) => {
        const item = items[at];
        if (!item.query) return;
        expect(item.counts.sale).toBe(countListings(index, `purpose=sale&${item.query}`));
        expect(item.counts.rent).toBe(countListings(index, `purpose=rent&${item.query}`));
        expect(item.counts.sale + item.counts.rent).toBeGreaterThan(0);
      }),
      { numRuns: 50 }
    );
    expect(items.filter((item) => item.type === 'community').length).toBe(COMMUNITIES.length * 2);
  });
});
