/**
 * A listing's similar listings (issue 43): up to six of the same purpose, those of its community first,
 * then the nearest (where both have coordinates; else those of its city and emirate), and among equals
 * those of its bedrooms and closest in price.
 */
import { members } from '../../../lib/catalogue/bitset';
import type { ListingIndex } from './listing-index';
import type { Listing } from './listing';

export const SIMILAR_COUNT = 6;

const EARTH_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

function distanceKm(a: Listing, b: Listing): number {
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return Number.POSITIVE_INFINITY;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

/** How far apart two prices are, as a ratio (unknown prices furthest). */
const priceGap = (a: number | null, b: number | null) => (a === null || b === null || a <= 0 || b <= 0 ? Number.POSITIVE_INFINITY : Math.abs(Math.log(a / b)));

/** Which of the listing's neighbourhoods the other shares: 0 its community, 1 its city, 2 its emirate, 3 none. */
function placeRank(listing: Listing, other: Listing): number {
  if (listing.community && other.community === listing.community) return 0;
  if (listing.city && other.city === listing.city) return 1;
  if (listing.state_id && other.state_id === listing.state_id) return 2;
  return 3;
}

/** Positions in the index of the listings most similar to `listing` (at `position` when it is in the index), most similar first. */
export function similarListings(index: ListingIndex, listing: Listing, position = -1, limit = SIMILAR_COUNT): number[] {
  const scored = members(index.byPurpose[listing.purpose].set)
    .filter((other) => other !== position)
    .map((other) => {
      const candidate = index.listings[other];
      const place = placeRank(listing, candidate);
      return {
        other,
        /** Its community's first, whatever the distance. */
        tier: place === 0 ? 0 : 1,
        place,
        km: distanceKm(listing, candidate),
        bedrooms: candidate.bedrooms === listing.bedrooms ? 0 : 1,
        price: priceGap(listing.price, candidate.price),
      };
    });
  scored.sort((a, b) => a.tier - b.tier || a.km - b.km || a.place - b.place || a.bedrooms - b.bedrooms || a.price - b.price || a.other - b.other);
  return scored.slice(0, limit).map(({ other }) => other);
}
