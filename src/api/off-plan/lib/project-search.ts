/**
 * Search over a project index (project-index.ts): each filter of a request turned into a set of
 * projects from the index (an option's set as it is; a location, price or size range from a sorted
 * list, costing what it matches), the sets intersected, the facets counted from the same sets, and the
 * page read off the narrowest pre-sorted list: its cost grows with the page and the filters, not with
 * the collection (docs/off-plan.md, "How it stays fast").
 */
import { add, bitsetOf, count, countShared, has, intersect, members, newBitset, orInto, unite, withoutMembers, type Bitset } from './bitset';
import { countStates, type ProjectIndex, type FacetName, type Facets, type Orders, type StateCount } from './project-index';
import { AMENITIES, AREAS, BEDROOMS, PROPERTY_TYPES, foldForSearch, searchWords } from './options';
import { bboxSet, nearestPage } from './project-geo';
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

/** First position in [0, length) at which `reached` turns true (it must stay true after). */
function firstWhere(length: number, reached: (position: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (reached(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Projects priced within [min, max] (in the currency of `prices`): a stretch [from, to) of the price
 * order, found by bisection (converting keeps the order: rounding never reverses two amounts). Whole
 * blocks come from the cumulative sets, the ends one by one.
 */
function priceSet(index: ProjectIndex, prices: Float64Array, min: number, max: number): Bitset {
  const order = index.orders.price_asc;
  const from = firstWhere(index.pricedCount, (position) => prices[order[position]] >= min);
  const to = Math.max(from, firstWhere(index.pricedCount, (position) => prices[order[position]] > max));
  const { size, sets } = index.priceBlocks;
  const firstWhole = Math.ceil(from / size);
  const lastWhole = Math.floor(to / size);
  if (firstWhole >= lastWhole) return bitsetOf(index.projects.length, order.subarray(from, to));
  const set = withoutMembers(sets[lastWhole], sets[firstWhole]);
  for (const project of order.subarray(from, firstWhole * size)) add(set, project);
  for (const project of order.subarray(lastWhole * size, to)) add(set, project);
  return set;
}

/** Projects with a word starting with each of the words of `text` (in any of its places or its name). */
function placeSet(index: ProjectIndex, text: string): Bitset {
  const { words, projects } = index.places;
  const sets = searchWords(text).map((prefix) => {
    const set = newBitset(index.projects.length);
    for (let w = firstWhere(words.length, (position) => words[position] >= prefix); w < words.length && words[w].startsWith(prefix); w += 1) {
      const holders = projects[w];
      if (holders instanceof Uint32Array) orInto(set, holders);
      else for (const project of holders) add(set, project);
    }
    return set;
  });
  return intersect(sets)!;
}

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
  const counted = (facet: FacetName, sets: Bitset[]) => {
    const within = over[facet];
    const unfiltered = index.facets[facet];
    if (!within && sets === index.options[facet]) return unfiltered;
    // An option no project has (amenities, when the feed's list has none) counts 0 under any filter.
    return sets.map((set, i) => (unfiltered[i] === 0 ? 0 : within ? countShared(within, set) : count(set)));
  };
  return {
    property_type: counted('property_type', index.options.property_type),
    bedrooms: counted('bedrooms', index.options.bedrooms),
    amenities: counted('amenities', index.options.amenities),
    area: counted('area', areaSets),
  };
}

/**
 * The page's projects, in order: walking the narrowest pre-sorted list until the page is full, or, when
 * the matches are few and far between, collecting them from the set and sorting them by rank.
 */
function pageOf(list: Int32Array, rank: Int32Array, matches: Bitset, total: number, start: number, end: number): number[] {
  if (start >= total) return [];
  const wanted = Math.min(end, total);
  const walkCost = (wanted / total) * list.length;
  const collectCost = matches.length + total * Math.log2(total + 1);
  if (walkCost > collectCost) {
    return members(matches).sort((a, b) => rank[a] - rank[b]).slice(start, end);
  }
  const items: number[] = [];
  let seen = 0;
  for (let position = 0; position < list.length && seen < wanted; position += 1) {
    const project = list[position];
    if (!has(matches, project)) continue;
    if (seen >= start) items.push(project);
    seen += 1;
  }
  return items;
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
  const applied = Object.keys(groups) as Array<keyof typeof groups>;
  if (applied.length === 0 && rest.length === 0) {
    return { matches: undefined, total: index.projects.length, countsByState: index.countsByState, facets: index.facets };
  }
  const matches = intersect([...rest, ...applied.map((name) => groups[name]!)])!;
  // What each group's options are counted over: every other filter (the full match when the group is not applied).
  const except = (name: keyof typeof groups) =>
    groups[name] ? intersect([...rest, ...applied.filter((other) => other !== name).map((other) => groups[other]!)]) : matches;
  const exceptState = except('state_id');
  return {
    matches,
    total: count(matches),
    countsByState: exceptState ? countStates(index.states, index.locale, exceptState) : index.countsByState,
    facets: facetsOf(index, { property_type: except('property_type'), bedrooms: except('bedrooms'), amenities: matches, area: except('area') }, areaSets),
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
