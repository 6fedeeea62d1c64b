/**
 * What the sale or rent listing says of a query for a page's live section (decision 168): the listing's
 * own search (its total, its first cards in its sort, in the query's currency), the figures of every
 * listing it matches, and the box that holds them on the map. Pure.
 */
import { members } from '../../../lib/catalogue/bitset';
import { bboxOf, priceFigures } from '../../../lib/catalogue/figures';
import type { LiveResult } from '../../catalogues/services/vocabulary';
import type { ListingCurrencyView } from './currency';
import { matchingListings, searchListings, type ListingIndex } from './listing-catalogue';
import type { ListingQuery } from './query';

export function liveListings(index: ListingIndex, view: ListingCurrencyView, query: ListingQuery): LiveResult {
  const { total, items } = searchListings(index, query, view.prices);
  const positions = members(matchingListings(index, query, view.prices));
  return {
    total,
    items: items.map((position) => JSON.parse(view.card(position).toString('utf8')) as unknown),
    figures: {
      ...priceFigures(positions, view.prices, (position) => index.listings[position].area_sqft),
      currency: view.currency,
      // Homes on the market have no completion years nor developers in the feed.
      completionYears: [],
      developers: [],
    },
    bbox: bboxOf(index.geo, positions),
  };
}
