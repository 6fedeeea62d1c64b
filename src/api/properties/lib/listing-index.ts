/**
 * The listings' index, built once per set of synced listings on the catalogue core (src/lib/catalogue),
 * as the off-plan project index is, and shared by every locale: each sort's order and each listing's
 * rank in it, the same orders per purpose (every request names one), a set per purpose, emirate and
 * facet option, the price and area orders cut into blocks for ranges, the words of every place and title
 * (in both languages) for the location search, the map layer. Only the cards are a locale's own:
 * serialised when first shown and kept on a shelf of bounded size. A request searches it with listing-search.ts.
 */
import { add, count, countShared, newBitset, type Bitset } from '../../../lib/catalogue/bitset';
import { cardShelf, type CardShelf } from '../../../lib/catalogue/card-shelf';
import { placesOf, type CatalogueGeo } from '../../../lib/catalogue/map-layer';
import { nullsLast, ranksOf } from '../../../lib/catalogue/ordering';
import { rangeBlocksOf, type RangeBlocks } from '../../../lib/catalogue/ranges';
import { similarBuild, type Similarity } from '../../../lib/catalogue/similar';
import { mapInSteps, runSteps, sortInSteps, type Steps } from '../../../lib/catalogue/steps';
import { wordIndexOf, type WordIndex } from '../../../lib/catalogue/words';
import type { Locale } from '../../../lib/locale';
import type { EmirateCode } from '../../../plugins/extsource/server/src/public';
import { searchWords, SITE_CURRENCY } from '../../catalogues/services/vocabulary';
import { listingCard } from './card';
import { PURPOSES, type Listing, type Purpose } from './listing';
import { FACET_NAMES, FACETS, listingOptions, SORTS, type FacetName, type ListingSort } from './options';
import { LISTING_SIMILARITY } from './similar';

export type Orders = Record<ListingSort, Int32Array>;

/** A numeric value's ascending order (listings without one left out) and its blocks. */
export interface RangeOrder {
  values: Float64Array;
  ascending: Int32Array;
  valued: number;
  blocks: RangeBlocks;
}

/** What every locale's index of a set of listings shares. */
export interface SharedListingIndex {
  listings: Listing[];
  slugs: string[];
  /** Position by slug (current ones), by reference and by id. */
  bySlug: Map<string, number>;
  byReference: Map<string, number>;
  byId: Map<number, number>;
  orders: Orders;
  ranks: Orders;
  byPurpose: Record<Purpose, { set: Bitset; orders: Orders }>;
  states: Map<EmirateCode, Bitset>;
  options: Record<FacetName, Bitset[]>;
  /** How many listings of each purpose have each option, with no other filter. */
  optionTotals: Record<Purpose, Record<FacetName, number[]>>;
  price: RangeOrder;
  area: RangeOrder;
  places: WordIndex;
  /** Where the listings are: the map, the bbox filter, nearest first (the one map layer); those without coordinates newest first. */
  geo: CatalogueGeo;
  /** Each listing's similar listings, ranked when first shown and kept; and those of a listing gone from the index. */
  similar: Similarity<Listing>;
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

/** The price sorts and ranges compare: the site currency's; a listing priced in another is shown as given and compares with none. */
const comparablePrice = (listing: Listing): number | null => (listing.price_on_request || listing.currency !== SITE_CURRENCY ? null : listing.price);

const byId = (listings: Listing[]) => (a: number, b: number) => listings[a].id - listings[b].id;

function comparators(listings: Listing[]): Record<ListingSort, (a: number, b: number) => number> {
  const tie = byId(listings);
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

function rangeOrder(values: Float64Array, ascending: Int32Array): RangeOrder {
  let valued = 0;
  while (valued < ascending.length && !Number.isNaN(values[ascending[valued]])) valued += 1;
  return { values, ascending, valued, blocks: rangeBlocksOf(ascending, valued) };
}

const perSort = (make: (sort: ListingSort) => Int32Array): Orders => Object.fromEntries(SORTS.map((sort) => [sort, make(sort)])) as Orders;

/** The words a location search finds a listing by: its places and building, and its title in both languages. */
const placeText = (listing: Listing) => [listing.community, listing.sub_community, listing.city, listing.property_name, listing.title, listing.title_ar].join(' ');

const listingPlaces = (listings: readonly Listing[]) =>
  placesOf(listings, ({ latitude, longitude }) => (latitude === null || longitude === null ? null : [latitude, longitude]));

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
  const size = listings.length;
  const compare = comparators(listings);
  const all = listings.map((_, index) => index);
  const orders = {} as Orders;
  for (const sort of SORTS) orders[sort] = yield* sortInSteps(all, compare[sort]);
  const byPurpose = Object.fromEntries(PURPOSES.map((purpose) => {
    const set = newBitset(size);
    for (const i of all) if (listings[i].purpose === purpose) add(set, i);
    return [purpose, { set, orders: perSort((sort) => orders[sort].filter((i) => listings[i].purpose === purpose)) }];
  })) as ListingIndex['byPurpose'];
  yield;

  const states = new Map<EmirateCode, Bitset>();
  const sets = Object.fromEntries(FACET_NAMES.map((name) => [name, FACETS[name].map(() => newBitset(size))])) as Record<FacetName, Bitset[]>;
  yield* mapInSteps(listings, (listing, i) => {
    if (listing.state_id) {
      let set = states.get(listing.state_id);
      if (!set) states.set(listing.state_id, (set = newBitset(size)));
      add(set, i);
    }
    const chosen = listingOptions(listing);
    for (const name of FACET_NAMES) {
      const option = chosen[name];
      if (option !== undefined) add(sets[name][(FACETS[name] as readonly string[]).indexOf(option)], i);
    }
  });
  const optionTotals = Object.fromEntries(PURPOSES.map((purpose) => [
    purpose,
    Object.fromEntries(FACET_NAMES.map((name) => [name, sets[name].map((set) => countShared(set, byPurpose[purpose].set))])),
  ])) as ListingIndex['optionTotals'];

  const listingSlugs = listings.map((listing) => slugs.get(listing.reference) ?? listing.reference);
  yield;
  const { all: placed, memberOf } = listingPlaces(listings);
  yield;
  const geo = { all: placed, memberOf, unplaced: orders.newest.filter((i) => memberOf[i] < 0) };
  const similar = yield* similarBuild(listings, geo, LISTING_SIMILARITY);
  const places = yield* wordIndexOf(listings, (listing) => searchWords(placeText(listing)));
  const prices = Float64Array.from(listings, (listing) => comparablePrice(listing) ?? NaN);
  const areas = Float64Array.from(listings, (listing) => listing.area_sqft ?? NaN);
  yield;
  const bySlug = new Map(listingSlugs.map((slug, i) => [slug, i]));
  const byReference = new Map(listings.map((listing, i) => [listing.reference, i]));
  const positionById = new Map(listings.map((listing, i) => [listing.id, i]));
  yield;
  const ranks = ranksOf(orders);
  yield;

  return {
    listings,
    slugs: listingSlugs,
    bySlug,
    byReference,
    byId: positionById,
    orders,
    ranks,
    byPurpose,
    states,
    options: sets,
    optionTotals,
    price: rangeOrder(prices, orders.price_asc),
    area: rangeOrder(areas, orders.area_asc),
    places,
    geo,
    similar,
  };
}

export const listingCount = (index: ListingIndex, purpose: Purpose) => count(index.byPurpose[purpose].set);
