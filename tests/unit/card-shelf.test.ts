/**
 * The card shelf (src/lib/catalogue/card-shelf.ts): a card is serialised when first asked for and kept
 * while the budget allows, the least recently shown dropped first and serialised again when asked for.
 */
import { describe, expect, it } from 'vitest';
import { cardShelf } from '../../src/lib/catalogue/card-shelf';

describe('the card shelf', () => {
  it('serialises a card once while it is kept, and again, the same bytes, once the budget dropped it', () => {
    const made: number[] = [];
    const card = (n: number) => () => (made.push(n), { n, name: `card ${n}` });
    // Each card is 23 bytes: two fit, not three.
    const shelf = cardShelf(50);
    const first = shelf.bytesOf(1, card(1));
    expect(JSON.parse(first.toString())).toEqual({ n: 1, name: 'card 1' });
    expect(shelf.bytesOf(1, card(1))).toBe(first);
    shelf.bytesOf(2, card(2));
    shelf.bytesOf(1, card(1));
    shelf.bytesOf(3, card(3));
    expect(made).toEqual([1, 2, 3]);
    // 2 was the least recently shown: dropped for 3; 1 is still kept.
    expect(shelf.bytesOf(1, card(1))).toBe(first);
    expect(shelf.bytesOf(2, card(2)).equals(Buffer.from(JSON.stringify({ n: 2, name: 'card 2' })))).toBe(true);
    expect(made).toEqual([1, 2, 3, 2]);
  });

  it("keeps cards of several keys apart (a currency's beside the site's)", () => {
    const shelf = cardShelf(1024);
    expect(shelf.bytesOf(7, () => ({ price: 'AED' })).toString()).toBe('{"price":"AED"}');
    expect(shelf.bytesOf('USD:7', () => ({ price: 'USD' })).toString()).toBe('{"price":"USD"}');
    expect(shelf.bytesOf(7, () => ({ price: 'other' })).toString()).toBe('{"price":"AED"}');
  });

  it('gives each card bytes of its own, not a slice of a shared pool that would outlive it', () => {
    const bytes = cardShelf(1024).bytesOf(1, () => ({ small: true }));
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });
});
