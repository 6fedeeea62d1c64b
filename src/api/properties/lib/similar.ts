/**
 * A listing's similar listings (issue 43): up to six of the same purpose, those of its community first,
 * then the nearest (where both have coordinates; else those of its city and emirate), and among equals
 * those of its bedrooms and closest in price.
 *
 * The ranking is one comparator over candidates gathered in stages, each looked at only while the ones
 * before hold too few: the community's listings, then the nearest outside it (one search of the map
 * layer's kd-tree, with every listing as near as the last), then those on no map by place (the city's,
 * the emirate's, any). So a listing's page costs its community and a nearest search, never a scan of all.
 */
import { distance } from 'geokdbush';
import { has, members } from '../../../lib/catalogue/bitset';
import type { ListingIndex } from './listing-catalogue';
import type { Listing } from './listing';

export const SIMILAR_COUNT = 6;

const isPlaced = (listing: Listing) => listing.latitude !== null && listing.longitude !== null;

function distanceKm(a: Listing, b: Listing): number {
  return isPlaced(a) && isPlaced(b) ? distance(a.longitude!, a.latitude!, b.longitude!, b.latitude!) : Number.POSITIVE_INFINITY;
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

/** The best `limit` of `candidates` for `listing`, most similar first. */
function ranked(index: ListingIndex, listing: Listing, candidates: Iterable<number>, limit: number): number[] {
  const scored = [...new Set(candidates)].map((other) => {
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

/** The placed listings `wanted` takes nearest to `listing`: `count` of them, and every other as near as the last. */
function nearest(index: ListingIndex, listing: Listing, count: number, wanted: (other: number) => boolean): number[] {
  const from: [number, number] = [listing.latitude!, listing.longitude!];
  const found = index.geo.all.around(from, count + 1, Infinity, wanted);
  if (found.length <= count) return found;
  const last = distanceKm(listing, index.listings[found[count - 1]]);
  if (distanceKm(listing, index.listings[found[count]]) > last) return found.slice(0, count);
  // The kd-tree measures distance its own way: a hair more takes in every listing as near as the last.
  return index.geo.all.around(from, Infinity, last * (1 + 1e-9) + 1e-9, wanted);
}

/** Those `wanted` takes by place alone (all at an unknown distance): enough of the city's, else the emirate's too, else any. */
function byPlace(index: ListingIndex, listing: Listing, count: number, wanted: (other: number) => boolean, all: () => number[]): number[] {
  const city = (listing.city ? index.cities.get(listing.city) ?? [] : []).filter(wanted);
  if (city.length >= count) return city;
  const state = listing.state_id ? index.states.get(listing.state_id) : undefined;
  const emirate = [...city, ...(state ? members(state).filter(wanted) : [])];
  return emirate.length >= count ? emirate : all().filter(wanted);
}

/** Positions in the index of the listings most similar to `listing` (at `position` when it is in the index), most similar first. */
export function similarListings(index: ListingIndex, listing: Listing, position = -1, limit = SIMILAR_COUNT): number[] {
  const purpose = index.byPurpose[listing.purpose].set;
  const eligible = (other: number) => other !== position && has(purpose, other);
  const community = (listing.community ? index.communities.get(listing.community) ?? [] : []).filter(eligible);
  if (community.length >= limit) return ranked(index, listing, community, limit);

  const outside = (other: number) => eligible(other) && placeRank(listing, index.listings[other]) !== 0;
  const need = limit - community.length;
  const everyone = () => members(purpose);
  if (!isPlaced(listing)) return ranked(index, listing, [...community, ...byPlace(index, listing, need, outside, everyone)], limit);
  const near = nearest(index, listing, need, outside);
  if (near.length >= need) return ranked(index, listing, [...community, ...near], limit);
  // Every placed listing outside the community is in `near`: the rest come from those on no map.
  const unplaced = (other: number) => outside(other) && !isPlaced(index.listings[other]);
  return ranked(index, listing, [...community, ...near, ...byPlace(index, listing, need - near.length, unplaced, everyone)], limit);
}
