/**
 * The off-plan catalogue, indexed once per collection (decisions 17-24). Built when the collection
 * changes: the six sort orders (ties broken by id), sorted lists per emirate, developer and completion
 * year, lower-cased names, each card serialised to JSON, the unfiltered counts per emirate, the price
 * range, developers and years. A request then picks the narrowest pre-sorted list its filters allow and
 * touches only what it must: a page of a state or developer or year listing costs the page.
 */
import type { NormalisedProject } from '../../../plugins/extsource/server/src/mapping/types';
import { EMIRATES, type EmirateCode } from '../../../plugins/extsource/server/src/mapping/emirates';
import { SORTS, type Filters, type ListingQuery, type Sort } from './query';

export interface StateCount {
  state_id: EmirateCode;
  state_name: string;
  count: number;
}

type Orders = Record<Sort, Int32Array>;

export interface CatalogueIndex {
  projects: NormalisedProject[];
  byId: Map<string, number>;
  /** The card of each project (contract fields only), serialised and UTF-8 encoded once. */
  cardBytes: Buffer[];
  orders: Orders;
  byState: Map<string, Orders>;
  byDeveloper: Map<number, Orders>;
  byYear: Map<string, Orders>;
  lowerNames: string[];
  countsByState: StateCount[];
  priceRange: { min: number | null; max: number | null };
  developers: Array<{ id: number; name: string; slug: string; logo: string }>;
  completionYears: Array<{ value: string; label: string }>;
}

export interface SearchResult {
  total: number;
  items: number[];
  countsByState: StateCount[];
}

/** The card fields of the contract (and decision 20), in the contract's order. */
export function card(project: NormalisedProject) {
  return {
    id: project.id,
    ref_no: project.ref_no,
    name: project.name,
    location: project.location,
    developer: project.developer,
    bedrooms: project.bedrooms,
    price: project.price,
    completion: project.completion,
    image: project.image,
    images: project.images,
    state_id: project.state_id,
    state_name: project.state_name,
    city: project.city,
    community: project.community,
    community_id: project.community_id,
    sub_community: project.sub_community,
    category: project.category,
    status: project.status,
    agent: project.agent,
    badge: project.badge,
    address: project.address,
    specs: project.specs,
  };
}

const byIdText = new Intl.Collator('en', { numeric: true }).compare;
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

/** Missing values sort last whatever the direction. */
function nullsLast<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number | undefined {
  if (a === null && b === null) return undefined;
  if (a === null) return 1;
  if (b === null) return -1;
  const result = compare(a, b);
  return result === 0 ? undefined : result;
}

function comparators(projects: NormalisedProject[]): Record<Sort, (a: number, b: number) => number> {
  const tie = (a: number, b: number) => byIdText(projects[a].id, projects[b].id);
  const price = (i: number) => projects[i].price.starting_from;
  const completion = (i: number) => projects[i].completion_sort;
  const numeric = (x: number, y: number) => x - y;
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return {
    name_asc: (a, b) => byName(projects[a].name, projects[b].name) || tie(a, b),
    name_desc: (a, b) => byName(projects[b].name, projects[a].name) || tie(a, b),
    price_asc: (a, b) => nullsLast(price(a), price(b), numeric) ?? tie(a, b),
    price_desc: (a, b) => nullsLast(price(a), price(b), (x, y) => y - x) ?? tie(a, b),
    completion_asc: (a, b) => nullsLast(completion(a), completion(b), text) ?? tie(a, b),
    completion_desc: (a, b) => nullsLast(completion(a), completion(b), (x, y) => text(y, x)) ?? tie(a, b),
  };
}

/** Splits each sort order into sublists per key, keeping the order. */
function partition<K>(orders: Orders, keyOf: (index: number) => K | undefined): Map<K, Orders> {
  const lists = new Map<K, Record<Sort, number[]>>();
  for (const { value: sort } of SORTS) {
    for (const index of orders[sort]) {
      const key = keyOf(index);
      if (key === undefined) continue;
      let entry = lists.get(key);
      if (!entry) {
        entry = Object.fromEntries(SORTS.map((option) => [option.value, [] as number[]])) as Record<Sort, number[]>;
        lists.set(key, entry);
      }
      entry[sort].push(index);
    }
  }
  return new Map([...lists].map(([key, entry]) => [key, Object.fromEntries(SORTS.map(({ value }) => [value, Int32Array.from(entry[value])])) as Orders]));
}

function countStates(indexes: Iterable<number>, projects: NormalisedProject[]): StateCount[] {
  const counts = new Map<string, number>();
  for (const index of indexes) {
    const state = projects[index].state_id;
    if (state) counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  return EMIRATES.filter((emirate) => counts.has(emirate.id))
    .map((emirate) => ({ state_id: emirate.id, state_name: emirate.name, count: counts.get(emirate.id)! }))
    .sort((a, b) => b.count - a.count || a.state_name.localeCompare(b.state_name));
}

export function buildIndex(projects: NormalisedProject[]): CatalogueIndex {
  const compare = comparators(projects);
  const all = projects.map((_, index) => index);
  const orders = Object.fromEntries(SORTS.map(({ value }) => [value, Int32Array.from([...all].sort(compare[value]))])) as Orders;
  const prices = projects.map((project) => project.price.starting_from).filter((price): price is number => price !== null);
  const developers = new Map(projects.filter((project) => project.developer.id).map((project) => [project.developer.id, project.developer]));
  const years = [...new Set(projects.map((project) => project.completion.year).filter(Boolean))].sort();

  return {
    projects,
    byId: new Map(projects.map((project, index) => [project.id, index])),
    cardBytes: projects.map((project) => Buffer.from(JSON.stringify(card(project)))),
    orders,
    byState: partition(orders, (index) => projects[index].state_id || undefined),
    byDeveloper: partition(orders, (index) => projects[index].developer.id || undefined),
    byYear: partition(orders, (index) => projects[index].completion.year || undefined),
    lowerNames: projects.map((project) => project.name.toLowerCase()),
    countsByState: countStates(all, projects),
    priceRange: { min: prices.length ? Math.min(...prices) : null, max: prices.length ? Math.max(...prices) : null },
    developers: [...developers.values()]
      .sort((a, b) => byName(a.name, b.name) || a.id - b.id)
      .map(({ id, name, slug, logo }) => ({ id, name, slug, logo })),
    completionYears: years.map((year) => ({ value: year, label: year })),
  };
}

const EMPTY = new Int32Array(0);

/** The narrowest pre-sorted list the indexed filters allow, and which of them it already applies. */
function candidates(index: CatalogueIndex, filters: Filters, sort: Sort, withState: boolean) {
  const options: Array<[keyof Filters, Int32Array]> = [];
  if (withState && filters.state_id) options.push(['state_id', index.byState.get(filters.state_id)?.[sort] ?? EMPTY]);
  if (filters.developer_id !== undefined) options.push(['developer_id', index.byDeveloper.get(filters.developer_id)?.[sort] ?? EMPTY]);
  if (filters.completion_year) options.push(['completion_year', index.byYear.get(filters.completion_year)?.[sort] ?? EMPTY]);
  if (options.length === 0) return { list: index.orders[sort], applied: undefined };
  const [applied, list] = options.reduce((narrowest, option) => (option[1].length < narrowest[1].length ? option : narrowest));
  return { list, applied };
}

/** The test for the filters the chosen list does not already apply; null when there are none. */
function residual(index: CatalogueIndex, filters: Filters, applied: keyof Filters | undefined, withState: boolean) {
  const tests: Array<(i: number) => boolean> = [];
  const { projects } = index;
  if (withState && filters.state_id && applied !== 'state_id') tests.push((i) => projects[i].state_id === filters.state_id);
  if (filters.developer_id !== undefined && applied !== 'developer_id') tests.push((i) => projects[i].developer.id === filters.developer_id);
  if (filters.completion_year && applied !== 'completion_year') tests.push((i) => projects[i].completion.year === filters.completion_year);
  if (filters.project_name) {
    const needle = filters.project_name.toLowerCase();
    tests.push((i) => index.lowerNames[i].includes(needle));
  }
  if (filters.min_price !== undefined || filters.max_price !== undefined) {
    const min = filters.min_price ?? 0;
    const max = filters.max_price ?? Number.POSITIVE_INFINITY;
    tests.push((i) => {
      const price = projects[i].price.starting_from;
      return price !== null && price >= min && price <= max;
    });
  }
  if (tests.length === 0) return null;
  return (i: number) => tests.every((test) => test(i));
}

export function search(index: CatalogueIndex, { page, perPage, sort, filters }: ListingQuery): SearchResult {
  const start = (page - 1) * perPage;
  const end = start + perPage;
  const { list, applied } = candidates(index, filters, sort, true);
  const test = residual(index, filters, applied, true);

  let total: number;
  let items: number[];
  if (!test) {
    total = list.length;
    items = Array.from(list.subarray(start, end));
  } else {
    total = 0;
    items = [];
    for (const i of list) {
      if (!test(i)) continue;
      if (total >= start && total < end) items.push(i);
      total += 1;
    }
  }
  return { total, items, countsByState: countsExceptState(index, filters) };
}

/** Decision 22: the projects matching every applied filter except state_id, per emirate. */
function countsExceptState(index: CatalogueIndex, filters: Filters): StateCount[] {
  const { state_id: _ignored, ...others } = filters;
  if (Object.keys(others).length === 0) return index.countsByState;
  const { list, applied } = candidates(index, others, 'name_asc', false);
  const test = residual(index, others, applied, false);
  const matching = test ? Array.from(list).filter(test) : list;
  return countStates(matching, index.projects);
}
