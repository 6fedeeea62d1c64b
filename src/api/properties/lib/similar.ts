/**
 * A listing's similar listings (issue 43, decision 200): the catalogue's similarity rule for the one
 * ranking (src/lib/catalogue/similar.ts). Up to six of the same purpose: those of its community first,
 * then the nearest (where both have coordinates; else those of its city, its emirate, any), and among
 * equals those of its place, its bedrooms and closest in price.
 *
 * The tiers: the community's listings, then as many of the nearest outside it as are missing (one search
 * of the map layer, with every listing as near as the last), then those on no map by place. So a
 * listing's page costs its community and a nearest search, never a scan of all.
 */
import type { Listing } from './listing';
import type { SimilarityRule } from '../../../lib/catalogue/similar';

export const SIMILAR_COUNT = 6;

export const LISTING_SIMILARITY: SimilarityRule<Listing> = {
  count: SIMILAR_COUNT,
  scope: 'purpose',
  groups: { purpose: (listing) => listing.purpose, community: (listing) => listing.community, city: (listing) => listing.city, emirate: (listing) => listing.state_id },
  tiers: [{ group: 'community' }, { nearest: 'missing' }, { widening: ['city', 'emirate'] }],
  order: [
    { same: (listing) => listing.community || null },
    { distance: true },
    { sharedGroup: ['community', 'city', 'emirate'] },
    { same: (listing) => listing.bedrooms },
    { logGap: (listing) => listing.price },
  ],
  at: ({ latitude, longitude }) => (latitude === null || longitude === null ? null : [latitude, longitude]),
};
