/**
 * A facet whose options are carried by intervals (each of an item's variants' size range, under the
 * variant's option): every interval ordered by its start and by its end, so a range finds those
 * overlapping it at the cost of the fewer of the two sides.
 */
import { add, newBitset, type Bitset } from '../bitset';
import { firstWhere } from '../ordering';
import { mapInSteps, sortInSteps, type Steps } from '../steps';
import type { Interval } from './descriptor';

/** Every interval, ordered by its start. */
export interface IntervalIndex {
  from: Float64Array;
  to: Float64Array;
  item: Int32Array;
  /** Index of its option, -1 for none. */
  option: Int16Array;
  /** The same intervals ordered by their end (positions in the lists above). */
  byTo: Int32Array;
}

export function* intervalsBuild<T>(items: readonly T[], options: readonly string[], intervalsOf: (item: T) => Interval[]): Steps<IntervalIndex> {
  const entries: Array<{ from: number; to: number; item: number; option: number }> = [];
  yield* mapInSteps(items, (item, i) => {
    for (const { from, to, option } of intervalsOf(item)) entries.push({ from, to, item: i, option: option === undefined ? -1 : options.indexOf(option) });
  });
  const byFrom = Array.from(yield* sortInSteps(Int32Array.from(entries.keys()), (a, b) => entries[a].from - entries[b].from), (entry) => entries[entry]);
  return {
    from: Float64Array.from(byFrom, (entry) => entry.from),
    to: Float64Array.from(byFrom, (entry) => entry.to),
    item: Int32Array.from(byFrom, (entry) => entry.item),
    option: Int16Array.from(byFrom, (entry) => entry.option),
    byTo: yield* sortInSteps(Int32Array.from(byFrom.keys()), (a, b) => byFrom[a].to - byFrom[b].to),
  };
}

/**
 * Per option, and for any option, the items with an interval overlapping [min, max]: the intervals
 * starting at most at `max` or those reaching at least `min`, whichever are fewer, checked for the other end.
 */
export function overlapping(index: IntervalIndex, optionCount: number, size: number, min: number, max: number): { perOption: Bitset[]; any: Bitset } {
  const { from, to, item, option, byTo } = index;
  const perOption = Array.from({ length: optionCount }, () => newBitset(size));
  const any = newBitset(size);
  const take = (entry: number) => {
    add(any, item[entry]);
    if (option[entry] >= 0) add(perOption[option[entry]], item[entry]);
  };
  const startingBelow = firstWhere(from.length, (entry) => from[entry] > max);
  const reachingFrom = firstWhere(byTo.length, (position) => to[byTo[position]] >= min);
  if (startingBelow <= byTo.length - reachingFrom) {
    for (let entry = 0; entry < startingBelow; entry += 1) if (to[entry] >= min) take(entry);
  } else {
    for (let position = reachingFrom; position < byTo.length; position += 1) if (from[byTo[position]] <= max) take(byTo[position]);
  }
  return { perOption, any };
}
