/**
 * A listing's card and answer in a locale (issue 43): the contract's fields, the price with its period
 * (a rent is yearly), the area in both units, the words the provider writes in English put in the locale.
 */
import type { Locale } from '../../../lib/locale';
import { pageLinks, pageUrl } from '../../../lib/site-paths';
import { formatPrice, sqmOf } from '../../../plugins/extsource/server/src/public';
import { LISTING_WORDS } from '../../off-plan/services/vocabulary';
import type { Listing } from './listing';
import { listingOptions } from './options';

/** The price as every answer shows it: `period` says what a rent's amount covers. */
export function listingPrice(listing: Listing, locale: Locale) {
  const amount = listing.price_on_request ? null : listing.price;
  return {
    amount,
    formatted: amount === null ? LISTING_WORDS[locale].priceOnRequest : formatPrice(amount, listing.currency),
    currency: listing.currency,
    period: listing.purpose === 'rent' ? 'year' : null,
  };
}

const inLocale = (english: string, locale: Locale) => (locale === 'en' ? english : LISTING_WORDS[locale].cardWords[english] ?? english);

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
    state_name: listing.state_id ? LISTING_WORDS[locale].emirate(listing.state_id) : null,
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

/** Everything stored about the listing: the card, then what its own page shows. */
export function listingDetail(listing: Listing, slug: string, locale: Locale, similar: ListingCard[]) {
  const card = listingCard(listing, slug, locale);
  return {
    ...card,
    description: locale === 'ar' && listing.description_ar ? listing.description_ar : listing.description,
    property_name: listing.property_name,
    coordinates: listing.latitude === null || listing.longitude === null ? null : { lat: listing.latitude, lng: listing.longitude },
    parking: listing.parking || null,
    view: listing.view || null,
    fittings: listing.fittings || null,
    brochure_url: listing.brochure_url || null,
    handover_date: listing.handover_date || null,
    similar,
    ...pageLinks('listing', locale, { slug }),
  };
}
