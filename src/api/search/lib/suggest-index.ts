/**
 * The search box's index, built once per change of either catalogue: a name search over every
 * suggestible's names in both languages and other names (src/lib/catalogue/name-search.ts), and the
 * listings' references in order, found by their beginning. A query finds each group's best: exact over
 * prefix over typo, then the most homes behind, then the English name, then the order built; the
 * references exact first, then in the order of their letters and digits (each has one home behind).
 */
import { firstWhere } from '../../../lib/catalogue/ordering';
import { MATCH_KINDS, nameSearchBuild, type MatchKind, type NameSearch } from '../../../lib/catalogue/name-search';
import { mapInSteps, runSteps, sortInSteps, type Steps } from '../../../lib/catalogue/steps';
import { searchWords } from '../../catalogues/services/vocabulary';
import { GROUP_OF, GROUPS, homesBehind, type Group, type Suggestible } from './suggestibles';

export interface SuggestIndex {
  items: Suggestible[];
  names: NameSearch;
  /** Positions in `items` of the names searched (all but the listings). */
  named: number[];
  /** The listings' references as compared (letters and digits, lower case), sorted, and their positions in `items`. */
  references: { compact: string[]; items: number[] };
}

export interface Found {
  item: number;
  match: MatchKind;
}

/** A reference as typed or written, compared on its letters and digits alone ("ls-1024" and "LS 1024" alike). */
const compact = (text: string) => searchWords(text).join('');

export const suggestIndexOf = (items: Suggestible[]): SuggestIndex => runSteps(suggestIndexBuild(items));

/** The index of `items`, in steps. */
export function* suggestIndexBuild(items: Suggestible[]): Steps<SuggestIndex> {
  const named = items.map((_, i) => i).filter((i) => items[i].type !== 'listing');
  const names = yield* nameSearchBuild(named.map((i) => [items[i].names.en, items[i].names.ar, ...items[i].also].filter(Boolean)), searchWords);
  const listed = items.map((_, i) => i).filter((i) => items[i].type === 'listing');
  const keys = yield* mapInSteps(listed, (i) => compact(items[i].names.en));
  // A stable sort of positions in `listed`'s order: equal references stay in the items' order.
  const order = yield* sortInSteps(keys.map((_, at) => at), (a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
  return { items, names, named, references: { compact: Array.from(order, (at) => keys[at]), items: Array.from(order, (at) => listed[at]) } };
}

/**
 * The first `limit` references starting with what was typed, when it holds a digit (a reference always
 * does; a place seldom), in the order of their letters and digits: the exact one first.
 */
function referencesFound(index: SuggestIndex, typed: string, limit: number): Found[] {
  const key = compact(typed);
  if (!/\d/.test(key)) return [];
  const { compact: keys, items } = index.references;
  const found: Found[] = [];
  for (let at = firstWhere(keys.length, (position) => keys[position] >= key); at < keys.length && keys[at].startsWith(key) && found.length < limit; at += 1) {
    found.push({ item: items[at], match: keys[at] === key ? 'exact' : 'prefix' });
  }
  return found;
}

/** The order within a group: exact, prefix, typo; then more homes behind; then the English name; then as built. */
function ranking(items: readonly Suggestible[]) {
  return (a: Found, b: Found) =>
    MATCH_KINDS.indexOf(a.match) - MATCH_KINDS.indexOf(b.match) ||
    homesBehind(items[b.item].counts) - homesBehind(items[a.item].counts) ||
    (items[a.item].names.en < items[b.item].names.en ? -1 : items[a.item].names.en > items[b.item].names.en ? 1 : 0) ||
    a.item - b.item;
}

/** Each group's best `limit` for what was typed, in the groups' order (the references in theirs). */
export function suggest(index: SuggestIndex, typed: string, limit: number): Record<Group, Found[]> {
  const groups = Object.fromEntries(GROUPS.map((group) => [group, [] as Found[]])) as Record<Group, Found[]>;
  for (const { item, match } of index.names.find(typed)) groups[GROUP_OF[index.items[index.named[item]].type]].push({ item: index.named[item], match });
  const order = ranking(index.items);
  for (const group of GROUPS) groups[group] = groups[group].sort(order).slice(0, limit);
  groups.listings = referencesFound(index, typed, limit);
  return groups;
}
