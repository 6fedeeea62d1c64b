/**
 * The listings' filter options and sorts. Property types and bedrooms are the catalogues' shared ones (the same
 * lists, read the same way, so a website sends either catalogue the same values); bathrooms, furnishing
 * and completion status are the listings' own.
 */
import { countOptions } from '../../../lib/catalogue/engine/options';
import { BEDROOMS, PROPERTY_TYPES, bedroomsOption, propertyTypesNamed, queryOption, type Bedrooms, type PropertyType } from '../../catalogues/services/vocabulary';
import type { Listing } from './listing';

export { BEDROOMS, PROPERTY_TYPES, type Bedrooms, type PropertyType };

export const BATHROOMS = ['1', '2', '3', '4', '5+'] as const;
export const FURNISHINGS = ['furnished', 'semi-furnished', 'unfurnished'] as const;
export const COMPLETION_STATUSES = ['ready', 'off_plan'] as const;

export type Bathrooms = (typeof BATHROOMS)[number];
export type Furnishing = (typeof FURNISHINGS)[number];
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

export const SORTS = ['newest', 'price_asc', 'price_desc', 'area_asc', 'area_desc'] as const;
export type ListingSort = (typeof SORTS)[number];
export const DEFAULT_SORT: ListingSort = 'newest';

/** The facets a listing page counts, each with its options in order. */
export const FACETS = {
  property_type: PROPERTY_TYPES,
  bedrooms: BEDROOMS,
  bathrooms: BATHROOMS,
  furnishing: FURNISHINGS,
  completion_status: COMPLETION_STATUSES,
} as const;
export type FacetName = keyof typeof FACETS;
export const FACET_NAMES = Object.keys(FACETS) as FacetName[];

const BATHROOM_COUNTS = countOptions(BATHROOMS);

/** Bathrooms as an option: "1".."4", or "5+" for five or more; undefined when unknown. */
export const bathroomsOption = (bathrooms: number | null): Bathrooms | undefined => (bathrooms === null ? undefined : BATHROOM_COUNTS.ofCount(bathrooms));

/** The option of each facet a listing has (none where its feed says nothing). */
export function listingOptions(listing: Listing): Record<FacetName, string | undefined> {
  return {
    property_type: propertyTypesNamed(listing.category)[0],
    bedrooms: bedroomsOption(listing.bedrooms),
    bathrooms: bathroomsOption(listing.bathrooms),
    furnishing: (FURNISHINGS as readonly string[]).includes(listing.furnishing) ? listing.furnishing : undefined,
    completion_status: listing.completion_status || undefined,
  };
}

/** Values of the query, case-insensitive, with the shared aliases where the option is shared. */
export const readOption: Record<FacetName, (value: string) => string | undefined> = {
  property_type: queryOption.property_type,
  bedrooms: queryOption.bedrooms,
  bathrooms: BATHROOM_COUNTS.read,
  furnishing(value) {
    const key = value.trim().toLowerCase().replace(/[\s_]+/g, '-');
    return (FURNISHINGS as readonly string[]).includes(key) ? key : undefined;
  },
  completion_status(value) {
    const key = value.trim().toLowerCase().replace(/[\s-]+/g, '_');
    return key === 'offplan' ? 'off_plan' : (COMPLETION_STATUSES as readonly string[]).includes(key) ? key : undefined;
  },
};
