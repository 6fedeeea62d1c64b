/**
 * What a catalogue tells the engine (build.ts, search.ts) about its items: how they sort, which options
 * each has, how they split into keyed parts, which numbers a range filters on, which words a search
 * finds them by, and where they are. What its answers show of them is views.ts's; everything else (its
 * cards' fields, slugs, listing answers) stays with the catalogue.
 */
import type { CatalogueGeo } from '../map-layer';
import type { Steps } from '../steps';

export type Compare = (a: number, b: number) => number;
export type Orders<S extends string> = Record<S, Int32Array>;

/** An interval of an item's values (one of its variants' size range), under one of its facet's options or none. */
export interface Interval {
  from: number;
  to: number;
  option?: string;
}

export interface FacetSpec<T> {
  options: readonly string[];
  /**
   * How several chosen options combine: `any` (unite: an item with one of them) or `all` (intersect: an
   * item with each). An `all` facet counts its options over the full match, an `any` one disjunctively.
   */
  combine: 'any' | 'all';
  /**
   * When an item's options of this facet come from its intervals (the others' from `optionsOf`): a range
   * on the facet narrows each option to the intervals overlapping it, and, with no option chosen, keeps
   * the items with any interval overlapping it.
   */
  intervals?(item: T): Interval[];
}

export interface PartitionSpec<T> {
  /** The item's key; undefined when it has none (it is in no part). */
  key(item: T): string | number | undefined;
  /** Keeps every sort's order per key, so a page is read off the narrowest list applied. */
  lists?: boolean;
  /**
   * A base every query names one key of (and a key with no item still has its empty part): its set
   * always applies and the facets' totals are counted per key.
   */
  base?: readonly string[];
}

/** A numeric value a range filters on; `sort`: a sort ordering the items by it ascending, items without one last. */
export interface RangeSpec<T, S extends string> {
  sort: S;
  value(item: T): number | null;
}

export interface CatalogueDescriptor<T, S extends string = string, F extends string = string> {
  sorts: readonly S[];
  /** Each sort's comparison of two positions (ties broken, so every order is total), in steps. */
  comparators(items: readonly T[]): Steps<Record<S, Compare>>;
  facets: Record<F, FacetSpec<T>>;
  /** The options the item has of each facet without intervals (undefined entries skipped). */
  optionsOf(item: T): Partial<Record<F, string | ReadonlyArray<string | undefined> | undefined>>;
  partitions: Record<string, PartitionSpec<T>>;
  /** The partition counted per state (`counts_by_state`), disjunctively as a facet. */
  states: string;
  ranges: Record<string, RangeSpec<T, S>>;
  /** The words a location search finds the item by, folded as the query's are. */
  words(item: T): string[];
  /** The folded text a contains-search looks in, when the catalogue has one. */
  text?(item: T): string;
  /** Where the items are; `items` are those the locale-free parts were built of. */
  geo(items: readonly T[], orders: Orders<S>): CatalogueGeo;
}
