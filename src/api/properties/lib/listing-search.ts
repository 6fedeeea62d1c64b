/**
 * Search over the listings' index (listing-index.ts) on the catalogue core: each filter a set (an
 * option's set as it is; a price or area range from its blocks; a location from the word index; a bbox
 * from the map layer), the purpose always among them; facets and counts per emirate disjunctive, as the
 * off-plan listing's; the page read off the purpose's pre-sorted list, or nearest first.
 */
import { newBitset, unite, type Bitset } from '../../../lib/catalogue/bitset';
import { matchGroups, optionCounts } from '../../../lib/catalogue/facets';
import { pageOf } from '../../../lib/catalogue/ordering';
import { bboxSet, nearestPage } from '../../../lib/catalogue/map-layer';
import { rangeSet } from '../../../lib/catalogue/ranges';
import { wordSet } from '../../../lib/catalogue/words';
import { countStates, searchWords, type StateCount } from '../../catalogues/services/vocabulary';
import type { ListingIndex, RangeOrder } from './listing-index';
import { FACET_NAMES, FACETS, type FacetName } from './options';
import type { ListingFilters, ListingQuery } from './query';

export interface ListingSearch {
  total: number;
  items: number[];
  facets: Record<FacetName, number[]>;
  countsByState: StateCount[];
}

type Group = FacetName | 'state_id';

const rangeOf = (order: RangeOrder, min: number | undefined, max: number | undefined) =>
  rangeSet(order.ascending, order.valued, order.blocks, order.values, min ?? 0, max ?? Number.POSITIVE_INFINITY);

/** `prices`: the comparable prices in the query's currency (the index's own, AED, by default). */
function constraints(index: ListingIndex, query: ListingQuery, prices: Float64Array): { groups: Partial<Record<Group, Bitset>>; rest: Bitset[] } {
  const size = index.listings.length;
  const filters: ListingFilters = query.filters;
  const groups: Partial<Record<Group, Bitset>> = {};
  const rest = [index.byPurpose[query.purpose].set];
  if (filters.state_id) groups.state_id = index.states.get(filters.state_id) ?? newBitset(size);
  for (const name of FACET_NAMES) {
    const chosen = filters[name];
    if (chosen) groups[name] = unite(size, chosen.map((option) => index.options[name][(FACETS[name] as readonly string[]).indexOf(option)]));
  }
  if (filters.min_price !== undefined || filters.max_price !== undefined) rest.push(rangeOf({ ...index.price, values: prices }, filters.min_price, filters.max_price));
  if (filters.min_area !== undefined || filters.max_area !== undefined) rest.push(rangeOf(index.area, filters.min_area, filters.max_area));
  if (filters.location) rest.push(wordSet(index.places, searchWords(filters.location), size));
  if (filters.bbox) rest.push(bboxSet(index.geo, filters.bbox, size));
  return { groups, rest };
}

/** The listings matching the query's purpose and filters. */
export function matchingListings(index: ListingIndex, query: ListingQuery, prices = index.price.values): Bitset {
  const { groups, rest } = constraints(index, query, prices);
  return matchGroups(index.listings.length, groups, rest).matches!;
}

/** The query's page of `matches`: off the purpose's pre-sorted list, or nearest first from `near`. */
function pageItems(index: ListingIndex, { purpose, sort, page, perPage, near }: ListingQuery, matches: Bitset, total: number): number[] {
  const start = Math.min((page - 1) * perPage, total);
  const end = Math.min(start + perPage, total);
  if (sort === 'distance') return near ? nearestPage(index.geo, near, matches, start, end) : [];
  return pageOf(index.byPurpose[purpose].orders[sort], index.ranks[sort], matches, total, start, end);
}

/** The matches of the query's filters, their facets and counts per emirate, and the query's page of them. */
export function searchListings(index: ListingIndex, query: ListingQuery, prices = index.price.values): ListingSearch {
  const { groups, rest } = constraints(index, query, prices);
  const matched = matchGroups(index.listings.length, groups, rest);
  const matches = matched.matches!;
  const totals = index.optionTotals[query.purpose];
  const facets = Object.fromEntries(FACET_NAMES.map((name) => [name, optionCounts(index.options[name], matched.over(name), totals[name])])) as ListingSearch['facets'];
  return {
    total: matched.total,
    items: pageItems(index, query, matches, matched.total),
    facets,
    countsByState: countStates(index.states, index.locale, matched.over('state_id')),
  };
}
