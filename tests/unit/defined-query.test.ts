/**
 * A defined catalogue's query language (decision 220) as the one query parser reads it from the
 * definition (the fixture's commercial units: a partition, two facets, a price range, three sorts): its
 * 422s with their sentences, unknown parameters first; its filters in the definition's order; the map's
 * zoom; the form a saved search keeps.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogueDefinition } from '../../src/api/catalogues/define/definition';
import { definedQueries } from '../../src/api/catalogues/define/defined-query';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { catalogue } = require('../fixtures/catalogues/commercial-units.js') as { catalogue: CatalogueDefinition<unknown> };
const queries = definedQueries(catalogue);

describe("a defined catalogue's query", () => {
  it('reports unknown parameters first, then every bad one in the definition order, each with its sentence', () => {
    const raw = { per_page: '51', page: '0', sort: 'cheapest', bbox: '1,2', min_price: 'cheap', fitted: 'garden', use: 'villa', state_id: ['DU', 'AZ'], beds: '2', near: '25.1,55.2', zoom: '9' };
    const parsed = queries.parse(raw);
    expect(parsed).toEqual({
      ok: false,
      errors: {
        beds: ['beds is not a filter of this catalogue.'],
        near: ['near is not a filter of this catalogue.'],
        zoom: ['zoom is not a filter of this catalogue.'],
        state_id: ['state_id must be given once.'],
        use: ['use must be among: office, retail, warehouse.'],
        fitted: ['fitted must be among: furnished, parking.'],
        min_price: ['min_price must be a number of at least 0.'],
        bbox: ['bbox must be west,south,east,north.'],
        sort: ['sort must be one of: newest, price_asc, size_desc.'],
        page: ['page must be a whole number of at least 1.'],
        per_page: ['per_page must be a whole number from 1 to 50.'],
      },
    });
    expect(!parsed.ok && Object.keys(parsed.errors)).toEqual(['beds', 'near', 'zoom', 'state_id', 'use', 'fitted', 'min_price', 'bbox', 'sort', 'page', 'per_page']);
  });

  it('keeps its filters in the definition order, a range in any order, any location text', () => {
    const parsed = queries.parse({ location: ' Bay  Square ', max_price: '100', min_price: '900', use: 'warehouse,office', state_id: 'DU' });
    expect(parsed).toEqual({ ok: true, query: { page: 1, perPage: 12, sort: 'newest', filters: { state_id: 'DU', use: ['office', 'warehouse'], min_price: 900, max_price: 100, location: 'Bay  Square' } } });
    expect(parsed.ok && Object.keys(parsed.query.filters)).toEqual(['state_id', 'use', 'min_price', 'max_price', 'location']);
  });

  it('refuses a sort given twice, as the site catalogues do', () => {
    expect(queries.parse({ sort: ['price_asc', 'size_desc'] })).toMatchObject({ ok: false, errors: { sort: [expect.stringMatching(/^sort must be one of: /)] } });
  });

  it("takes the map's zoom, needs its bbox, and keeps a saved search's query in the definition order without defaults", () => {
    expect(queries.parseMap({ use: 'office', bbox: '54.9,24.9,55.6,25.4', zoom: '9' })).toMatchObject({ ok: true, query: { zoom: 9, filters: { use: ['office'], bbox: [54.9, 24.9, 55.6, 25.4] } } });
    expect(queries.parseMap({ zoom: '9' })).toEqual({ ok: false, errors: { bbox: ['bbox is required.'] } });
    const parsed = queries.parse({ per_page: '12', sort: 'price_asc', page: '2', use: 'retail,office', state_id: 'DU', bbox: '55,25,55.1,25.1' });
    expect(parsed.ok && queries.normalised(parsed.query)).toBe('state_id=DU&use=office%2Cretail&bbox=55%2C25%2C55.1%2C25.1&sort=price_asc&page=2');
  });
});
