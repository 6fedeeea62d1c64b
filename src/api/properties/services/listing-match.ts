/**
 * The listings as another domain matches saved queries against them (the buyers' alerts): the current
 * index, or one of some listings as they were, and which of its listings a stored query selects, read by
 * the listing's own parser with its prices in the query's currency.
 */
import type { Core } from '@strapi/strapi';
import { count, has, members, type Bitset } from '../../../lib/catalogue/bitset';
import { buildListingIndex, matchingListings, type ListingIndex } from '../lib/listing-catalogue';
import type { Listing } from '../lib/listing';
import { readPropertiesQuery } from './listing-query';
import { propertiesService } from './properties';

export type { Listing, ListingIndex };

/** An index of `listings` (as a match saw them before), in English, without slugs. */
export const listingIndexOf = (listings: Listing[]): ListingIndex => buildListingIndex(listings, 'en', new Map());

/** How many listings of `index` the listing route shows for `query` (a query string naming a purpose); 0 when it does not read. */
export function countListings(index: ListingIndex, query: string): number {
  const parsed = readPropertiesQuery(query, 'en');
  return parsed.ok ? count(matchingListings(index, parsed.query)) : 0;
}

/** The positions among `among` of `index`'s listings a stored query selects; null when the query no longer reads. */
export function listingsMatching(strapi: Core.Strapi, index: ListingIndex, query: string, among: Bitset): number[] | null {
  const parsed = readPropertiesQuery(query, 'en');
  if (!parsed.ok) return null;
  const { prices } = propertiesService(strapi).inCurrency(index, parsed.query.filters.currency);
  return members(matchingListings(index, parsed.query, prices)).filter((position) => has(among, position));
}
