/**
 * What a catalogue tells the engine's views of its index (currency.ts, map-answer.ts, live-result.ts),
 * beside its descriptor (descriptor.ts): its own facts as data and small functions.
 */
import type { EncodedEnvelope } from '../../envelope';
import type { CardShelf } from '../card-shelf';
import type { Selection } from './search';

/**
 * How its prices show in another currency, what an item's map marker says, what its live figures add.
 * `Q`: the part of its query that selects items; `C`: its currencies; `X`: the figures it adds.
 */
export interface CatalogueViews<I, Q, C extends string, X extends object = object> {
  /** The currency the index's prices and cards are in. */
  siteCurrency: C;
  /** The range (of `ranges`) holding each item's comparable price in the site's currency (NaN: none). */
  priceRange: string;
  /** The card's field that carries its price. */
  priceField: string;
  /** The price an item's card shows in the site's currency. */
  price(index: I, position: number): unknown;
  /** The same in `currency`, `amount` its converted comparable price (NaN: none). */
  priceIn(index: I, position: number, amount: number, currency: C): unknown;
  /** An item's card in the site's currency, as an object and as the bytes the index keeps. */
  card(index: I, position: number): object;
  cardBytes(index: I, position: number): Buffer;
  /** Where the index keeps cards in other currencies; without one, each view keeps its own. */
  shelf?(index: I): CardShelf;
  /** The query in the engine's terms, `prices` the comparable prices in its currency. */
  selection(query: Q, prices: Float64Array): Selection;
  /** The map answer's envelope in the index's locale. */
  mapEnvelope(index: I): EncodedEnvelope;
  /**
   * The key of the map layer clustering the items `query` selects (its filters but the bbox, map-answer.ts);
   * undefined for the index's own layer (every item with a place).
   */
  layerKey(query: Q): string | undefined;
  /** What a map answer says it applied. */
  applied(query: Q): unknown;
  /** A marker's properties in order (its `id` the feature's too); `price` is the item's in the view's currency. */
  marker: Record<string, (index: I, position: number, price: () => unknown) => unknown>;
  /** A cluster's price range when none of its items has a price, in the index's locale. */
  priceOnRequest(index: I): string;
  /** An item's size in square feet for its price per square foot; null when unknown. */
  sqft(index: I, position: number): number | null;
  /** The figures of the matched items the catalogue adds after the currency. */
  figures(index: I, positions: readonly number[]): X;
}
