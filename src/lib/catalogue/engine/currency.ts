/**
 * A catalogue in the currency a visitor picks: each comparable price (its descriptor's price range, in
 * the site's currency) converted with the one rates table and rounding (the plugin's), once per currency
 * and index; each card in that currency serialised when first shown, its price field replaced, and kept
 * (on the catalogue's shelf, else with the view). Converting keeps the order of prices, so the index's
 * price order and range blocks serve every currency. What a price says in a currency is the catalogue's
 * (views.ts).
 */
import { fromSiteCurrency } from '../../../plugins/extsource/server/src/public';
import { rangeOf } from '../ranges';
import type { CatalogueIndex } from './build';
import type { CatalogueViews } from './views';

export interface CurrencyView<C extends string = string> {
  currency: C;
  /** Each item's comparable price in this currency; NaN when it has none. */
  prices: Float64Array;
  /** The least and greatest of them. */
  priceRange: { min: number | null; max: number | null };
  /** The price of the item at a position in this currency, as its card shows it. */
  price(position: number): unknown;
  /** The card of the item at a position in this currency, as bytes. */
  card(position: number): Buffer;
}

type Index = CatalogueIndex<unknown, string, string>;
type Pricing<I, C extends string> = Pick<
  CatalogueViews<I, never, C>,
  'siteCurrency' | 'priceRange' | 'priceField' | 'price' | 'priceIn' | 'card' | 'cardBytes' | 'shelf'
>;

/** A view kept with the rate it was converted at. */
interface KeptView {
  rate: number | undefined;
  view: CurrencyView<string>;
}

const views = new WeakMap<object, Map<string, KeptView>>();

/**
 * The index's prices and cards in `currency` (its own in the site's), kept per index while the currency's
 * rate is the one it was converted at (the rates are refreshed while an index serves). `rates`: site
 * currency per unit of each.
 */
export function currencyView<I extends Index, C extends string>(index: I, pricing: Pricing<I, C>, currency: C | undefined, rates: Record<string, number>): CurrencyView<C> {
  let kept = views.get(index);
  if (!kept) views.set(index, (kept = new Map()));
  const wanted = currency ?? pricing.siteCurrency;
  const own = wanted === pricing.siteCurrency;
  const rate = own ? undefined : rates[wanted];
  const found = kept.get(wanted);
  if (found && found.rate === rate) return found.view as CurrencyView<C>;
  const view = own ? ownView(index, pricing) : convertedView(index, pricing, wanted, rates);
  kept.set(wanted, { rate, view });
  return view;
}

function ownView<I extends Index, C extends string>(index: I, pricing: Pricing<I, C>): CurrencyView<C> {
  const prices = index.ranges[pricing.priceRange].values;
  return withPriceRange({ currency: pricing.siteCurrency, prices, price: (position) => pricing.price(index, position), card: (position) => pricing.cardBytes(index, position) });
}

function convertedView<I extends Index, C extends string>(index: I, pricing: Pricing<I, C>, currency: C, rates: Record<string, number>): CurrencyView<C> {
  const rate = rates[currency];
  if (!(rate > 0)) throw new Error(`No rate for ${currency} in CURRENCY_RATES`);
  const prices = index.ranges[pricing.priceRange].values.map((amount) => (Number.isNaN(amount) ? NaN : fromSiteCurrency(amount, rate)));
  const price = (position: number) => pricing.priceIn(index, position, prices[position], currency);
  const card = (position: number) => ({ ...pricing.card(index, position), [pricing.priceField]: price(position) });
  return withPriceRange({ currency, prices, price, card: keptCards(index, pricing, currency, card) });
}

/** The view with its price range, found when first read (a catalogue that never shows it pays nothing). */
function withPriceRange<C extends string>(view: Omit<CurrencyView<C>, 'priceRange'>): CurrencyView<C> {
  let range: CurrencyView['priceRange'] | undefined;
  return Object.defineProperty(view, 'priceRange', { get: () => (range ??= rangeOf(view.prices)), enumerable: true }) as CurrencyView<C>;
}

/** A converted card's bytes, serialised once: on the catalogue's shelf, else with the view. */
function keptCards<I extends Index, C extends string>(index: I, pricing: Pricing<I, C>, currency: C, card: (position: number) => object): (position: number) => Buffer {
  const shelf = pricing.shelf?.(index);
  if (shelf) return (position) => shelf.bytesOf(`${currency}:${position}`, () => card(position));
  const cards: Array<Buffer | undefined> = new Array(index.items.length);
  return (position) => (cards[position] ??= Buffer.from(JSON.stringify(card(position))));
}
