/**
 * A catalogue's items as alerts and the search box match stored query strings against them
 * (src/api/catalogues/lib/item-selection.ts): one search and one count over what each catalogue selects.
 */
import { describe, expect, it } from 'vitest';
import { bitsetOf, members } from '../../src/lib/catalogue/bitset';
import { alertSearchOf, cardsByKey, countSelected, type ItemSelection } from '../../src/api/catalogues/lib/item-selection';

const KEYS = ['a1', 'b2', 'c3', 'd4', 'e5'];

/** `every` selects every item (undefined), `odd` the odd positions, anything else does not read (null). */
const items: ItemSelection = {
  count: KEYS.length,
  keyAt: (position) => KEYS[position],
  positionOf: (key) => (KEYS.includes(key) ? KEYS.indexOf(key) : undefined),
  select: (query) => (query === 'every' ? undefined : query === 'odd' ? bitsetOf(KEYS.length, [1, 3]) : null),
};

describe('countSelected', () => {
  it('counts every item, a selection, or none for a query that does not read', () => {
    expect(countSelected(items, 'every')).toBe(5);
    expect(countSelected(items, 'odd')).toBe(2);
    expect(countSelected(items, 'bad')).toBe(0);
  });
});

describe('alertSearchOf', () => {
  const search = alertSearchOf(items, (position) => ({ en: `Item ${KEYS[position]}`, ar: `عنصر ${KEYS[position]}` }));

  it('names an item by its key in every language', () => {
    expect(search.names('c3')).toEqual({ en: 'Item c3', ar: 'عنصر c3' });
  });

  it('makes the set of some keys, or of every item', () => {
    expect(members(search.setOf(['b2', 'e5']))).toEqual([1, 4]);
    expect(members(search.setOf())).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps only the items of `within` a query selects, in order, by key; null when it does not read', () => {
    const within = search.setOf(['a1', 'b2', 'c3']);
    expect(search.matching('odd', within)).toEqual(['b2']);
    expect(search.matching('every', within)).toEqual(['a1', 'b2', 'c3']);
    expect(search.matching('bad', within)).toBeNull();
  });
});

describe('cardsByKey', () => {
  it('gives the cards of the keys held, by key, and leaves the others out', () => {
    const cardAt = (position: number) => Buffer.from(JSON.stringify({ key: KEYS[position], position }));
    const cards = cardsByKey(['d4', 'zz', 'a1'], items.positionOf, cardAt);
    expect([...cards.entries()]).toEqual([
      ['d4', { key: 'd4', position: 3 }],
      ['a1', { key: 'a1', position: 0 }],
    ]);
  });
});
