/**
 * Search over a project index (project-index.ts): each filter of a request turned into a set of
 * projects from the index (an option's set as it is; a location, price or size range from a sorted
 * list, costing what it matches), the sets intersected, the facets counted from the same sets, and the
 * page read off the narrowest pre-sorted list: its cost grows with the page and the filters, not with
 * the collection (docs/off-plan.md, "How it stays fast").
 */
import { add, bitsetOf, intersect, newBitset, unite, type Bitset } from '../../../lib/catalogue/bitset';
import { matchGroups, optionCounts } from '../../../lib/catalogue/facets';
import { firstWhere, pageOf } from '../../../lib/catalogue/ordering';
import { rangeSet } from '../../../lib/catalogue/ranges';
import { wordSet } from '../../../lib/catalogue/words';
import type { ProjectIndex, FacetName, Facets, Orders } from './project-index';
import { BEDROOMS, PROPERTY_TYPES, countStates, foldForSearch, searchWords, type StateCount } from '../../catalogues/services/vocabulary';
import { AMENITIES, AREAS } from './options';
import { bboxSet, nearestPage } from '../../../lib/catalogue/map-layer';
import type { Filters, ListingQuery, Sort } from './query';

/** What a set of filters matches, whatever the page and the sort. */
export interface Matched {
  /** The matching projects; undefined when no filter applies (every project). */
  matches: Bitset | undefined;
  total: number;
  countsByState: StateCount[];
  facets: Facets;
}

export interface SearchResult {
  total: number;
  items: number[];
  countsByState: StateCount[];
  facets: Facets;
}

/**
 * Projects priced within [min, max] (in the currency of `prices`): a stretch [from, to) of the price
 * order, found by bisection (converting keeps the order: rounding never reverses two amounts). Whole
 * blocks come from the cumulative sets, the ends one by one.
 */
function priceSet(index: ProjectIndex, prices: Float64Array, min: number, max: number): Bitset {
  return rangeSet(index.orders.price_asc, index.pricedCount, index.priceBlocks, prices, min, max);
}

/** Projects with a word starting with each of the words of `text` (in any of its places or its name). */
const placeSet = (index: ProjectIndex, text: string): Bitset => wordSet(index.places, searchWords(text), index.projects.length);

/**
 * Per area option, and for any size, the projects with a unit size range overlapping [min, max]: the
 * ranges starting at most at `max` or those reaching at least `min`, whichever are fewer, checked for
 * the other end.
 */
function sizeSets(index: ProjectIndex, min: number, max: number): { perArea: Bitset[]; any: Bitset } {
  const { from, to, project, area, byTo } = index.sizes;
  const perArea = AREAS.map(() => newBitset(index.projects.length));
  const any = newBitset(index.projects.length);
  const take = (entry: number) => {
    add(any, project[entry]);
    if (area[entry] >= 0) add(perArea[area[entry]], project[entry]);
  };
  const startingBelow = firstWhere(from.length, (entry) => from[entry] > max);
  const reachingFrom = firstWhere(byTo.length, (position) => to[byTo[position]] >= min);
  if (startingBelow <= byTo.length - reachingFrom) {
    for (let entry = 0; entry < startingBelow; entry += 1) if (to[entry] >= min) take(entry);
  } else {
    for (let position = reachingFrom; position < byTo.length; position += 1) if (from[byTo[position]] <= max) take(byTo[position]);
  }
  return { perArea, any };
}

/** The sets of the options chosen in a list parameter. */
const chosen = (sets: Bitset[], options: readonly string[], values: readonly string[]) => values.map((value) => sets[options.indexOf(value)]);

interface Constraints {
  /** One set per applied filter group; facets count each group's options over the others. */
  groups: Partial<Record<FacetName | 'state_id', Bitset>>;
  /** The filters no facet counts against (developer, year, name, location, price, bbox). */
  rest: Bitset[];
  /** The area options' sets, narrowed to the size range when one is given. */
  areaSets: Bitset[];
}

function constraints(index: ProjectIndex, filters: Filters, prices: Float64Array): Constraints {
  const size = index.projects.length;
  const { options } = index;
  const groups: Constraints['groups'] = {};
  const rest: Bitset[] = [];
  const listSet = (orders: Orders | undefined) => bitsetOf(size, orders?.name_asc ?? []);

  if (filters.state_id) groups.state_id = index.states.get(filters.state_id) ?? newBitset(size);
  if (filters.developer_id !== undefined) rest.push(listSet(index.byDeveloper.get(filters.developer_id)));
  if (filters.completion_year) rest.push(listSet(index.byYear.get(filters.completion_year)));
  if (filters.project_name) {
    const needle = foldForSearch(filters.project_name);
    rest.push(bitsetOf(size, index.lowerNames.flatMap((name, i) => (name.includes(needle) ? [i] : []))));
  }
  if (filters.location) rest.push(placeSet(index, filters.location));
  if (filters.min_price !== undefined || filters.max_price !== undefined) {
    rest.push(priceSet(index, prices, filters.min_price ?? 0, filters.max_price ?? Number.POSITIVE_INFINITY));
  }
  if (filters.bbox) rest.push(bboxSet(index.geo, filters.bbox, size));
  if (filters.property_type) groups.property_type = unite(size, chosen(options.property_type, PROPERTY_TYPES, filters.property_type));
  if (filters.bedrooms) groups.bedrooms = unite(size, chosen(options.bedrooms, BEDROOMS, filters.bedrooms));
  // Every amenity chosen is required.
  if (filters.amenities) groups.amenities = intersect(chosen(options.amenities, AMENITIES, filters.amenities));

  let areaSets = options.area;
  const ranged = filters.min_area !== undefined || filters.max_area !== undefined;
  if (ranged) {
    const { perArea, any } = sizeSets(index, filters.min_area ?? 0, filters.max_area ?? Number.POSITIVE_INFINITY);
    areaSets = perArea;
    if (!filters.area) groups.area = any;
  }
  if (filters.area) groups.area = unite(size, chosen(areaSets, AREAS, filters.area));
  return { groups, rest, areaSets };
}

/**
 * Facet counts (disjunctive, as `counts_by_state`): each group's options counted over `over[group]`, the
 * projects matching every other filter (undefined: no other filter, so the unfiltered counts). Amenities
 * are all required, so they are counted over the full match. `areaSets`: the area options' sets,
 * narrowed to the size range when one is given.
 */
function facetsOf(index: ProjectIndex, over: Record<FacetName, Bitset | undefined>, areaSets: Bitset[]): Facets {
  const counted = (facet: FacetName, sets: Bitset[]) =>
    !over[facet] && sets === index.options[facet] ? index.facets[facet] : optionCounts(sets, over[facet], index.facets[facet]);
  return {
    property_type: counted('property_type', index.options.property_type),
    bedrooms: counted('bedrooms', index.options.bedrooms),
    amenities: counted('amenities', index.options.amenities),
    area: counted('area', areaSets),
  };
}


/** The narrowest pre-sorted list among those of the filters applied (emirate, developer, year). */
function narrowestList(index: ProjectIndex, filters: Filters, sort: Sort): Int32Array {
  const lists = [
    filters.state_id && index.byState.get(filters.state_id),
    filters.developer_id !== undefined && index.byDeveloper.get(filters.developer_id),
    filters.completion_year && index.byYear.get(filters.completion_year),
  ];
  let narrowest = index.orders[sort];
  for (const orders of lists) {
    const list = orders ? orders[sort] : undefined;
    if (list && list.length < narrowest.length) narrowest = list;
  }
  return narrowest;
}

/**
 * The projects matching the filters (as a set, or undefined for every project), how many, and the
 * counts per emirate and per facet option. `prices`: the starting prices in the filters' currency (the
 * index's AED prices by default). Independent of the page and the sort.
 */
export function matchFilters(index: ProjectIndex, filters: Filters, prices = index.prices): Matched {
  const { groups, rest, areaSets } = constraints(index, filters, prices);
  const matched = matchGroups(index.projects.length, groups, rest);
  if (!matched.matches) return { matches: undefined, total: matched.total, countsByState: index.countsByState, facets: index.facets };
  const exceptState = matched.over('state_id');
  return {
    matches: matched.matches,
    total: matched.total,
    countsByState: exceptState ? countStates(index.states, index.locale, exceptState) : index.countsByState,
    facets: facetsOf(index, { property_type: matched.over('property_type'), bedrooms: matched.over('bedrooms'), amenities: matched.matches, area: matched.over('area') }, areaSets),
  };
}

/** Only the projects matching the filters (no counts, no facets): what an alert asks of each saved query. Undefined: every project. */
export function matchingSet(index: ProjectIndex, filters: Filters, prices = index.prices): Bitset | undefined {
  const { groups, rest } = constraints(index, filters, prices);
  return intersect([...rest, ...Object.values(groups)]);
}

/** The page of the query's sort among the matched projects. */
export function pageItems(index: ProjectIndex, matched: Matched, { page, perPage, sort, filters, near }: ListingQuery): number[] {
  const start = (page - 1) * perPage;
  const end = start + perPage;
  if (sort === 'distance') return near ? nearestPage(index.geo, near, matched.matches, Math.min(start, matched.total), Math.min(end, matched.total)) : [];
  if (!matched.matches) return Array.from(index.orders[sort].subarray(start, end));
  return pageOf(narrowestList(index, filters, sort), index.ranks[sort], matched.matches, matched.total, start, end);
}

export function search(index: ProjectIndex, query: ListingQuery, prices = index.prices): SearchResult {
  const matched = matchFilters(index, query.filters, prices);
  return { total: matched.total, items: pageItems(index, matched, query), countsByState: matched.countsByState, facets: matched.facets };
}
