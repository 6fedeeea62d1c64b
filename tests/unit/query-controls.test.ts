import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryWith, shownQuery, type BuilderControl, type ControlValue, type ControlValues } from '../../src/lib/catalogue/query-controls';
import { PROJECT_BUILDER_CONTROLS } from '../../src/api/off-plan/lib/query';
import { checkListingQuery } from '../../src/api/off-plan/services/listing-query';
import { LISTING_BUILDER_CONTROLS } from '../../src/api/properties/lib/query';
import { checkPropertiesQuery } from '../../src/api/properties/services/listing-query';
import { SET_BY_SECTION } from '../../src/api/pages/lib/live-queries';
import { samplePages } from '../../src/api/pages/seed';
import { EMIRATES } from '../../src/plugins/extsource/server/src/public';

/** A section's controls: the catalogue's, less what the section sets itself. */
const sectionControls = (controls: readonly BuilderControl[]) =>
  controls.filter((control) => (control.kind === 'range' ? control.names : [control.name]).every((name) => !SET_BY_SECTION.includes(name)));

const CATALOGUES = {
  off_plan: { controls: sectionControls(PROJECT_BUILDER_CONTROLS), check: (query: string) => checkListingQuery(query, 'en') },
  sale: { controls: sectionControls(LISTING_BUILDER_CONTROLS), check: (query: string) => checkPropertiesQuery(`purpose=sale&${query}`, 'en') },
} as const;

const roundTrip = (controls: readonly BuilderControl[], query: string) => queryWith(controls, query, shownQuery(controls, query).values);

describe('the query builder reads a stored query into its controls and writes it back', () => {
  it('gives back every query of the sample pages unchanged', () => {
    const sections = samplePages(1).flatMap((page) => [...page.data.sections, ...page.arabic.sections]);
    const queries = sections.filter((section) => typeof section.query === 'string');
    expect(queries.length).toBeGreaterThan(4);
    for (const { query, __component, catalogue } of queries) {
      const { controls } = __component === 'sections.projects' || catalogue === 'off_plan' ? CATALOGUES.off_plan : CATALOGUES.sale;
      expect(shownQuery(controls, query as string).unshown).toEqual([]);
      expect(roundTrip(controls, query as string)).toBe(query);
    }
  });

  it.each([
    'sort=price_asc&state_id=DU',
    'location=Dubai%20Marina',
    'location=Dubai+Marina&bedrooms=1&bedrooms=2',
    '?bedrooms=1, 2&max_price=3000000',
    'state_id=dxb&&min_price=',
    'amenities=Pool&bbox=55,25,56,26',
  ])('gives back %s as it was written', (query) => {
    expect(roundTrip(CATALOGUES.off_plan.controls, query)).toBe(query);
  });

  it('rewrites only the parameter an editor changes, keeping the others as written', () => {
    const { controls } = CATALOGUES.off_plan;
    const query = 'location=Dubai%20Marina&sort=price_asc';
    expect(queryWith(controls, query, { state_id: 'DU' })).toBe('location=Dubai%20Marina&sort=price_asc&state_id=DU');
    expect(queryWith(controls, query, { sort: '' })).toBe('location=Dubai%20Marina');
    expect(queryWith(controls, query, { location: 'Palm & Co' })).toBe('location=Palm %26 Co&sort=price_asc');
    expect(queryWith(controls, 'bedrooms=1&state_id=DU&bedrooms=2', { bedrooms: ['2', '3'] })).toBe('bedrooms=2,3&state_id=DU');
    expect(queryWith(controls, 'min_price=1', { min_price: ['', '3000000'] })).toBe('max_price=3000000');
  });

  it('names the parameters no control shows, so the field keeps the query as text', () => {
    expect(shownQuery(CATALOGUES.off_plan.controls, 'amenities=Pool&bbox=1,2,3,4&bbox=5,6,7,8&state_id=DU').unshown).toEqual(['bbox']);
    expect(shownQuery(CATALOGUES.sale.controls, 'purpose=rent&furnishing=furnished').unshown).toEqual(['purpose']);
  });
});

/** Values a listing takes for each control, some with the characters a query string must escape. */
function valueArbitrary(control: BuilderControl): fc.Arbitrary<ControlValue> {
  const place = fc.oneof(fc.constantFrom('Dubai Marina', 'Palm & Co', 'A+B Towers', '50% Heights', 'No. #1', 'x=y', 'دبي مارينا'), fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,8}( [A-Za-z0-9&+%#=]{1,8}){0,2}$/));
  if (control.kind === 'range') {
    return fc.tuple(fc.option(fc.nat({ max: 5_000_000 }), { nil: undefined }), fc.option(fc.nat({ max: 5_000_000 }), { nil: undefined })).map(([a, b]) => {
      const [low, high] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b];
      return [low === undefined ? '' : String(low), high === undefined ? '' : String(high)];
    });
  }
  if (control.kind === 'many') return fc.subarray([...control.options!]);
  if (control.options) return fc.constantFrom('', ...control.options);
  const byName: Record<string, fc.Arbitrary<string>> = {
    state_id: fc.constantFrom(...EMIRATES.map(({ id }) => id)),
    developer_id: fc.integer({ min: 1, max: 9999 }).map(String),
    completion_year: fc.integer({ min: 2020, max: 2035 }).map(String),
  };
  return fc.oneof(fc.constant(''), byName[control.name] ?? place);
}

const valuesArbitrary = (controls: readonly BuilderControl[]) =>
  fc.record(Object.fromEntries(controls.map((control) => [control.kind === 'range' ? control.names[0] : control.name, valueArbitrary(control)]))) as fc.Arbitrary<ControlValues>;

/** What a listing reads of `values`, written the way every browser writes a query. */
function plainlyWritten(controls: readonly BuilderControl[], values: ControlValues): string {
  const params = new URLSearchParams();
  for (const control of controls) {
    const value = values[control.kind === 'range' ? control.names[0] : control.name];
    const texts = control.kind === 'range' ? (value as string[]) : [control.kind === 'many' ? (value as string[]).join(',') : (value as string)];
    (control.kind === 'range' ? control.names : [control.name]).forEach((name, i) => texts[i] && params.set(name, texts[i]));
  }
  return params.toString();
}

describe.each(Object.entries(CATALOGUES))('random queries the builder writes for %s', (_name, { controls, check }) => {
  it('read back into the same controls, write back the same string, and mean what the controls say', () => {
    fc.assert(
      fc.property(valuesArbitrary(controls), (values) => {
        const query = queryWith(controls, '', values);
        const shown = shownQuery(controls, query);
        expect(shown.unshown).toEqual([]);
        expect(shown.values).toEqual(values);
        expect(queryWith(controls, query, shown.values)).toBe(query);
        const checked = check(query);
        expect(checked).toEqual(check(plainlyWritten(controls, values)));
        expect(checked.ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
