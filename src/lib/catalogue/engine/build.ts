/**
 * The engine's index of a catalogue, built in steps from its descriptor (descriptor.ts): every sort's
 * order and each item's rank in it, a set (and, where asked, every order) per key of each partition, a
 * set per facet option and the unfiltered counts, each range's order cut into blocks, and the map layer.
 * The parts no locale changes (the words, the searched text, the intervals) may be built once and shared
 * by the indexes of every locale. A request searches it with search.ts.
 */
import { add, count, countShared, newBitset, type Bitset } from '../bitset';
import type { CatalogueGeo } from '../map-layer';
import { ranksOf } from '../ordering';
import { rangeBlocksOf, type RangeBlocks } from '../ranges';
import { mapInSteps, sortInSteps, SORT_RUN, type Steps } from '../steps';
import { wordIndexOf, type WordIndex } from '../words';
import type { CatalogueDescriptor, Orders, PartitionSpec } from './descriptor';
import { intervalsBuild, type IntervalIndex } from './intervals';

export type Key = string | number;

/** A partition's set per key, and, when it keeps them, every sort's order per key. */
export interface Partition<S extends string> {
  sets: Map<Key, Bitset>;
  lists?: Map<Key, Orders<S>>;
}

/** A range's values by item (NaN for none), its ascending order (those without one last) and its blocks. */
export interface RangeOrder {
  values: Float64Array;
  ascending: Int32Array;
  valued: number;
  blocks: RangeBlocks;
}

/** What the indexes of every locale share: the words, the searched text and the intervals of the items. */
export interface SharedParts<T> {
  items: readonly T[];
  words: WordIndex;
  texts?: string[];
  intervals: Record<string, IntervalIndex>;
}

/** The names of the descriptor's parts, read once. */
export interface PartNames<F extends string> {
  facets: F[];
  partitions: string[];
  ranges: string[];
  /** The base partition, if any. */
  base?: string;
}

export interface CatalogueIndex<T, S extends string = string, F extends string = string> {
  descriptor: CatalogueDescriptor<T, S, F>;
  names: PartNames<F>;
  items: T[];
  orders: Orders<S>;
  /** Position of each item in each order. */
  ranks: Orders<S>;
  partitions: Record<string, Partition<S>>;
  /** The states' partition's sets. */
  states: Map<Key, Bitset>;
  options: Record<F, Bitset[]>;
  /** How many items have each option, with no filter; and, with a base, within each of its keys. */
  facets: Record<F, number[]>;
  baseTotals: Map<Key, Record<F, number[]>>;
  ranges: Record<string, RangeOrder>;
  shared: SharedParts<T>;
  geo: CatalogueGeo;
}

/** The parts of `items` no locale changes, in steps. */
export function* sharedBuild<T>(items: readonly T[], descriptor: CatalogueDescriptor<T, string, string>): Steps<SharedParts<T>> {
  const { text } = descriptor;
  const texts = text ? yield* mapInSteps(items, (item) => text(item)) : undefined;
  const words = yield* wordIndexOf(items as T[], descriptor.words);
  const intervals: Record<string, IntervalIndex> = {};
  for (const [name, facet] of Object.entries(descriptor.facets)) {
    if (facet.intervals) intervals[name] = yield* intervalsBuild(items, facet.options, facet.intervals);
  }
  return { items, words, texts, intervals };
}

/** Splits each sort's order into sublists per key, keeping the order: a step every SORT_RUN items. */
function* listsOf<S extends string>(sorts: readonly S[], orders: Orders<S>, keys: Array<Key | undefined>): Steps<Map<Key, Orders<S>>> {
  const lists = new Map<Key, Record<string, number[]>>();
  for (const sort of sorts) {
    const order = orders[sort];
    for (let position = 0; position < order.length; position += 1) {
      const item = order[position];
      const key = keys[item];
      if (key !== undefined) {
        let entry = lists.get(key);
        if (!entry) lists.set(key, (entry = Object.fromEntries(sorts.map((name) => [name, [] as number[]]))));
        entry[sort].push(item);
      }
      if (position % SORT_RUN === SORT_RUN - 1) yield;
    }
  }
  return new Map([...lists].map(([key, entry]) => [key, Object.fromEntries(sorts.map((sort) => [sort, Int32Array.from(entry[sort])])) as Orders<S>]));
}

function* partitionOf<T, S extends string>(items: readonly T[], spec: PartitionSpec<T>, sorts: readonly S[], orders: Orders<S>): Steps<Partition<S>> {
  const sets = new Map<Key, Bitset>((spec.base ?? []).map((key) => [key, newBitset(items.length)]));
  const keys = yield* mapInSteps(items, (item, i) => {
    const key = spec.key(item);
    if (key === undefined) return undefined;
    let set = sets.get(key);
    if (!set) sets.set(key, (set = newBitset(items.length)));
    add(set, i);
    return key;
  });
  if (!spec.lists) return { sets };
  const lists = yield* listsOf(sorts, orders, keys);
  const none = Object.fromEntries(sorts.map((sort) => [sort, new Int32Array(0)])) as Orders<S>;
  for (const key of spec.base ?? []) if (!lists.has(key)) lists.set(key, none);
  return { sets, lists };
}

/** Each facet's set per option: from the item's options, or from its intervals. */
function* optionSets<T, F extends string>(items: readonly T[], descriptor: CatalogueDescriptor<T, string, F>, intervals: Record<string, IntervalIndex>): Steps<Record<F, Bitset[]>> {
  const names = Object.keys(descriptor.facets) as F[];
  const sets = Object.fromEntries(names.map((name) => [name, descriptor.facets[name].options.map(() => newBitset(items.length))])) as Record<F, Bitset[]>;
  const positions = Object.fromEntries(names.map((name) => [name, new Map(descriptor.facets[name].options.map((option, i) => [option, i]))])) as Record<F, Map<string, number>>;
  yield* mapInSteps(items, (item, i) => {
    const chosen = descriptor.optionsOf(item);
    for (const name of names) {
      const options = chosen[name];
      if (options === undefined) continue;
      if (typeof options === 'string') add(sets[name][positions[name].get(options)!], i);
      else for (const option of options) if (option !== undefined) add(sets[name][positions[name].get(option)!], i);
    }
  });
  for (const name of names) {
    const held = intervals[name];
    if (held) held.option.forEach((option, entry) => option >= 0 && add(sets[name][option], held.item[entry]));
  }
  return sets;
}

function rangeOrder(values: Float64Array, ascending: Int32Array): RangeOrder {
  let valued = 0;
  while (valued < ascending.length && !Number.isNaN(values[ascending[valued]])) valued += 1;
  return { values, ascending, valued, blocks: rangeBlocksOf(ascending, valued) };
}

/** The index of `items`, in steps; `shared`: their locale-free parts when already built (else built here). */
export function* catalogueBuild<T, S extends string, F extends string>(items: T[], descriptor: CatalogueDescriptor<T, S, F>, shared?: SharedParts<T>): Steps<CatalogueIndex<T, S, F>> {
  const compare = yield* descriptor.comparators(items);
  const all = Int32Array.from(items.keys());
  const orders = {} as Orders<S>;
  for (const sort of descriptor.sorts) orders[sort] = yield* sortInSteps(all, compare[sort]);
  const partitions: Record<string, Partition<S>> = {};
  for (const [name, spec] of Object.entries(descriptor.partitions)) partitions[name] = yield* partitionOf(items, spec, descriptor.sorts, orders);
  const parts = shared ?? (yield* sharedBuild(items, descriptor));
  const options = yield* optionSets(items, descriptor, parts.intervals);
  const names: PartNames<F> = {
    facets: Object.keys(descriptor.facets) as F[],
    partitions: Object.keys(descriptor.partitions),
    ranges: Object.keys(descriptor.ranges),
    base: Object.keys(descriptor.partitions).find((name) => descriptor.partitions[name].base),
  };
  const facets = Object.fromEntries(names.facets.map((name) => [name, options[name].map(count)])) as Record<F, number[]>;
  const baseTotals = new Map<Key, Record<F, number[]>>();
  for (const [key, set] of names.base ? partitions[names.base].sets : []) {
    baseTotals.set(key, Object.fromEntries(names.facets.map((name) => [name, options[name].map((option) => countShared(option, set))])) as Record<F, number[]>);
  }
  yield;
  const ranges: Record<string, RangeOrder> = {};
  for (const [name, spec] of Object.entries(descriptor.ranges)) {
    ranges[name] = rangeOrder(Float64Array.from(items, (item) => spec.value(item) ?? NaN), orders[spec.sort]);
  }
  yield;
  const geo = descriptor.geo(parts.items, orders);
  yield geo.all.clusteredElsewhere();
  const ranks = ranksOf(orders);
  yield;
  return { descriptor, names, items, orders, ranks, partitions, states: partitions[descriptor.states].sets, options, facets, baseTotals, ranges, shared: parts, geo };
}
