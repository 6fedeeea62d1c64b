/**
 * What the search box may suggest of the listings (decision 215): their places and their references (each
 * counted under its purpose), read from one listing index. Pure.
 */
import type { CatalogueSuggestibles } from '../../catalogues/services/registry';
import type { ListingIndex } from './listing-catalogue';

/** The box's sources of `index`, counted by `count`. */
export function listingSuggestibles(index: ListingIndex, count: (query: string) => number): CatalogueSuggestibles {
  return {
    places: index.listings.map(({ state_id, city, community, sub_community }) => ({ state_id, city, community, sub_community })),
    developers: [],
    items: index.listings.map((listing, i) => ({ type: 'listing', names: { en: listing.reference, ar: '' }, slug: index.slugs[i], fields: { purpose: listing.purpose } })),
    count,
  };
}
