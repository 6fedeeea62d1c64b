/**
 * Disjunctive faceting over a catalogue: the filters of a request come as groups (one set per facet the
 * request narrows: an emirate, the property types chosen...) and the rest (filters no facet counts
 * against: a price range, a location). The matches are every set intersected; each group's options are
 * counted over the items matching every other filter, so a facet shows what choosing another of its own
 * options would give.
 */
import { count, countShared, intersect, type Bitset } from './bitset';

export interface GroupMatch<G extends string> {
  /** The matching items; undefined when no filter applies (every item). */
  matches: Bitset | undefined;
  total: number;
  /** What group `name`'s options are counted over; undefined when nothing narrows them (the unfiltered counts). */
  over(name: G): Bitset | undefined;
}

export function matchGroups<G extends string>(size: number, groups: Partial<Record<G, Bitset>>, rest: readonly Bitset[]): GroupMatch<G> {
  const applied = Object.keys(groups) as G[];
  if (applied.length === 0 && rest.length === 0) return { matches: undefined, total: size, over: () => undefined };
  const matches = intersect([...rest, ...applied.map((name) => groups[name]!)])!;
  return {
    matches,
    total: count(matches),
    over: (name) => (groups[name] ? intersect([...rest, ...applied.filter((other) => other !== name).map((other) => groups[other]!)]) : matches),
  };
}

/** Each option's items counted within `within` (undefined: all); an option no item has counts 0 under any filter. */
export function optionCounts(sets: readonly Bitset[], within: Bitset | undefined, unfiltered: readonly number[]): number[] {
  return sets.map((set, i) => (unfiltered[i] === 0 ? 0 : within ? countShared(within, set) : count(set)));
}
