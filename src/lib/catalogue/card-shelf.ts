/**
 * A catalogue's cards as bytes, each serialised when first shown and kept while a byte budget allows,
 * the least recently shown going first. Serialising every card of a large catalogue up front, in every
 * locale and currency, would hold the whole catalogue twice more outside V8's heap (at 100,000 listings,
 * about 320 MB for two locales); the cards a site shows are far fewer. Each card has bytes of its own
 * (not a slice of Node's shared pool), so dropping one frees its memory.
 */
import LRUCache from 'lru-cache';

export interface CardShelf {
  /** The bytes kept under `key`, else those of `card()` serialised now and kept. */
  bytesOf(key: number | string, card: () => unknown): Buffer;
}

export function cardShelf(budgetBytes: number): CardShelf {
  const kept = new LRUCache<number | string, Buffer>({ max: budgetBytes, length: (bytes) => bytes.length });
  return {
    bytesOf(key, card) {
      let bytes = kept.get(key);
      if (bytes === undefined) {
        const text = JSON.stringify(card());
        bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
        bytes.write(text);
        kept.set(key, bytes);
      }
      return bytes;
    },
  };
}
