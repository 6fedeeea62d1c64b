/**
 * The listings' answers as bytes: the listing page (cards serialised once, in listing-catalogue.ts), the
 * filters and a listing's own answer, each in the envelope.
 */
import { encodedSuccess, errorBody, success } from '../../../lib/envelope';
import { perLocale, type Locale } from '../../../lib/locale';
import { CATALOGUE_WORDS, stateOptions } from '../../catalogues/services/vocabulary';
import { AnswerBytes, facetsWriter } from '../../../lib/catalogue/engine/page-answer';
import { rangeOf } from '../../../lib/catalogue/ranges';
import { listingCard } from './card';
import { listingDetail } from './detail';
import type { CurrencyView } from '../../../lib/catalogue/engine/currency';
import { searchListings, type ListingIndex } from './listing-catalogue';
import type { Listing, Purpose } from './listing';
import { LISTING_MESSAGES } from './messages';
import { FACET_NAMES, FACETS, SORTS, type ListingSort } from './options';
import type { ListingQuery } from './query';

const ENVELOPES = perLocale((locale) => encodedSuccess(LISTING_MESSAGES[locale].listingMessage));

/** The sort options with their labels in `locale`. */
const SORT_LABELS: Record<Locale, Record<ListingSort, string>> = {
  en: { newest: 'Newest First', price_asc: 'Price: Low to High', price_desc: 'Price: High to Low', area_asc: 'Area: Smallest First', area_desc: 'Area: Largest First' },
  ar: { newest: 'الأحدث أولًا', price_asc: CATALOGUE_WORDS.ar.priceSorts.price_asc, price_desc: CATALOGUE_WORDS.ar.priceSorts.price_desc, area_asc: 'المساحة: الأصغر أولًا', area_desc: 'المساحة: الأكبر أولًا' },
};

/** `{"property_type":{"Apartment":12,...},...}`: each facet's options with their counts, in the order the answer always had (an object's). */
const facetsJson = facetsWriter(
  FACET_NAMES.map((name) => [name, FACETS[name]]),
  'object'
);

/** The listing page of a valid query; `view` must be the query's currency (the index's own for AED). */
export function renderListingPage(index: ListingIndex, view: CurrencyView, query: ListingQuery): Buffer {
  const found = searchListings(index, query, view.prices);
  const rest = { counts_by_state: found.countsByState, applied_filters: query.filters, sort: query.sort };
  return new AnswerBytes(ENVELOPES[index.locale])
    .text(`{"purpose":${JSON.stringify(query.purpose)},`)
    .page('listings', { total: found.total, perPage: query.perPage, page: query.page }, { positions: found.items, card: view.card, geo: index.geo, near: query.near })
    .text(`,"facets":${facetsJson(found.facets)},${JSON.stringify(rest).slice(1)}`)
    .done();
}

export const sortOptions = (locale: Locale) => SORTS.map((value) => ({ value, label: SORT_LABELS[locale][value] }));

export function filtersBody(index: ListingIndex, purpose: Purpose) {
  const set = index.byPurpose[purpose];
  const all = Array.from(set.orders.newest);
  const locale = index.locale;
  return success(
    {
      purpose,
      total: all.length,
      property_type: FACETS.property_type.map((value) => ({ value, label: locale === 'en' ? value : CATALOGUE_WORDS[locale].cardWords[value] ?? value })),
      bedrooms: FACETS.bedrooms,
      bathrooms: FACETS.bathrooms,
      furnishing: FACETS.furnishing,
      completion_status: FACETS.completion_status,
      states: stateOptions(locale),
      price_range: rangeOf(all.map((i) => index.price.values[i])),
      area_range: rangeOf(all.map((i) => index.area.values[i])),
      counts_by_state: searchListings(index, { purpose, page: 1, perPage: 1, sort: 'newest', filters: {} }).countsByState,
      sort_options: sortOptions(locale),
    },
    200,
    LISTING_MESSAGES[locale].filtersMessage
  );
}

const cardsOf = (index: ListingIndex, positions: Int32Array) => Array.from(positions, (other) => listingCard(index.listings[other], index.slugs[other], index.locale));

/** A listing's answer, and the positions of the similar listings it shows. */
export function listingBody(index: ListingIndex, position: number) {
  const { locale } = index;
  const listing = index.listings[position];
  const similar = index.similar.listOf(position);
  return { body: success(listingDetail(listing, index.slugs[position], locale, cardsOf(index, similar)), 200, LISTING_MESSAGES[locale].listingAnswerMessage), similar };
}

/** A listing that left the market: the error envelope (410 `GONE`) with its slug and the listings like it still on it. */
export function goneBody(index: ListingIndex, listing: Listing, slug: string) {
  return {
    ...errorBody(410, 'GONE', LISTING_MESSAGES[index.locale].listingGone(slug)),
    data: { slug, reference: listing.reference, similar: cardsOf(index, index.similar.rankFor(listing)) },
  };
}
