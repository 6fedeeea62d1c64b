/**
 * The one similar ranking (src/lib/catalogue/similar.ts, decision 200) through both catalogues' rules: every
 * item's list over generated catalogues (the sample generator's, and seeded ones with ties, shared
 * coordinates, items on no map, prices missing or zero, tiny groups) is pinned by a digest of what the two
 * algorithms it replaced answered for the same data; and the rule's parts on small cases.
 */
import { createHash } from 'crypto';
import { createRequire } from 'module';
import { seededRandom } from '../../scripts/lib/seeded-random';
import { describe, expect, it } from 'vitest';
import { buildListingIndex } from '../../src/api/properties/lib/listing-catalogue';
import { listingOf, type Listing } from '../../src/api/properties/lib/listing';
import { similarProjects } from '../../src/api/off-plan/lib/similar-projects';
import { placesOf } from '../../src/lib/catalogue/map-layer';
import { similarBuild, type SimilarityRule } from '../../src/lib/catalogue/similar';
import { runSteps } from '../../src/lib/catalogue/steps';
import { mapGoyzerUnit } from '../../src/plugins/extsource/server/src/mapping/goyzer';
import { developerDirectory, mapReellyDeveloper, mapReellyProject } from '../../src/plugins/extsource/server/src/mapping/reelly';
import { isRejected } from '../../src/plugins/extsource/server/src/mapping/rejected';
import type { NormalisedProject } from '../../src/plugins/extsource/server/src/mapping/types';
import { EMIRATES } from '../../src/plugins/extsource/server/src/public';

const requireCjs = createRequire(__filename);
const { generate } = requireCjs('../../scripts/generate-sample-data.js');


const DEFAULTS = { agent: { name: 'A', phone: '1' }, currency: 'AED', currencyRates: { USD: 3.6725 } };
const STATES = [...EMIRATES.map((emirate) => emirate.id), ''] as const;
const BEDS = ['Studio', '1', '2', '3', '4', '5', '6', '7', 'Penthouse', ''];

function sampleProjects(count: number): NormalisedProject[] {
  const data = generate({ projects: count, sales: 1, rentals: 1, today: '2026-11-22' });
  const directory = developerDirectory(data.projects.developers.map(mapReellyDeveloper));
  return data.projects.projects.map((record: Record<string, unknown>) => mapReellyProject(record, DEFAULTS, directory)).filter((mapped: object) => !isRejected(mapped));
}

function sampleListings(sales: number, rentals: number): Listing[] {
  const data = generate({ projects: 1, sales, rentals, today: '2026-11-22' });
  const units = [...data.listings.sales.map((unit: never) => mapGoyzerUnit(unit, 'sale')), ...data.listings.rentals.map((unit: never) => mapGoyzerUnit(unit, 'rent'))];
  return units.filter((mapped: object) => !isRejected(mapped)).map((normalised: object, i: number) => listingOf({ ...normalised, id: i + 1 } as never));
}

/** Where a seeded item is: on no map, at one of a few shared spots, or anywhere in the UAE to a metre. */
function seededTools(seed: number, groups: number) {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  const spots = Array.from({ length: Math.max(2, groups) }, () => [24 + random() * 1.6, 54 + random() * 2] as [number, number]);
  const at = () => (random() < 0.15 ? null : random() < 0.4 ? pick(spots) : ([24 + Math.round(random() * 1600) / 1000, 54 + Math.round(random() * 2000) / 1000] as [number, number]));
  const price = () => (random() < 0.15 ? (random() < 0.5 ? null : 0) : pick([1_000_000, 1_200_000, 1_300_000, 700_000, Math.round(random() * 9_000_000)]));
  return { random, pick, at, price };
}

function seededProjects(count: number, seed: number, groups: number): NormalisedProject[] {
  const { random, pick, at, price } = seededTools(seed, groups);
  const base = sampleProjects(5)[0];
  return Array.from({ length: count }, (_, i) => {
    const place = at();
    const starting = price();
    const beds = Array.from({ length: Math.floor(random() * 3) }, () => pick(BEDS));
    const id = random() < 0.5 ? String(1000 + Math.floor(random() * 100000) * 7 + i) : `${i}`;
    return {
      ...base,
      id: id + (i % 7 === 0 ? 'x' : ''),
      community: pick(['', ' Marina', 'marina', 'Marina ', ...Array.from({ length: groups }, (_, g) => `C${g}`)]),
      state_id: pick(STATES),
      coordinates: place ? { latitude: place[0], longitude: place[1] } : null,
      price: { ...base.price, starting_from: starting },
      bedrooms: { label: '', types: beds },
      completion: { date: '', year: pick(['', '2027', '2028', '2029']) },
    } as NormalisedProject;
  }).filter((project, i, all) => all.findIndex((other) => other.id === project.id) === i);
}

function seededListings(count: number, seed: number, groups: number): Listing[] {
  const { random, pick, at, price } = seededTools(seed, groups);
  const base = sampleListings(2, 0)[0];
  return Array.from({ length: count }, (_, i) => {
    const place = at();
    const asked = price();
    return {
      ...base,
      id: i + 1,
      reference: `R${i}`,
      purpose: random() < 0.6 ? 'sale' : 'rent',
      community: pick(['', ...Array.from({ length: groups }, (_, g) => `C${g}`)]),
      city: pick(['', ...Array.from({ length: Math.max(1, groups >> 1) }, (_, g) => `T${g}`)]),
      state_id: pick(STATES),
      latitude: place ? place[0] : null,
      longitude: place ? place[1] : null,
      price: asked,
      bedrooms: pick(BEDS),
    } as Listing;
  });
}

/** The catalogues a digest covers: the sample data's size, a seeded one of 300 items, and 300 tiny ones. */
function catalogues<T>(sample: () => T[], seeded: (count: number, seed: number, groups: number) => T[]): Array<[string, T[]]> {
  const sets: Array<[string, T[]]> = [['sample', sample()], ['synthetic-300-6-20', seeded(300, 6, 20)]];
  for (let seed = 100; seed < 400; seed += 1) sets.push([`tiny-${seed}`, seeded(2 + (seed % 37), seed, 1 + (seed % 5))]);
  return sets.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('the one similar ranking, through both catalogues\' rules', () => {
  it('gives every project the similar projects the per-collection algorithm gave', () => {
    const lists = catalogues(() => sampleProjects(130), seededProjects).map(([name, projects]) => [
      `projects:${name === 'sample' ? 'sample-130' : name}`,
      similarProjects(projects).map((list) => Array.from(list, (position) => projects[position].id)),
    ]);
    expect(lists.flatMap(([, of]) => of as string[][]).filter((list) => list.length > 0).length).toBeGreaterThan(3000);
    expect(digest(lists.sort(([a], [b]) => ((a as string) < (b as string) ? -1 : 1)))).toBe('3a75b430296bf060c71f4ee4a341033dc09a1fa1a2b2a6ddcf665a55ba73175b');
  });

  it('gives every listing, in the index or gone from it, the similar listings the per-request algorithm gave', () => {
    const lists: Array<[string, string[][]]> = [];
    for (const [name, listings] of catalogues(() => sampleListings(160, 70), seededListings)) {
      const index = buildListingIndex(listings, 'en', new Map());
      const references = (list: Int32Array) => Array.from(list, (position) => index.listings[position].reference);
      const key = name === 'sample' ? 'sample-230' : name;
      lists.push([`listings:${key}`, index.listings.map((_, position) => references(index.similar.listOf(position)))]);
      lists.push([`gone:${key}`, index.listings.map((listing) => references(index.similar.rankFor(listing)))]);
    }
    expect(digest(lists.sort(([a], [b]) => (a < b ? -1 : 1)))).toBe('9ffe21aad6248bcb98dc4ebdb02c2649a499a3778e77137e103958dd9545ac40');
  });
});

describe('a similarity rule', () => {
  interface Item {
    group: string;
    wide: string;
    at: [number, number] | null;
    size: number | null;
  }
  const item = (group: string, at: [number, number] | null, size: number | null = null, wide = 'W'): Item => ({ group, wide, at, size });
  const rule = (tiers: SimilarityRule<Item>['tiers'], count = 2): SimilarityRule<Item> => ({
    count,
    groups: { group: (it) => it.group, wide: (it) => it.wide },
    tiers,
    order: [{ tier: true }, { distance: true }, { logGap: (it) => it.size }],
    at: (it) => it.at,
  });
  const similarOf = (items: Item[], of: SimilarityRule<Item>) => {
    const similar = runSteps(similarBuild(items, placesOf(items, (it) => it.at), of));
    return items.map((_, position) => [...similar.listOf(position)]);
  };

  it('looks at a tier only while those before it gathered too few, and orders by the criteria, then the position', () => {
    const items = [item('A', [25, 55], 100), item('A', null, 300), item('A', null, 110), item('B', [25.001, 55], 100)];
    expect(similarOf(items, rule([{ group: 'group' }, { nearest: 1 }]))[0]).toEqual([2, 1]);
    expect(similarOf(items, rule([{ group: 'group' }, { nearest: 1 }], 3))[0]).toEqual([2, 1, 3]);
    expect(similarOf(items, rule([{ nearest: 'missing' }, { group: 'group' }], 3))[0]).toEqual([3, 2, 1]);
  });

  it('takes in every item as near as the last of the nearest, whatever the tree\'s layout', () => {
    const items = [item('A', [25, 55]), item('B', [25.01, 55], 300), item('C', [25.01, 55], 100), item('D', [25.01, 55], 200), item('E', [25.02, 55], 100)];
    const withSize = { ...rule([{ nearest: 1 }], 3), order: [{ logGap: (it: Item) => it.size }] as SimilarityRule<Item>['order'] };
    // Items 1, 2 and 3 tie at the first's distance: all three are candidates, 4 (no nearer than them) is not.
    items[0].size = 100;
    expect(similarOf(items, withSize)[0]).toEqual([2, 3, 1]);
  });

  it('widens group by group, counting a member of two groups in each, else takes any', () => {
    const items = [item('', null, null, 'W'), item('', null, null, 'W'), item('', null, null, 'V')];
    const byGroup = { group: (it: Item) => (it.wide === 'W' ? 'W' : ''), wide: (it: Item) => it.wide };
    const widening = (count: number): SimilarityRule<Item> => ({ ...rule([{ widening: ['group', 'wide'] }], count), groups: byGroup });
    // Item 1 is in both of item 0's groups: listed twice, it is enough for two, and item 2 is never looked at.
    expect(similarOf(items, widening(2))[0]).toEqual([1]);
    expect(similarOf(items, widening(3))[0]).toEqual([1, 2]);
  });

  it('ranks an item once and keeps its list; an item outside the index is similar to none of its own', () => {
    const items = [item('A', [25, 55]), item('A', [25.1, 55])];
    const similar = runSteps(similarBuild(items, placesOf(items, (it) => it.at), rule([{ group: 'group' }])));
    expect(similar.listOf(0)).toBe(similar.listOf(0));
    expect([...similar.rankFor(items[0])]).toEqual([0, 1]);
  });
});
