import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/api/off-plan/lib/project-catalogue';
import { projectRepresentation, type ProjectContext, type SimilarSource } from '../../src/api/off-plan/lib/project-response';
import { NEAREST_POOL, SIMILAR_COUNT, similarBuildOf, similarProjects } from '../../src/api/off-plan/lib/similar-projects';
import { compareIds } from '../../src/lib/catalogue/similar';
import { runSteps } from '../../src/lib/catalogue/steps';
import { inSlices } from '../../src/plugins/extsource/server/src/slices';
import type { NormalisedProject } from '../../src/plugins/extsource/server/src/mapping/types';

interface Traits {
  community?: string;
  state?: 'DU' | 'AZ' | 'SH' | '';
  at?: [number, number] | null;
  price?: number | null;
  bedrooms?: string[];
  year?: string;
}

/** A project in Dubai Marina, 1,000,000 AED, 2 bedrooms, 2028, at the Marina's coordinates unless told otherwise. */
/** A project answer's context around `similar`: the id as slug, no editors' SEO. */
const NO_OVERRIDES = new Map();
const contextOf = (similar: SimilarSource): ProjectContext => ({ slugs: { slug: 'a-project' }, seo: { overrides: NO_OVERRIDES, image: () => null }, similar });

function project(id: string, { community = 'Dubai Marina', state = 'DU', at = [25.08, 55.14], price = 1_000_000, bedrooms = ['2'], year = '2028' }: Traits = {}): NormalisedProject {
  return {
    id, ref_no: `OP-${id}`, name: `Project ${id}`, location: '', developer: { id: 1, name: 'Dev', slug: 'dev', logo: '' },
    bedrooms: { label: '', types: bedrooms }, price: { starting_from: price, formatted: '', currency: 'AED' },
    completion: { date: year ? `Q2 ${year}` : '', year }, image: '', images: [], state_id: state, state_name: '', city: '',
    community, community_id: '', sub_community: '', category: 'Apartment', status: 'Off-Plan', agent: { name: '', phone: '' },
    badge: '', address: '', specs: { beds: '', bathrooms: '', area: '' }, description: '', apartments: [], facilities: [],
    coordinates: at ? { latitude: at[0], longitude: at[1] } : null, gallery: [], payment_plans: [], completion_sort: null, property_types: [], size_range_sqft: null,
  };
}

/** The ids similar to `id` among `projects`. */
function similarTo(id: string, projects: NormalisedProject[]): string[] {
  const lists = similarProjects(projects);
  return [...lists[projects.findIndex((candidate) => candidate.id === id)]].map((position) => projects[position].id);
}

describe('similar projects', () => {
  it('never the project itself, at most six', () => {
    const projects = Array.from({ length: 12 }, (_, i) => project(String(i + 1)));
    const lists = similarProjects(projects);
    lists.forEach((list, position) => {
      expect(list.length).toBe(SIMILAR_COUNT);
      expect([...list]).not.toContain(position);
      expect(new Set(list).size).toBe(list.length);
    });
  });

  it('the same community first, even over a nearer project that matches better elsewhere', () => {
    const projects = [
      project('1'),
      project('2', { community: 'JBR', at: [25.0801, 55.1401] }),
      project('3', { price: 9_000_000, bedrooms: ['5'], year: '2031', at: [25.2, 55.3] }),
    ];
    expect(similarTo('1', projects)).toEqual(['3', '2']);
  });

  it('a community is one only within its emirate, and its name is matched whatever the case', () => {
    const projects = [project('1', { community: 'Marina' }), project('2', { community: 'marina ', at: null }), project('3', { community: 'Marina', state: 'AZ', at: null })];
    expect(similarTo('1', projects)).toEqual(['2']);
  });

  it('then the nearest projects outside the community, ranked by the price band, the bedrooms and the year before their distance', () => {
    const projects = [
      project('1', { community: 'A' }),
      project('2', { community: 'B', at: [25.081, 55.141], price: 5_000_000 }),
      project('3', { community: 'C', at: [25.09, 55.15] }),
      project('4', { community: 'D', at: [25.3, 55.4], price: 5_000_000 }),
    ];
    expect(similarTo('1', projects)).toEqual(['3', '2', '4']);
  });

  it('beyond the NEAREST_POOL nearest, a better match is not looked at; the emirate\'s projects without coordinates come last', () => {
    const near = Array.from({ length: NEAREST_POOL }, (_, i) => project(`n${i}`, { community: `N${i}`, at: [25.08 + (i + 1) * 0.001, 55.14], price: 9_000_000, bedrooms: ['5'], year: '2035' }));
    const far = project('far', { community: 'F', at: [25.3, 55.4] });
    const projects = [project('1', { community: 'A' }), ...near, far];
    expect(similarTo('1', projects)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5']);
    // A smaller pool takes in the far one (first: it matches); the rest of the emirate fills in after it.
    const unlocated = project('u', { community: 'U', at: null });
    expect(similarTo('1', [project('1', { community: 'A' }), ...near.slice(0, 2), far, unlocated])).toEqual(['far', 'n0', 'n1', 'u']);
  });

  it('the price band is ±30 % of the project\'s starting price, both ends included', () => {
    const prices = [1_300_000, 1_300_001, 700_000, 699_999, null];
    const projects = [project('1'), ...prices.map((price, i) => project(`p${i}`, { price, bedrooms: [], year: '' }))];
    // In the band: 1,300,000 and 700,000; then by id (all at the same place).
    expect(similarTo('1', projects)).toEqual(['p0', 'p2', 'p1', 'p3', 'p4']);
  });

  it('a bedroom option in common counts (5 and 7 bedrooms are both 5+), then the same completion year', () => {
    const projects = [
      project('1', { bedrooms: ['Studio', '7'], price: null }),
      project('2', { bedrooms: ['1'], year: '2028', price: null }),
      project('3', { bedrooms: ['5'], year: '2030', price: null }),
      project('4', { bedrooms: ['3'], year: '2030', price: null }),
    ];
    expect(similarTo('1', projects)).toEqual(['3', '2', '4']);
  });

  it('the price band before the bedrooms before the year', () => {
    const projects = [
      project('1'),
      project('y', { price: 5_000_000, bedrooms: ['4'] }),
      project('b', { price: 5_000_000, year: '2030' }),
      project('p', { bedrooms: ['4'], year: '2030' }),
      project('n', { price: 5_000_000, bedrooms: ['4'], year: '2030' }),
    ];
    expect(similarTo('1', projects)).toEqual(['p', 'b', 'y', 'n']);
  });

  it('equal matches: the nearer first, then the id (numbers in order)', () => {
    const projects = [project('1'), project('10'), project('9'), project('2', { at: [25.2, 55.3] }), project('3', { at: null })];
    expect(similarTo('1', projects)).toEqual(['9', '10', '2', '3']);
    expect(['b', '10', '9', 'a', '100'].sort(compareIds)).toEqual(['9', 'a', 'b', '10', '100']);
  });

  it('projects without coordinates: their community, then their emirate; never another emirate', () => {
    const projects = [
      project('1', { community: '', at: null }),
      project('2', { community: 'X', at: null }),
      project('3', { community: 'Y', at: [25.1, 55.2], price: 5_000_000 }),
      project('4', { state: 'AZ', community: '', at: null }),
      project('5', { state: '', community: '', at: null }),
    ];
    expect(similarTo('1', projects)).toEqual(['2', '3']);
    expect(similarTo('5', projects)).toEqual([]);
    expect(similarTo('4', projects)).toEqual([]);
  });

  it('is the same for the same catalogue in any order, and the same in slices', async () => {
    const traits = fc.record({
      community: fc.constantFrom('A', 'B', 'C', ''),
      state: fc.constantFrom('DU', 'AZ'),
      at: fc.option(fc.tuple(fc.double({ min: 24.9, max: 25.2, noNaN: true }), fc.double({ min: 55.0, max: 55.4, noNaN: true })), { nil: null }),
      price: fc.option(fc.integer({ min: 500_000, max: 3_000_000 }), { nil: null }),
      bedrooms: fc.subarray(['Studio', '1', '2', '3', '4', '6']),
      year: fc.constantFrom('2027', '2028', ''),
    }) as fc.Arbitrary<Traits>;
    await fc.assert(
      fc.asyncProperty(fc.array(traits, { minLength: 1, maxLength: 60 }), fc.infiniteStream(fc.double()), async (list, randoms) => {
        const projects = list.map((entry, i) => project(String(i + 1), entry));
        const byId = (lists: readonly Int32Array[], of: NormalisedProject[]) => new Map(of.map((p, i) => [p.id, [...lists[i]].map((q) => of[q].id)]));
        const shuffled = [...projects].sort(() => randoms.next().value - 0.5);
        expect(byId(similarProjects(shuffled), shuffled)).toEqual(byId(similarProjects(projects), projects));
        const inSteps = await inSlices(similarBuildOf(projects));
        expect(projects.map((_, position) => inSteps.listOf(position))).toEqual(similarProjects(projects));
      }),
      { numRuns: 60 }
    );
  });

  it('the project answer ends with the cards of the index, and names them in its surrogate keys', () => {
    const projects = [project('1'), project('2'), project('3', { community: 'Elsewhere', state: 'AZ', at: null })];
    const index = buildIndex(projects);
    const representation = projectRepresentation({ project: projects[0], pending: false }, 'en', contextOf({ index, similar: runSteps(similarBuildOf(projects)) }));
    const body = JSON.parse(representation.body.toString()) as { data: Record<string, unknown> };
    expect(Object.keys(body.data).at(-1)).toBe('similar');
    expect(body.data.similar).toEqual([JSON.parse(index.cardBytes[1].toString())]);
    expect(representation.edge?.['Surrogate-Key']).toBe('projects project-1 project-2');
  });

  it('is made again for a new index: the same project object shows the new collection\'s similar projects', () => {
    const projects = [project('1'), project('2'), project('3')];
    const answer = { project: projects[0], pending: false };
    const similarIds = (source: SimilarSource) =>
      (JSON.parse(projectRepresentation(answer, 'en', contextOf(source)).body.toString()) as { data: { similar: Array<{ id: string }> } }).data.similar.map(({ id }) => id);
    const before = { index: buildIndex(projects), similar: runSteps(similarBuildOf(projects)) };
    expect(similarIds(before)).toEqual(['2', '3']);
    const context = contextOf(before);
    expect(projectRepresentation(answer, 'en', context)).toBe(projectRepresentation(answer, 'en', context));
    const withoutThree = [projects[0], projects[1]];
    expect(similarIds({ index: buildIndex(withoutThree), similar: runSteps(similarBuildOf(withoutThree)) })).toEqual(['2']);
  });
});
