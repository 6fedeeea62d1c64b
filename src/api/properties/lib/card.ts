/**
 * A listing's card in a locale (issue 43): the contract's fields, the price with its period
 * (a rent is yearly), the area in both units, the words the provider writes in English put in the locale.
 */
import type { Locale } from '../../../lib/locale';
import { pageUrl } from '../../website/services/site-pages';
import { formatPrice, sqmOf } from '../../../plugins/extsource/server/src/public';
import { CATALOGUE_WORDS } from '../../catalogues/services/vocabulary';
import type { Listing } from './listing';
import { listingOptions } from './options';

/** The price as every answer shows it: `period` says what a rent's amount covers. */
export function listingPrice(listing: Listing, locale: Locale) {
  const amount = listing.price_on_request ? null : listing.price;
  return {
    amount,
    formatted: amount === null ? CATALOGUE_WORDS[locale].priceOnRequest : formatPrice(amount, listing.currency),
    currency: listing.currency,
    period: listing.purpose === 'rent' ? 'year' : null,
  };
}

/** A word the provider writes in English (a property type), in `locale` where the service knows it. */
export const inLocale = (english: string, locale: Locale) => (locale === 'en' ? english : CATALOGUE_WORDS[locale].cardWords[english] ?? english);

export function listingCard(listing: Listing, slug: string, locale: Locale) {
  const propertyType = listingOptions(listing).property_type ?? listing.category;
  return {
    id: listing.id,
    slug,
    reference: listing.reference,
    title: locale === 'ar' && listing.title_ar ? listing.title_ar : listing.title,
    purpose: listing.purpose,
    price: listingPrice(listing, locale),
    bedrooms: listing.bedrooms || null,
    bathrooms: listing.bathrooms,
    area: { sqft: listing.area_sqft, sqm: sqmOf(listing.area_sqft) },
    property_type: propertyType ? inLocale(propertyType, locale) : null,
    community: listing.community,
    sub_community: listing.sub_community,
    city: listing.city,
    state_id: listing.state_id || null,
    state_name: listing.state_id ? CATALOGUE_WORDS[locale].emirate(listing.state_id) : null,
    completion_status: listing.completion_status || null,
    furnishing: listing.furnishing || null,
    image: listing.images[0] ?? null,
    images: listing.images,
    agent: listing.agent,
    permit_number: listing.permit_number || null,
    canonical_url: pageUrl('listing', locale, { slug }),
  };
}

export type ListingCard = ReturnType<typeof listingCard>;
