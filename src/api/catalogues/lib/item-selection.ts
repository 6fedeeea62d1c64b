/**
 * A catalogue's items as other domains read them by key (decision 225): the buyers' alerts' search and the
 * search box's counts, which match stored query strings against them, and a buyer's favourites' cards. A
 * catalogue says how its items are keyed, which of them a query string selects (by its own parser and the
 * engine) and where their cards are; what is made of that is the same for every catalogue, here. Pure.
 */
import { bitsetOf, count, intersect, members, type Bitset } from '../../../lib/catalogue/bitset';
import type { AlertSearch } from './registry';

export interface ItemSelection {
  /** How many items there are, at positions 0 to count - 1. */
  readonly count: number;
  /** The key naming the item at a position for good (a project's id, a listing's reference). */
  keyAt(position: number): string;
  positionOf(key: string): number | undefined;
  /** The items a query string selects (undefined: every item); null when the catalogue's parser no longer reads it. */
  select(query: string): Bitset | undefined | null;
}

/** How many items a query string selects; 0 when it does not read. */
export function countSelected(items: ItemSelection, query: string): number {
  const selected = items.select(query);
  if (selected === null) return 0;
  return selected ? count(selected) : items.count;
}

/** The alerts' search of `items`, each named in every language by `names`. */
export function alertSearchOf(items: ItemSelection, names: (position: number) => Record<string, string>): AlertSearch {
  const every = () => Array.from({ length: items.count }, (_, position) => position);
  return {
    names: (key) => names(items.positionOf(key)!),
    setOf: (keys) => bitsetOf(items.count, keys ? keys.map((key) => items.positionOf(key)!) : every()),
    matching(query, within) {
      const selected = items.select(query);
      if (selected === null) return null;
      return members(selected ? intersect([selected, within])! : within).map((position) => items.keyAt(position));
    },
  };
}

/** The cards (as their listing shows them) of the items `keys` name that are held now, by key: the others are left out. */
export function cardsByKey(keys: readonly string[], positionOf: (key: string) => number | undefined, cardAt: (position: number) => Buffer): Map<string, Record<string, unknown>> {
  const cards = new Map<string, Record<string, unknown>>();
  for (const key of keys) {
    const position = positionOf(key);
    if (position !== undefined) cards.set(key, JSON.parse(cardAt(position).toString('utf8')) as Record<string, unknown>);
  }
  return cards;
}
