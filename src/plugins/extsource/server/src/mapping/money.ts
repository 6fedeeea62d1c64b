/**
 * Currency conversion with the configured rates (how many of the site's currency, AED, one unit of
 * another is worth), rounded one way everywhere: to whole units, halves up. Provider prices come into
 * AED this way, and the listing shows AED amounts in a visitor's currency this way.
 */

/** An amount in another currency as AED. */
export function intoSiteCurrency(amount: number, rate: number): number {
  return Math.round(amount * rate);
}

/** An AED amount in another currency. */
export function fromSiteCurrency(amount: number, rate: number): number {
  return Math.round(amount / rate);
}
