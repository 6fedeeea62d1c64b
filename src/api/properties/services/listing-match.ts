/**
 * The listings as another domain matches saved queries against them: the buyers' alerts (their part of
 * the registry's entry, decision 213) and the search box's counts. The current index, or one of some
 * listings as they were, and which of its listings a stored query selects, read by the listing's own
 * parser with its prices in the query's currency.
 */
import type { Core } from '@strapi/strapi';
import { alertSearchOf, countSelected, type AlertItems, type AlertSearch, type CatalogueAlerts, type ItemSelection } from '../../catalogues/services/registry';
import { pageUrl } from '../../website/services/site-pages';
import { buildListingIndex, matchingListings, type ListingIndex } from '../lib/listing-catalogue';
import type { Listing } from '../lib/listing';
import { readPropertiesQuery } from './listing-query';
import { propertiesService, type PropertiesService } from './properties';

export type { Listing, ListingIndex };

/** An index of `listings` (as a match saw them before), in English, without slugs. */
const listingIndexOf = (listings: Listing[]): ListingIndex => buildListingIndex(listings, 'en', new Map());

/**
 * The listings of `index` a stored query string (naming its purpose) selects, read by the listing's own
 * parser; its prices in the query's currency when `inCurrency` is given (an alert's), else in AED (the
 * search box's counts, whose queries name no currency).
 */
function listingSelection(index: ListingIndex, inCurrency?: PropertiesService['inCurrency']): ItemSelection {
  return {
    count: index.listings.length,
    keyAt: (position) => index.listings[position].reference,
    positionOf: (reference) => index.byReference.get(reference),
    select(query) {
      const parsed = readPropertiesQuery(query, 'en');
      if (!parsed.ok) return null;
      return matchingListings(index, parsed.query, inCurrency ? inCurrency(index, parsed.query.filters.currency).prices : undefined);
    },
  };
}

/** How many listings of `index` the listing route shows for `query` (a query string naming a purpose); 0 when it does not read. */
export const countListings = (index: ListingIndex, query: string): number => countSelected(listingSelection(index), query);

/** A stored query matched against the listings of `index`, priced as the listing page prices them. */
const listingSearch = (strapi: Core.Strapi, index: ListingIndex): AlertSearch =>
  alertSearchOf(listingSelection(index, propertiesService(strapi).inCurrency), (position) => {
    const listing = index.listings[position];
    return { en: listing.title, ar: listing.title_ar || listing.title };
  });

function listingItems(strapi: Core.Strapi, index: ListingIndex): AlertItems {
  return {
    source: index,
    count: index.listings.length,
    keyAt: (position) => index.listings[position].reference,
    priceAt(position) {
      const price = index.price.values[position];
      return Number.isNaN(price) ? null : price;
    },
    recordAt: (position) => index.listings[position],
    search: async () => listingSearch(strapi, index),
  };
}

/** The listings to the buyers' alerts: each instance matches the index it builds (another's match of the same listings finds nothing changed). */
export const listingAlerts: CatalogueAlerts = {
  seenTable: 'app_alert_seen_listings',
  lease: 'alerts:match:listings',
  keyPrefix: 'listing:',
  loaded(strapi) {
    const index = propertiesService(strapi).currentIndex();
    return index && listingItems(strapi, index);
  },
  earlier: (strapi, records) => listingItems(strapi, listingIndexOf(records as Listing[])),
  async pages(strapi, locale) {
    // The listings' current slugs, as the index answering now holds them (a listing gone from it: its reference).
    const listings = propertiesService(strapi).currentIndex();
    return (reference) => {
      const position = listings?.byReference.get(reference);
      return pageUrl('listing', locale, { slug: position === undefined ? reference : listings!.slugs[position] });
    };
  },
  pricesFrom: false,
};
