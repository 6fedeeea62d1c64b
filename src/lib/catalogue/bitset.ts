/**
 * Sets of a catalogue's items (their positions in it: projects, listings) as bitsets, one bit per item in
 * 32-bit words. Intersecting or counting two sets costs one pass over size/32 words, so a search over the
 * precomputed per-option sets stays cheap however many options a request combines.
 */
export type Bitset = Uint32Array;

export const newBitset = (size: number): Bitset => new Uint32Array((size + 31) >>> 5);

export function add(set: Bitset, member: number): void {
  set[member >>> 5] |= 1 << (member & 31);
}

export function has(set: Bitset, member: number): boolean {
  return (set[member >>> 5] & (1 << (member & 31))) !== 0;
}

export function bitsetOf(size: number, members: Iterable<number>): Bitset {
  const set = newBitset(size);
  for (const member of members) add(set, member);
  return set;
}

function ones(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function count(set: Bitset): number {
  let total = 0;
  for (let i = 0; i < set.length; i += 1) total += ones(set[i]);
  return total;
}

/** How many members the two sets share. */
export function countShared(a: Bitset, b: Bitset): number {
  let total = 0;
  for (let i = 0; i < a.length; i += 1) total += ones(a[i] & b[i]);
  return total;
}

/** The members common to every set (a new set); undefined for no sets at all, which means "everyone". */
export function intersect(sets: readonly Bitset[]): Bitset | undefined {
  if (sets.length === 0) return undefined;
  const result = sets[0].slice();
  for (let s = 1; s < sets.length; s += 1) {
    const set = sets[s];
    for (let i = 0; i < result.length; i += 1) result[i] &= set[i];
  }
  return result;
}

/** The members of `set` that are not in `other` (a new set). */
export function withoutMembers(set: Bitset, other: Bitset): Bitset {
  const result = new Uint32Array(set.length);
  for (let i = 0; i < set.length; i += 1) result[i] = set[i] & ~other[i];
  return result;
}

/** Adds the members of `set` to `into`. */
export function orInto(into: Bitset, set: Bitset): void {
  for (let i = 0; i < into.length; i += 1) into[i] |= set[i];
}

/** The members of any of the sets (a new set of `size`). */
export function unite(size: number, sets: readonly Bitset[]): Bitset {
  const result = newBitset(size);
  for (const set of sets) orInto(result, set);
  return result;
}

/** The members, ascending. */
export function members(set: Bitset): number[] {
  const result: number[] = [];
  for (let i = 0; i < set.length; i += 1) {
    let word = set[i];
    while (word !== 0) {
      const low = word & -word;
      result.push((i << 5) + 31 - Math.clz32(low));
      word ^= low;
    }
  }
  return result;
}
