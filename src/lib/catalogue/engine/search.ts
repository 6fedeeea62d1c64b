/**
 * Search over the engine's index (build.ts): each part of a selection turned into a set of items (a
 * partition's or an option's set as it is; a range from its blocks; words from the word index; a bbox
 * from the map layer), the sets intersected, the facets and the states counted disjunctively from the
 * same sets, and the page read off the narrowest pre-sorted list applied: its cost grows with the page
 * and the filters, not with the catalogue.
 */
import { add, intersect, newBitset, unite, type Bitset } from '../bitset';
import { matchGroups, optionCounts } from '../facets';
import type { Bbox, LatLng } from '../geo-query';
import { bboxSet, nearestPage } from '../map-layer';
import { pageOf } from '../ordering';
import { rangeSet } from '../ranges';
import { wordSet } from '../words';
import type { CatalogueIndex, Key } from './build';
import { overlapping } from './intervals';

/** What a query asks of a catalogue, in the engine's terms; a part left undefined does not apply. */
export interface Selection {
  /** The key chosen of each partition (the base's always). */
  partitions?: Record<string, Key | undefined>;
  /** The options chosen of each facet. */
  facets?: Record<string, readonly string[] | undefined>;
  /** Each range's ends; on a facet with intervals, the range its intervals must overlap. */
  ranges?: Record<string, { min?: number; max?: number } | undefined>;
  /** Another view of a range's values keeping its order (a currency's), instead of the index's. */
  values?: Record<string, Float64Array>;
  /** Words, each the prefix of a word of every item matched. */
  words?: string[];
  /** Text every item matched contains. */
  text?: string;
  bbox?: Bbox;
}

export interface PageRequest<S extends string> {
  sort: S | 'distance';
  page: number;
  perPage: number;
  near?: LatLng;
}

/** What a selection matches, whatever the page and the sort. */
export interface Matched<F extends string> {
  /** The matching items; undefined when nothing applies (every item). */
  matches: Bitset | undefined;
  total: number;
  facets: Record<F, number[]>;
  /** What the states are counted over: undefined when nothing narrows them (every item). */
  stateWithin: Bitset | undefined;
}

interface Constraints<F extends string> {
  /** One set per applied facet and the states; each counted over the others. */
  groups: Record<string, Bitset>;
  /** The sets no count is taken against. */
  rest: Bitset[];
  /** Each facet's option sets (in the order of its names), narrowed to its range when one is given. */
  sets: Bitset[][];
}

function constraints<T, S extends string, F extends string>(index: CatalogueIndex<T, S, F>, selection: Selection): Constraints<F> {
  const { descriptor, items, options, shared, names } = index;
  const size = items.length;
  const groups: Record<string, Bitset> = {};
  const rest: Bitset[] = [];
  for (const name of names.partitions) {
    const key = selection.partitions?.[name];
    if (key === undefined) continue;
    const set = index.partitions[name].sets.get(key) ?? newBitset(size);
    if (name === descriptor.states) groups[name] = set;
    else rest.push(set);
  }
  if (selection.text !== undefined && shared.texts) {
    const needle = selection.text;
    const set = newBitset(size);
    shared.texts.forEach((text, i) => text.includes(needle) && add(set, i));
    rest.push(set);
  }
  if (selection.words) rest.push(wordSet(shared.words, selection.words, size));
  for (const name of names.ranges) {
    const range = selection.ranges?.[name];
    if (!range) continue;
    const { ascending, valued, blocks, values } = index.ranges[name];
    rest.push(rangeSet(ascending, valued, blocks, selection.values?.[name] ?? values, range.min ?? 0, range.max ?? Number.POSITIVE_INFINITY));
  }
  if (selection.bbox) rest.push(bboxSet(index.geo, selection.bbox, size));

  const sets = names.facets.map((name) => options[name]);
  names.facets.forEach((name, f) => {
    const { options: list, combine } = descriptor.facets[name];
    const range = shared.intervals[name] && selection.ranges?.[name];
    const narrowed = range ? overlapping(shared.intervals[name], list.length, size, range.min ?? 0, range.max ?? Number.POSITIVE_INFINITY) : undefined;
    if (narrowed) sets[f] = narrowed.perOption;
    const chosen = selection.facets?.[name]?.map((option) => sets[f][list.indexOf(option)]);
    if (chosen) groups[name] = combine === 'all' ? intersect(chosen)! : unite(size, chosen);
    else if (narrowed) groups[name] = narrowed.any;
  });
  return { groups, rest, sets };
}

/** The items matching the selection (undefined: every item), how many, and the counts per facet option and per state. */
export function matchSelection<T, S extends string, F extends string>(index: CatalogueIndex<T, S, F>, selection: Selection): Matched<F> {
  const { descriptor, options } = index;
  const { groups, rest, sets } = constraints(index, selection);
  const matched = matchGroups(index.items.length, groups, rest);
  if (!matched.matches) return { matches: undefined, total: matched.total, facets: index.facets, stateWithin: undefined };
  const { base } = index.names;
  const baseKey = base === undefined ? undefined : selection.partitions?.[base];
  const totals = (baseKey !== undefined && index.baseTotals.get(baseKey)) || index.facets;
  // The base's key alone (a purpose's default page) counts as its totals.
  if (baseKey !== undefined && rest.length === 1 && Object.keys(groups).length === 0) {
    return { matches: matched.matches, total: matched.total, facets: totals, stateWithin: matched.matches };
  }
  // A copy of the unfiltered counts has the answer's shape: each facet's counts are then replaced, not added.
  const facets = { ...index.facets };
  index.names.facets.forEach((name, f) => {
    const within = descriptor.facets[name].combine === 'all' ? matched.matches : matched.over(name);
    facets[name] = !within && sets[f] === options[name] ? totals[name] : optionCounts(sets[f], within, totals[name]);
  });
  return { matches: matched.matches, total: matched.total, facets, stateWithin: matched.over(descriptor.states) };
}

/** Only the items matching the selection (no counts): undefined for every item. */
export function matchingSet<T, S extends string, F extends string>(index: CatalogueIndex<T, S, F>, selection: Selection): Bitset | undefined {
  const { groups, rest } = constraints(index, selection);
  return intersect([...rest, ...Object.values(groups)]);
}

/** The narrowest pre-sorted list among those of the partitions applied. */
function narrowestList<T, S extends string, F extends string>(index: CatalogueIndex<T, S, F>, selection: Selection, sort: S): Int32Array {
  let narrowest = index.orders[sort];
  for (const name of index.names.partitions) {
    const key = selection.partitions?.[name];
    const list = key === undefined ? undefined : index.partitions[name].lists?.get(key)?.[sort];
    if (list && list.length < narrowest.length) narrowest = list;
  }
  return narrowest;
}

/** The requested page of the matched items, in the sort's order or nearest first from `near`. */
export function pageItems<T, S extends string, F extends string>(index: CatalogueIndex<T, S, F>, selection: Selection, matched: Pick<Matched<F>, 'matches' | 'total'>, { sort, page, perPage, near }: PageRequest<S>): number[] {
  const start = Math.min((page - 1) * perPage, matched.total);
  const end = Math.min(start + perPage, matched.total);
  if (sort === 'distance') return near ? nearestPage(index.geo, near, matched.matches, start, end) : [];
  if (!matched.matches) return Array.from(index.orders[sort].subarray(start, end));
  return pageOf(narrowestList(index, selection, sort), index.ranks[sort], matched.matches, matched.total, start, end);
}
