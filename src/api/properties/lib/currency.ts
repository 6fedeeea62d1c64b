/**
 * The listings in the currency a visitor picks (`currency`: AED, USD or GBP), as the off-plan listing's
 * are (its rates, CURRENCY_RATES, and its rounding): each comparable price (a listing priced in AED, the
 * site's currency) converted once per currency and index, each card in that currency serialised when
 * first shown and kept on the locale's card shelf. Converting keeps the order of prices, so the index's price order and range blocks
 * serve every currency. A listing priced in another currency is shown as given and compares with none.
 */
import { formatPrice, fromSiteCurrency } from '../../../plugins/extsource/server/src/public';
import { SITE_CURRENCY, type Currency } from '../../catalogues/services/vocabulary';
import { listingCard, listingPrice } from './card';
import type { ListingIndex } from './listing-catalogue';

export interface ListingCurrencyView {
  currency: Currency;
  /** Each listing's comparable price in this currency; NaN when it has none. */
  prices: Float64Array;
  /** The price of the listing at a position in this currency, as its card shows it. */
  price(position: number): ListingPrice;
  /** The card of the listing at a position in this currency, as bytes. */
  card(position: number): Buffer;
}

type ListingPrice = ReturnType<typeof listingPrice>;

const views = new WeakMap<ListingIndex, Map<Currency, ListingCurrencyView>>();

/** A listing's price in `currency`, `amount` its converted comparable price (NaN: none, shown as given). */
function priceIn(index: ListingIndex, position: number, currency: Currency, amount: number): ListingPrice {
  const price = listingPrice(index.listings[position], index.locale);
  return Number.isNaN(amount) ? price : { ...price, amount, formatted: formatPrice(amount, currency), currency };
}

/** The index's prices and cards in `currency` (its own for AED). `rates`: AED per unit of each currency. */
export function listingCurrencyView(index: ListingIndex, currency: Currency | undefined, rates: Record<string, number>): ListingCurrencyView {
  let kept = views.get(index);
  if (!kept) views.set(index, (kept = new Map()));
  const wanted = currency ?? SITE_CURRENCY;
  const found = kept.get(wanted);
  if (found) return found;
  const view: ListingCurrencyView =
    wanted === SITE_CURRENCY
      ? { currency: wanted, prices: index.price.values, price: (position) => listingPrice(index.listings[position], index.locale), card: index.card }
      : convertedView(index, wanted, rates);
  kept.set(wanted, view);
  return view;
}

function convertedView(index: ListingIndex, currency: Currency, rates: Record<string, number>): ListingCurrencyView {
  const rate = rates[currency];
  if (!(rate > 0)) throw new Error(`No rate for ${currency} in CURRENCY_RATES`);
  const prices = index.price.values.map((amount) => (Number.isNaN(amount) ? NaN : fromSiteCurrency(amount, rate)));
  const price = (position: number) => priceIn(index, position, currency, prices[position]);
  const card = (position: number) => ({ ...listingCard(index.listings[position], index.slugs[position], index.locale), price: price(position) });
  return { currency, prices, price, card: (position) => index.cards.bytesOf(`${currency}:${position}`, () => card(position)) };
}
