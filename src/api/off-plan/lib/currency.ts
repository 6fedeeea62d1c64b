/**
 * The listing in the currency a visitor picks (`currency`: AED, USD or GBP). Each card's price, the
 * prices that `min_price` / `max_price` compare and the price range are the AED amounts converted with
 * the one rates table (CURRENCY_RATES) and its one rounding rule (whole units, halves up), once per
 * currency per collection. The order of projects never changes with the currency: sorts are those of the
 * AED amounts, and converting keeps their order.
 */
import { formatPrice, fromSiteCurrency, type NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { rangeOf } from '../../../lib/catalogue/ranges';
import { listingCard } from './project-card';
import type { ProjectIndex } from './project-catalogue';
import { SITE_CURRENCY, type Currency } from '../../catalogues/services/vocabulary';
import { priceLabel } from './listing-words';

export interface CurrencyView {
  currency: Currency;
  /** Each project's starting price in this currency; NaN when it has none comparable. */
  prices: Float64Array;
  priceRange: { min: number | null; max: number | null };
  /** Each card with its price in this currency, serialised and UTF-8 encoded. */
  cardBytes: Buffer[];
}

/**
 * A card's price in `currency`. A price the provider gave in a currency without a rate (shown as given,
 * with no comparable amount) stays as it is.
 */
export function priceIn(price: NormalisedProject['price'], amount: number, currency: Currency, index: ProjectIndex): NormalisedProject['price'] {
  if (price.currency !== SITE_CURRENCY) return price;
  const startingFrom = Number.isNaN(amount) ? null : amount;
  return { starting_from: startingFrom, formatted: priceLabel(formatPrice(startingFrom, currency), startingFrom, index.locale), currency };
}

/** The project index's prices and cards in `currency` (its own, for AED). `rates`: AED per unit of each currency. */
export function currencyView(index: ProjectIndex, currency: Currency, rates: Record<string, number>): CurrencyView {
  if (currency === SITE_CURRENCY) return { currency, prices: index.prices, priceRange: index.priceRange, cardBytes: index.cardBytes };
  const rate = rates[currency];
  if (!(rate > 0)) throw new Error(`No rate for ${currency} in CURRENCY_RATES`);
  const prices = index.prices.map((amount) => (Number.isNaN(amount) ? NaN : fromSiteCurrency(amount, rate)));
  return {
    currency,
    prices,
    priceRange: rangeOf(prices),
    cardBytes: index.projects.map((project, i) => Buffer.from(JSON.stringify(listingCard({ ...project, price: priceIn(project.price, prices[i], currency, index) }, index.slugs[i], index.locale, index.developerSlugs)))),
  };
}
