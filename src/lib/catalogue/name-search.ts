/**
 * What a search box finds among a catalogue's names as a visitor types: every typed word must start a
 * word of one of an item's names, or be that word with a typo or two (one edit in a word of 4 to 7
 * letters, two from 8). Each match says how it matched: `exact` when every typed word is a whole word
 * of the item's names, `prefix` when some only start one, `typo` when some needed an edit. Two
 * neighbouring letters swapped count as one edit (Damerau), as the commonest slip of the fingers. The fuzzy
 * part is MiniSearch's (a radix tree walked within an edit distance), built once per set of names; the
 * words are folded by the caller's `wordsOf` (case, accents, Arabic letter forms), for the names as for
 * what is typed.
 */
import MiniSearch, { type Query, type SearchOptions } from 'minisearch';
import { runSteps, STEP, type Steps } from './steps';

export const MATCH_KINDS = ['exact', 'prefix', 'typo'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** The edits a typed word may hold: none under 4 letters, one in 4 to 7, two from 8. */
export const typoBudget = (word: string): number => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

export interface NameMatch {
  /** The item's position in the names given. */
  item: number;
  match: MatchKind;
}

export interface NameSearch {
  /** The items whose names hold every typed word, each with how it matched, in the items' order. */
  find(typed: string): NameMatch[];
}

/** Each word one swap of two neighbouring letters away from `word`, `word` itself left out. */
function swapsOf(word: string): string[] {
  const letters = [...word];
  const swaps = new Set<string>();
  for (let at = 0; at < letters.length - 1; at += 1) {
    if (letters[at] === letters[at + 1]) continue;
    swaps.add([...letters.slice(0, at), letters[at + 1], letters[at], ...letters.slice(at + 2)].join(''));
  }
  return [...swaps];
}

/**
 * What one typed word finds. MiniSearch counts edits as Levenshtein does, a swap as two, so the words a
 * swap away are asked for as well, with the budget left after it: exact words for 4 to 7 letters, and
 * from 8 one more edit, or a second swap. Only the word as typed is also a beginning: a swapped word must
 * be whole, so a short word finds no stranger by a swap and a prefix at once.
 */
function wordQuery(word: string): Query {
  const budget = typoBudget(word);
  // The words come folded and whole: no tokenizing them again; any one of a list will do.
  const asIs: SearchOptions = { tokenize: (term) => [term], combineWith: 'OR' };
  const queries: Query[] = [{ ...asIs, queries: [word], fuzzy: budget, prefix: true }];
  if (budget === 0) return queries[0];
  const swaps = swapsOf(word);
  queries.push({ ...asIs, queries: swaps, fuzzy: budget - 1, prefix: false });
  if (budget >= 2) {
    const secondSwaps = new Set(swaps.flatMap(swapsOf));
    for (const seen of [word, ...swaps]) secondSwaps.delete(seen);
    queries.push({ ...asIs, queries: [...secondSwaps], fuzzy: false, prefix: false });
  }
  return { combineWith: 'OR', queries };
}

interface Named {
  id: number;
  names: string;
}

/** How the typed words met the item's words: the worst of the words' best. */
function matchKind(typedWords: readonly string[], itemWords: readonly string[]): MatchKind {
  let kind: MatchKind = 'exact';
  for (const typed of typedWords) {
    if (itemWords.includes(typed)) continue;
    if (itemWords.some((word) => word.startsWith(typed))) kind = 'prefix';
    else return 'typo';
  }
  return kind;
}

/** `names`: each item's names (all its languages and other names), `wordsOf`: text as words to compare. */
export function nameSearch(names: ReadonlyArray<readonly string[]>, wordsOf: (text: string) => string[]): NameSearch {
  return runSteps(nameSearchBuild(names, wordsOf));
}

/** The same in steps (catalogue/steps.ts), STEP names at a time. */
export function* nameSearchBuild(names: ReadonlyArray<readonly string[]>, wordsOf: (text: string) => string[]): Steps<NameSearch> {
  const search = new MiniSearch<Named>({
    fields: ['names'],
    tokenize: wordsOf,
    // The words come folded already.
    processTerm: (term) => term,
  });
  for (let id = 0; id < names.length; id += 1) {
    search.add({ id, names: names[id].join('\n') });
    if (id % STEP === STEP - 1) yield;
  }
  return {
    find(typed) {
      const typedWords = [...new Set(wordsOf(typed))];
      if (!typedWords.length) return [];
      return search
        .search({ combineWith: 'AND', queries: typedWords.map(wordQuery) })
        .map((result) => ({ item: result.id as number, match: matchKind(typedWords, result.terms) }))
        .sort((a, b) => a.item - b.item);
    },
  };
}
