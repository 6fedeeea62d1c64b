/**
 * A numeric range filter (a price, an area) over a catalogue: the items with a value, in ascending order
 * of it, cut into blocks whose cumulative sets make a range cost two set operations and its two ends.
 */
import { add, bitsetOf, newBitset, withoutMembers, type Bitset } from './bitset';
import { firstWhere } from './ordering';

const BLOCKS = 64;

export interface RangeBlocks {
  size: number;
  /** `sets[k]` holds the first k blocks of the ascending order. */
  sets: Bitset[];
}

/** The cumulative sets along `ascending`, whose first `valued` items have a value. */
export function rangeBlocksOf(ascending: Int32Array, valued: number): RangeBlocks {
  const size = Math.max(1, Math.ceil(valued / BLOCKS));
  const sets = [newBitset(ascending.length)];
  for (let end = size; end < valued + size; end += size) {
    const set = sets[sets.length - 1].slice();
    for (const item of ascending.subarray(end - size, Math.min(end, valued))) add(set, item);
    sets.push(set);
  }
  return { size, sets };
}

/**
 * The items whose value (`values`, by item) is within [min, max]: a stretch of the ascending order found
 * by bisection, whole blocks from the cumulative sets and the ends one by one. `values` may be another
 * view of the one the order was sorted by, as long as it keeps that order (a currency conversion does).
 */
export function rangeSet(ascending: Int32Array, valued: number, blocks: RangeBlocks, values: Float64Array, min: number, max: number): Bitset {
  const from = firstWhere(valued, (position) => values[ascending[position]] >= min);
  const to = Math.max(from, firstWhere(valued, (position) => values[ascending[position]] > max));
  const { size, sets } = blocks;
  const firstWhole = Math.ceil(from / size);
  const lastWhole = Math.floor(to / size);
  if (firstWhole >= lastWhole) return bitsetOf(ascending.length, ascending.subarray(from, to));
  const set = withoutMembers(sets[lastWhole], sets[firstWhole]);
  for (const item of ascending.subarray(from, firstWhole * size)) add(set, item);
  for (const item of ascending.subarray(lastWhole * size, to)) add(set, item);
  return set;
}

/** The least and greatest of `values`, NaN skipped; nulls when none. */
export function rangeOf(values: Iterable<number>): { min: number | null; max: number | null } {
  let min: number | null = null;
  let max: number | null = null;
  for (const value of values) {
    if (Number.isNaN(value)) continue;
    if (min === null || value < min) min = value;
    if (max === null || value > max) max = value;
  }
  return { min, max };
}
