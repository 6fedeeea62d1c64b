/**
 * A catalogue's words (of its items' places and names, folded as the caller folds them) and which items
 * hold each: a prefix search costs the words it matches, not the catalogue.
 */
import { add, bitsetOf, intersect, newBitset, orInto, type Bitset } from './bitset';
import { mapInSteps, type Steps } from './steps';
import { firstWhere } from './ordering';

/**
 * The words, sorted, and their holders: as a list, or, for a word so common that a bitset is smaller
 * (more holders than words in a bitset), a bitset.
 */
export interface WordIndex {
  words: string[];
  holders: Array<Int32Array | Bitset>;
}

/** The words of each item (`wordsOf`: its words, repeated ones counted once), in steps. */
export function* wordIndexOf<T>(items: T[], wordsOf: (item: T) => string[]): Steps<WordIndex> {
  const byWord = new Map<string, number[]>();
  yield* mapInSteps(items, (item, i) => {
    for (const word of new Set(wordsOf(item))) {
      const list = byWord.get(word);
      if (list) list.push(i);
      else byWord.set(word, [i]);
    }
  });
  const words = [...byWord.keys()].sort();
  yield;
  const bitsetLength = newBitset(items.length).length;
  const holdersOf = (list: number[]) => (list.length > bitsetLength ? bitsetOf(items.length, list) : Int32Array.from(list));
  return { words, holders: yield* mapInSteps(words, (word) => holdersOf(byWord.get(word)!)) };
}

/** The items (of `size`) holding a word starting with each of `prefixes` (every prefix matched). */
export function wordSet(index: WordIndex, prefixes: string[], size: number): Bitset {
  const { words, holders } = index;
  const sets = prefixes.map((prefix) => {
    const set = newBitset(size);
    for (let w = firstWhere(words.length, (position) => words[position] >= prefix); w < words.length && words[w].startsWith(prefix); w += 1) {
      const held = holders[w];
      if (held instanceof Uint32Array) orInto(set, held);
      else for (const item of held) add(set, item);
    }
    return set;
  });
  return intersect(sets) ?? newBitset(size);
}
