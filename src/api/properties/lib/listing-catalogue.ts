/**
 * The homes for sale and rent as a catalogue of the engine (src/lib/catalogue/engine, decisions 206-209),
 * built once per set of synced listings and shared by every locale: the descriptor (five sorts ending on
 * the id, the purpose as the base every query names, the emirates, the listings' facets, price and area,
 * places and titles in both languages, coordinates), then what the listings keep of their own: slugs and
 * lookups by slug, reference and id, the similar listings (the one similar ranking's rule, similar.ts), and the
 * cards, a locale's own, serialised when first shown and kept on a shelf of bounded size.
 */
import { count, type Bitset } from '../../../lib/catalogue/bitset';
import { cardShelf, type CardShelf } from '../../../lib/catalogue/card-shelf';
import { placesOf } from '../../../lib/catalogue/map-layer';
import { nullsLast } from '../../../lib/catalogue/ordering';
import { similarBuild, type Similarity } from '../../../lib/catalogue/similar';
import { runSteps, type Steps } from '../../../lib/catalogue/steps';
import type { CatalogueDescriptor, Compare, Orders } from '../../../lib/catalogue/engine/descriptor';
import { catalogueBuild, type CatalogueIndex, type RangeOrder } from '../../../lib/catalogue/engine/build';
import * as engine from '../../../lib/catalogue/engine/search';
import type { Locale } from '../../../lib/locale';
import type { EmirateCode } from '../../../plugins/extsource/server/src/public';
import { countStates, searchWords, SITE_CURRENCY, type StateCount } from '../../catalogues/services/vocabulary';
import { listingCard } from './card';
import { PURPOSES, type Listing, type Purpose } from './listing';
import { FACETS, listingOptions, SORTS, type FacetName, type ListingSort } from './options';
import type { ListingQuery } from './query';
import { LISTING_SIMILARITY } from './similar';

/** The price sorts and ranges compare: the site currency's; a listing priced in another is shown as given and compares with none. */
const comparablePrice = (listing: Listing): number | null => (listing.price_on_request || listing.currency !== SITE_CURRENCY ? null : listing.price);

function* comparators(listings: readonly Listing[]): Steps<Record<ListingSort, Compare>> {
  const tie = (a: number, b: number) => listings[a].id - listings[b].id;
  const price = (i: number) => comparablePrice(listings[i]);
  const area = (i: number) => listings[i].area_sqft;
  const up = (x: number, y: number) => x - y;
  const down = (x: number, y: number) => y - x;
  return {
    newest: (a, b) => listings[b].listed_at - listings[a].listed_at || tie(b, a),
    price_asc: (a, b) => nullsLast(price(a), price(b), up) ?? tie(a, b),
    price_desc: (a, b) => nullsLast(price(a), price(b), down) ?? tie(a, b),
    area_asc: (a, b) => nullsLast(area(a), area(b), up) ?? tie(a, b),
    area_desc: (a, b) => nullsLast(area(a), area(b), down) ?? tie(a, b),
  };
}

/** The words a location search finds a listing by: its places and building, and its title in both languages. */
const placeText = (listing: Listing) => [listing.community, listing.sub_community, listing.city, listing.property_name, listing.title, listing.title_ar].join(' ');

const facet = (options: readonly string[]) => ({ options, combine: 'any' as const });

export const LISTING_CATALOGUE: CatalogueDescriptor<Listing, ListingSort, FacetName> = {
  sorts: SORTS,
  comparators,
  facets: {
    property_type: facet(FACETS.property_type),
    bedrooms: facet(FACETS.bedrooms),
    bathrooms: facet(FACETS.bathrooms),
    furnishing: facet(FACETS.furnishing),
    completion_status: facet(FACETS.completion_status),
  },
  optionsOf: listingOptions,
  partitions: {
    purpose: { key: (listing) => listing.purpose, lists: true, base: PURPOSES },
    state_id: { key: (listing) => listing.state_id || undefined },
  },
  states: 'state_id',
  ranges: {
    price: { sort: 'price_asc', value: comparablePrice },
    area: { sort: 'area_asc', value: (listing) => listing.area_sqft },
  },
  words: (listing) => searchWords(placeText(listing)),
  geo(listings, orders) {
    const { all, memberOf } = placesOf(listings, ({ latitude, longitude }) => (latitude === null || longitude === null ? null : [latitude, longitude]));
    return { all, memberOf, unplaced: orders.newest.filter((i) => memberOf[i] < 0) };
  },
};

/** What every locale's index of a set of listings shares. */
export interface SharedListingIndex extends CatalogueIndex<Listing, ListingSort, FacetName> {
  listings: Listing[];
  slugs: string[];
  /** Position by slug (current ones), by reference and by id. */
  bySlug: Map<string, number>;
  byReference: Map<string, number>;
  byId: Map<number, number>;
  byPurpose: Record<Purpose, { set: Bitset; orders: Orders<ListingSort> }>;
  /** Each listing's similar listings, ranked when first shown and kept; and those of a listing gone from the index. */
  similar: Similarity<Listing>;
  price: RangeOrder;
  area: RangeOrder;
}

/** The index in one locale: the shared one, and the locale's cards. */
export interface ListingIndex extends SharedListingIndex {
  locale: Locale;
  /** The card of the listing at a position, as bytes (the site's currency). */
  card(position: number): Buffer;
  /** Where the locale's cards are kept, in any currency. */
  cards: CardShelf;
}

/**
 * How many bytes of cards a locale keeps: every card of 12,000 listings (about 1.7 KB each), the most
 * shown of a larger catalogue.
 */
const CARD_SHELF_BYTES = 32 * 1024 * 1024;

/** The index of `listings` in `locale`, built at once. `slugs`: each listing's current slug by reference (the slug service's). */
export function buildListingIndex(listings: Listing[], locale: Locale, slugs: ReadonlyMap<string, string>): ListingIndex {
  return listingIndexIn(runSteps(listingIndexBuild(listings, slugs)), locale);
}

/** The index in `locale`: the shared one's fields and a shelf for the locale's cards. */
export function listingIndexIn(shared: SharedListingIndex, locale: Locale): ListingIndex {
  const cards = cardShelf(CARD_SHELF_BYTES);
  const { listings, slugs } = shared;
  return { ...shared, locale, cards, card: (position) => cards.bytesOf(position, () => listingCard(listings[position], slugs[position], locale)) };
}

/** The index every locale shares, in steps. */
export function* listingIndexBuild(listings: Listing[], slugs: ReadonlyMap<string, string>): Steps<SharedListingIndex> {
  const index = yield* catalogueBuild(listings, LISTING_CATALOGUE);
  const { sets, lists } = index.partitions.purpose;
  const byPurpose = Object.fromEntries(PURPOSES.map((purpose) => [purpose, { set: sets.get(purpose)!, orders: lists!.get(purpose)! }])) as SharedListingIndex['byPurpose'];
  const similar = yield* similarBuild(listings, index.geo, LISTING_SIMILARITY);
  const listingSlugs = listings.map((listing) => slugs.get(listing.reference) ?? listing.reference);
  yield;
  const bySlug = new Map(listingSlugs.map((slug, i) => [slug, i]));
  const byReference = new Map(listings.map((listing, i) => [listing.reference, i]));
  const byId = new Map(listings.map((listing, i) => [listing.id, i]));
  yield;
  return { ...index, listings, slugs: listingSlugs, bySlug, byReference, byId, byPurpose, similar, price: index.ranges.price, area: index.ranges.area };
}

export const listingCount = (index: ListingIndex, purpose: Purpose) => count(index.byPurpose[purpose].set);

export interface ListingSearch {
  total: number;
  items: number[];
  facets: Record<FacetName, number[]>;
  countsByState: StateCount[];
}

/** The query in the engine's terms; `prices`: the comparable prices in the query's currency. */
export function selectionOf({ purpose, filters }: Pick<ListingQuery, 'purpose' | 'filters'>, prices: Float64Array): engine.Selection {
  const { property_type, bedrooms, bathrooms, furnishing, completion_status } = filters;
  const ranged = (min: number | undefined, max: number | undefined) => (min === undefined && max === undefined ? undefined : { min, max });
  return {
    partitions: { purpose, state_id: filters.state_id || undefined },
    facets: { property_type, bedrooms, bathrooms, furnishing, completion_status },
    ranges: { price: ranged(filters.min_price, filters.max_price), area: ranged(filters.min_area, filters.max_area) },
    values: { price: prices },
    words: filters.location ? searchWords(filters.location) : undefined,
    bbox: filters.bbox,
  };
}

/** The listings matching the query's purpose and filters. */
export const matchingListings = (index: ListingIndex, query: ListingQuery, prices = index.price.values): Bitset => engine.matchingSet(index, selectionOf(query, prices))!;

/** The matches of the query's filters, their facets and counts per emirate, and the query's page of them. */
export function searchListings(index: ListingIndex, query: ListingQuery, prices = index.price.values): ListingSearch {
  const selection = selectionOf(query, prices);
  const matched = engine.matchSelection(index, selection);
  return {
    total: matched.total,
    items: engine.pageItems(index, selection, matched, query),
    facets: matched.facets,
    countsByState: countStates(index.states as Map<EmirateCode, Bitset>, index.locale, matched.stateWithin),
  };
}
