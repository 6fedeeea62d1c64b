/**
 * The catalogues' one query parser (src/lib/catalogue/engine/query.ts) read from a description: a third
 * catalogue's query is its description alone. Its 422s come in the description's order, each in the
 * request's language; its top fields, defaults and filters are what the description names.
 */
import { describe, expect, it } from 'vitest';
import { countOptions, oneNamed } from '../../src/lib/catalogue/engine/options';
import { listParam, paging, parameterNames, parseQuery, queryDescription, rangeParam, readElsewhere, valueParam, type PagingMessages, type ParsedQuery, type QueryDescription } from '../../src/lib/catalogue/engine/query';

interface BoatMessages extends PagingMessages {
  kind: string;
  name: string;
  length(name: string): string;
  lengthOrder: string;
  colour(options: string): string;
  harbour: string;
}

const english: BoatMessages = {
  page: 'page?', perPage: (max) => `per page up to ${max}?`, sort: (values) => `sort of ${values}?`, near: 'near?', distanceSort: 'distance needs near',
  kind: 'kind?', name: 'name?', length: (name) => `${name}?`, lengthOrder: 'max below min', colour: (options) => `colour of ${options}?`, harbour: 'harbour?',
};
const arabic: BoatMessages = { ...english, kind: 'النوع؟' };

const BOATS = queryDescription<BoatMessages>({
  messages: { en: english, ar: arabic },
  params: [
    valueParam('kind', (text) => (['sail', 'motor'].includes(text) ? text : undefined), (m: BoatMessages) => m.kind, { required: true, top: true }),
    ...paging<BoatMessages>({ sorts: ['newest', 'longest'], defaultSort: 'newest', defaultPerPage: 12, maxPerPage: 50 }),
    { kind: 'text', name: 'name', max: 10, message: (m) => m.name },
    rangeParam(['min_length', 'max_length'], (m: BoatMessages, name) => m.length(name), (m) => m.lengthOrder),
    listParam('colour', ['red', 'blue'], (item) => (['red', 'blue'].includes(item.toLowerCase()) ? item.toLowerCase() : undefined), (m: BoatMessages, _name, options) => m.colour(options)),
    { kind: 'words', name: 'harbour', max: 20, words: (text) => text.split(/\W+/).filter(Boolean), message: (m) => m.harbour },
  ],
});

interface BoatQuery extends ParsedQuery {
  kind: string;
}

const parse = (raw: Record<string, unknown>, locale: 'en' | 'ar' = 'en') => parseQuery<BoatQuery, BoatMessages>(BOATS, raw, locale);

describe('a catalogue query read from its description', () => {
  it('gives its top field first, the paging defaults and the filters in the description order', () => {
    const parsed = parse({ harbour: '  Port   Rashid ', colour: 'Blue,red', max_length: '30', min_length: '12', name: 'Aria', kind: 'sail' });
    expect(parsed).toEqual({ ok: true, query: { kind: 'sail', page: 1, perPage: 12, sort: 'newest', filters: { name: 'Aria', min_length: 12, max_length: 30, colour: ['red', 'blue'], harbour: 'Port Rashid' } } });
    expect(parsed.ok && Object.keys(parsed.query)).toEqual(['kind', 'page', 'perPage', 'sort', 'filters']);
    expect(parsed.ok && Object.keys(parsed.query.filters)).toEqual(['name', 'min_length', 'max_length', 'colour', 'harbour']);
  });

  it('takes a range whose ends are equal, and refuses one whose max is below its min', () => {
    expect(parse({ kind: 'motor', min_length: '12', max_length: '12' }).ok).toBe(true);
    expect(parse({ kind: 'motor', min_length: '12', max_length: '11' })).toEqual({ ok: false, errors: { max_length: ['max below min'] } });
  });

  it('reports every bad parameter together, in the description order, in the request language', () => {
    const raw = { harbour: '!!', colour: 'green', min_length: 'long', name: 'A very long name', sort: 'fastest', per_page: '51', page: '0' };
    const parsed = parse(raw);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors)).toEqual(['kind', 'page', 'per_page', 'sort', 'name', 'min_length', 'colour', 'harbour']);
    expect(parsed.errors).toMatchObject({ kind: ['kind?'], per_page: ['per page up to 50?'], sort: ['sort of newest, longest?'], colour: ['colour of red, blue?'] });
    expect(!parse(raw, 'ar').ok && parse(raw, 'ar')).toMatchObject({ errors: { kind: ['النوع؟'] } });
  });

  it('sorts by distance only with near, and keeps near as the query field', () => {
    expect(parse({ kind: 'sail', sort: 'distance' })).toEqual({ ok: false, errors: { sort: ['distance needs near'] } });
    expect(parse({ kind: 'sail', sort: 'distance', near: '25.1,55.2' })).toMatchObject({ ok: true, query: { sort: 'distance', near: [25.1, 55.2] } });
  });

  it('is a description with its paging once', () => {
    expect(() => queryDescription<BoatMessages>({ messages: BOATS.messages, params: [] })).toThrow(/paging once/);
  });
});

describe('a query that refuses what its description does not name', () => {
  interface Strict {
    unknown(name: string): string;
    number(name: string): string;
    sort(sorts: string): string;
  }
  const strictly: Strict = { unknown: (name) => `${name} unknown`, number: (name) => `${name} not a number`, sort: (sorts) => `sort of ${sorts}?` };
  const STRICT = queryDescription<Strict>({
    messages: { en: strictly, ar: strictly },
    refuseUnknown: (m, name) => m.unknown(name),
    params: [
      rangeParam(['min_length', 'max_length'], (m: Strict, name) => m.number(name)),
      { kind: 'sort', sorts: ['newest'], defaultSort: 'newest', message: (m, sorts) => m.sort(sorts) },
      { kind: 'page', message: () => 'page?' },
      { kind: 'perPage', defaultPerPage: 12, maxPerPage: 50, message: () => 'per page?' },
    ],
  });
  const WITH_ZOOM: QueryDescription<Strict> = { ...STRICT, params: [...STRICT.params, readElsewhere('zoom')] };
  const strict = (raw: Record<string, unknown>, description = STRICT) => parseQuery<ParsedQuery, Strict>(description, raw, 'en');

  it('refuses each unknown parameter, even empty, first and in the order given, beside the bad known ones', () => {
    const parsed = strict({ min_length: 'x', beds: '2', near: '25.1,55.2', colour: '' });
    expect(parsed).toEqual({ ok: false, errors: { beds: ['beds unknown'], near: ['near unknown'], colour: ['colour unknown'], min_length: ['min_length not a number'] } });
    expect(!parsed.ok && Object.keys(parsed.errors)).toEqual(['beds', 'near', 'colour', 'min_length']);
  });

  it('knows a parameter another reader reads, and reads nothing of it', () => {
    expect(strict({ zoom: '9' })).toEqual({ ok: false, errors: { zoom: ['zoom unknown'] } });
    expect(strict({ zoom: '9' }, WITH_ZOOM)).toEqual({ ok: true, query: { page: 1, perPage: 12, sort: 'newest', filters: {} } });
  });

  it('ignores unknown parameters when the description does not refuse them', () => {
    expect(parse({ kind: 'sail', beds: '2' })).toEqual({ ok: true, query: { kind: 'sail', page: 1, perPage: 12, sort: 'newest', filters: {} } });
  });

  it('takes a range in any order without an order sentence, and distance as any other sort without near', () => {
    expect(strict({ min_length: '30', max_length: '12' })).toMatchObject({ ok: true, query: { filters: { min_length: 30, max_length: 12 } } });
    expect(strict({ sort: 'distance' })).toEqual({ ok: false, errors: { sort: ['sort of newest?'] } });
  });

  it('names its parameters in its order', () => {
    expect(parameterNames(WITH_ZOOM)).toEqual(['min_length', 'max_length', 'sort', 'page', 'per_page', 'zoom']);
    expect(parameterNames(BOATS)).toEqual(['kind', 'page', 'per_page', 'near', 'sort', 'name', 'min_length', 'max_length', 'colour', 'harbour']);
  });
});

describe('an option list of counts and a name for one option', () => {
  const berths = countOptions(['None', '1 berth', '2 berths', '3+ berths'] as const, { zero: 'None', unit: 'berths?' });
  const cabins = countOptions(['1', '2', '3+'] as const);

  it('gives a count its option, the last for it or more, nothing below 1', () => {
    expect([0, 0.5, 1, 2.9, 3, 40, 1e20].map(cabins.ofCount)).toEqual([undefined, undefined, '1', '2', '3+', '3+', '3+']);
    expect(['None', '0', '2', '007', 'two', ''].map(berths.ofText)).toEqual(['None', undefined, '2 berths', '3+ berths', undefined, undefined]);
  });

  it("reads a query's value: the zero option in any case or 0, a count with its unit and + optional", () => {
    expect(['none', ' 0 ', '1', '2 Berths', '3berth+', '9 +', 'x', '1000'].map(berths.read)).toEqual(['None', 'None', '1 berth', '2 berths', '3+ berths', '3+ berths', undefined, undefined]);
    expect(['0', '2', '2 berths', '5+'].map(cabins.read)).toEqual([undefined, '2', undefined, '3+']);
  });

  it('reads a name as its one option, none when it names several', () => {
    const named = oneNamed((name: string) => name.split(' & '));
    expect([named('Sloop'), named('Sloop & Ketch')]).toEqual(['Sloop', undefined]);
  });
});
