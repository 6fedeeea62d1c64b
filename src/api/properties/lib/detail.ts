/**
 * A listing's own answer in a locale: its card, then what its page shows, its `seo` and its
 * `structured_data` (listing-seo.ts, listing-structured-data.ts), all read from the card in that locale.
 */
import type { Locale } from '../../../lib/locale';
import { pageLinks } from '../../website/services/site-pages';
import { listingCard, type ListingCard } from './card';
import type { Listing } from './listing';
import { listingSeo } from './listing-seo';
import { listingStructuredData } from './listing-structured-data';

/** Everything stored about the listing: the card, then what its own page shows, its `seo` and `structured_data`. */
export function listingDetail(listing: Listing, slug: string, locale: Locale, similar: ListingCard[]) {
  const card = listingCard(listing, slug, locale);
  const description = locale === 'ar' && listing.description_ar ? listing.description_ar : listing.description;
  return {
    ...card,
    description,
    property_name: listing.property_name,
    coordinates: listing.latitude === null || listing.longitude === null ? null : { lat: listing.latitude, lng: listing.longitude },
    parking: listing.parking || null,
    view: listing.view || null,
    fittings: listing.fittings || null,
    brochure_url: listing.brochure_url || null,
    handover_date: listing.handover_date || null,
    similar,
    seo: listingSeo(card, locale),
    ...pageLinks('listing', locale, { slug }),
    structured_data: listingStructuredData(listing, card, description, locale),
  };
}
