/**
 * The off-plan project index, indexed once per collection (decisions 17-24). Built when the collection
 * changes: the six sort orders (ties broken by id) and each project's rank in them, sorted lists per
 * emirate, developer and completion year, a set of projects (a bitset) per filter option (emirate,
 * property type, bedrooms, amenity, area), the words of every place and project name for the location
 * search, the unit sizes in order, each card serialised to JSON, the unfiltered counts, the price range,
 * developers and years. A request searches it with project-search.ts.
 */
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import type { EmirateCode, NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { add, bitsetOf, count, newBitset, type Bitset } from '../../../lib/catalogue/bitset';
import { collatedRanks, nullsLast, ranksOf } from '../../../lib/catalogue/ordering';
import { rangeBlocksOf, rangeOf, type RangeBlocks } from '../../../lib/catalogue/ranges';
import { wordIndexOf, type WordIndex } from '../../../lib/catalogue/words';
import {
  BEDROOMS, PROPERTY_TYPES, bedroomsOption, countStates, foldForSearch, propertyTypesNamed, searchWords, type StateCount,
} from '../../catalogues/services/vocabulary';
import { AMENITIES, AREAS, amenitiesNamed, areaOption } from './options';
import { namesOf, placesOf } from './project-locale';
import { mapInSteps, runSteps, SORT_RUN, sortInSteps, type Steps } from '../../../lib/catalogue/steps';
import { cardPage, developerSlugged, freshProjectSlugs, withDeveloperSlug } from './project-pages';
import type { CatalogueGeo } from '../../../lib/catalogue/map-layer';
import { projectGeo } from './project-geo';
import { SORTS, type Sort } from './query';

export type Orders = Record<Sort, Int32Array>;

/** Counts per option, in the order of the option lists. */
export interface Facets {
  property_type: number[];
  bedrooms: number[];
  amenities: number[];
  area: number[];
}

export type FacetName = keyof Facets;

/** Every known unit size range (a unit type's, else the project's), ordered by its smallest size. */
interface Sizes {
  from: Float64Array;
  to: Float64Array;
  project: Int32Array;
  /** Index in AREAS of the unit type, -1 for a project-wide range. */
  area: Int8Array;
  /** The same ranges ordered by their largest size (positions in the lists above). */
  byTo: Int32Array;
}

export interface ProjectIndex {
  /** The language of its cards, labels and emirate names. */
  locale: Locale;
  projects: NormalisedProject[];
  byId: Map<string, number>;
  /** Each project's current slug, and each developer's by id (without them: the provider's). */
  slugs: string[];
  developerSlugs?: ReadonlyMap<number, string>;
  /** The card of each project (contract fields only), serialised and UTF-8 encoded once. */
  cardBytes: Buffer[];
  orders: Orders;
  /** Position of each project in each order. */
  ranks: Orders;
  byState: Map<string, Orders>;
  byDeveloper: Map<number, Orders>;
  byYear: Map<string, Orders>;
  /** Each project's names in every language, folded for the `project_name` search (`foldForSearch`). */
  lowerNames: string[];
  /** Each project's starting price in AED, NaN when it has none comparable; and how many have one. */
  prices: Float64Array;
  pricedCount: number;
  /** The price order's cumulative blocks, for a price range. */
  priceBlocks: RangeBlocks;
  states: Map<EmirateCode, Bitset>;
  options: Record<FacetName, Bitset[]>;
  /** The words of each project's places and name, for the location search. */
  places: WordIndex;
  sizes: Sizes;
  /** Where the projects are: the map, the bbox filter, nearest first (src/lib/catalogue/map-layer.ts). */
  geo: CatalogueGeo;
  countsByState: StateCount[];
  facets: Facets;
  priceRange: { min: number | null; max: number | null };
  developers: Array<{ id: number; name: string; slug: string; logo: string }>;
  completionYears: Array<{ value: string; label: string }>;
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

/** A listing card: the card fields (its developer's slug as kept), then the project's slug and page (decisions 108-109). */
export const listingCard = (project: NormalisedProject, slug: string, locale: Locale, developers?: ReadonlyMap<number, string>) => ({
  ...card(withDeveloperSlug(project, developers)),
  ...cardPage(slug, locale),
});

const byIdText = new Intl.Collator('en', { numeric: true }).compare;
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

function* comparators(projects: NormalisedProject[]): Steps<Record<Sort, (a: number, b: number) => number>> {
  const idRanks = yield* collatedRanks(projects.map((project) => project.id), byIdText);
  const nameRanks = yield* collatedRanks(projects.map((project) => project.name), byName);
  const tie = (a: number, b: number) => idRanks[a] - idRanks[b];
  const price = (i: number) => projects[i].price.starting_from;
  const completion = (i: number) => projects[i].completion_sort;
  const numeric = (x: number, y: number) => x - y;
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return {
    name_asc: (a, b) => nameRanks[a] - nameRanks[b] || tie(a, b),
    name_desc: (a, b) => nameRanks[b] - nameRanks[a] || tie(a, b),
    price_asc: (a, b) => nullsLast(price(a), price(b), numeric) ?? tie(a, b),
    price_desc: (a, b) => nullsLast(price(a), price(b), (x, y) => y - x) ?? tie(a, b),
    completion_asc: (a, b) => nullsLast(completion(a), completion(b), text) ?? tie(a, b),
    completion_desc: (a, b) => nullsLast(completion(a), completion(b), (x, y) => text(y, x)) ?? tie(a, b),
  };
}

const perSort = <T>(make: (sort: Sort) => T) => Object.fromEntries(SORTS.map(({ value }) => [value, make(value)])) as Record<Sort, T>;

/** Splits each sort order into sublists per key, keeping the order: a step every SORT_RUN items (decision 173). */
function* partition<K>(orders: Orders, keyOf: (index: number) => K | undefined): Steps<Map<K, Orders>> {
  const lists = new Map<K, Record<Sort, number[]>>();
  for (const { value: sort } of SORTS) {
    for (let position = 0; position < orders[sort].length; position += 1) {
      const index = orders[sort][position];
      const key = keyOf(index);
      if (key !== undefined) {
        let entry = lists.get(key);
        if (!entry) {
          entry = perSort(() => [] as number[]);
          lists.set(key, entry);
        }
        entry[sort].push(index);
      }
      if (position % SORT_RUN === SORT_RUN - 1) yield;
    }
  }
  return new Map([...lists].map(([key, entry]) => [key, perSort((sort) => Int32Array.from(entry[sort]))]));
}

/**
 * The options each project has, per facet. Property types come from its category and the kinds of home
 * its feed names; bedrooms from its bedroom types; amenities from its facilities; area options from the
 * unit types whose size is known. (Snapshots stored before `property_types` existed have none: `?? []`.)
 */
function* optionSets(projects: NormalisedProject[], sizes: Sizes): Steps<Record<FacetName, Bitset[]>> {
  const sets = (options: readonly string[]) => options.map(() => newBitset(projects.length));
  const result = { property_type: sets(PROPERTY_TYPES), bedrooms: sets(BEDROOMS), amenities: sets(AMENITIES), area: sets(AREAS) };
  const mark = (facet: FacetName, options: readonly string[], chosen: Array<string | undefined>, project: number) => {
    for (const option of chosen) if (option !== undefined) add(result[facet][options.indexOf(option)], project);
  };
  yield* mapInSteps(projects, (project, i) => {
    mark('property_type', PROPERTY_TYPES, [project.category, ...(project.property_types ?? [])].flatMap(propertyTypesNamed), i);
    mark('bedrooms', BEDROOMS, project.bedrooms.types.map(bedroomsOption), i);
    mark('amenities', AMENITIES, project.facilities.flatMap(amenitiesNamed), i);
  });
  sizes.area.forEach((area, entry) => {
    if (area >= 0) add(result.area[area], sizes.project[entry]);
  });
  return result;
}

/** The size ranges of each project's unit types; a project without any gives its feed's project-wide range. */
function* sizeRanges(projects: NormalisedProject[]): Steps<Sizes> {
  const entries: Array<{ from: number; to: number; project: number; area: number }> = [];
  yield* mapInSteps(projects, (project, i) => {
    const units = project.apartments
      .map((unit) => ({ from: unit.size_from_sqft ?? unit.size_to_sqft, to: unit.size_to_sqft ?? unit.size_from_sqft, bedrooms: unit.bedrooms }))
      .filter((unit): unit is { from: number; to: number; bedrooms: string } => unit.from !== null && unit.to !== null);
    for (const unit of units) {
      const area = areaOption(unit.bedrooms);
      entries.push({ from: Math.min(unit.from, unit.to), to: Math.max(unit.from, unit.to), project: i, area: area ? AREAS.indexOf(area) : -1 });
    }
    const range = project.size_range_sqft ?? null;
    if (units.length === 0 && range) entries.push({ from: range.min, to: range.max, project: i, area: -1 });
  });
  const byFrom = Array.from(yield* sortInSteps(Int32Array.from(entries.keys()), (a, b) => entries[a].from - entries[b].from), (entry) => entries[entry]);
  return {
    from: Float64Array.from(byFrom, (entry) => entry.from),
    to: Float64Array.from(byFrom, (entry) => entry.to),
    project: Int32Array.from(byFrom, (entry) => entry.project),
    area: Int8Array.from(byFrom, (entry) => entry.area),
    byTo: yield* sortInSteps(Int32Array.from(byFrom.keys()), (a, b) => byFrom[a].to - byFrom[b].to),
  };
}

/**
 * What the searches read of a collection that no locale changes: its projects as the provider gave
 * them, found by their names and places in every language, and their unit sizes. Built once for the
 * indexes of every locale.
 */
export interface ProjectSearch {
  projects: NormalisedProject[];
  lowerNames: string[];
  places: WordIndex;
  sizes: Sizes;
}

/** A collection's `ProjectSearch`, in steps. */
export function* searchBuild(projects: NormalisedProject[]): Steps<ProjectSearch> {
  const lowerNames = yield* mapInSteps(projects, (project) => foldForSearch(namesOf(project).join('\n')));
  const places = yield* wordIndexOf(projects, (project) => searchWords(placesOf(project).join(' ')));
  return { projects, lowerNames, places, sizes: yield* sizeRanges(projects) };
}

export interface IndexOptions {
  locale?: Locale;
  /** When `projects` are the collection's view in a locale: the collection's search (`searchBuild`); else built from `projects`. */
  search?: ProjectSearch;
  /** Each project's current slug (src/lib/catalogue/slug-store.ts); without it, those an empty table would give. */
  slugs?: ReadonlyMap<string, string>;
  developerSlugs?: ReadonlyMap<number, string>;
}

export function buildIndex(projects: NormalisedProject[], options: IndexOptions = {}): ProjectIndex {
  return runSteps(indexBuild(projects, options));
}

/** The same in steps, for a caller that slices the work (services/off-plan.ts). */
export function* indexBuild(projects: NormalisedProject[], { locale = DEFAULT_LOCALE, search, slugs = freshProjectSlugs(projects), developerSlugs }: IndexOptions = {}): Steps<ProjectIndex> {
  const compare = yield* comparators(projects);
  const all = projects.map((_, index) => index);
  const orders = {} as Orders;
  for (const { value: sort } of SORTS) orders[sort] = yield* sortInSteps(all, compare[sort]);
  const prices = Float64Array.from(projects, (project) => project.price.starting_from ?? NaN);
  const priced = [...prices].filter((price) => !Number.isNaN(price));
  const developers = new Map(projects.filter((project) => project.developer.id).map((project) => [project.developer.id, project.developer]));
  const years = [...new Set(projects.map((project) => project.completion.year).filter(Boolean))].sort();
  const byState = yield* partition(orders, (index) => projects[index].state_id || undefined);
  const states = new Map([...byState].map(([state, lists]) => [state as EmirateCode, bitsetOf(projects.length, lists.name_asc)]));
  yield;
  const { projects: searchedAs, lowerNames, places, sizes } = search ?? (yield* searchBuild(projects));
  const options = yield* optionSets(projects, sizes);
  // A project the slugs miss (never, as they are settled for the collection) is named by its id, which resolves too.
  const projectSlugs = projects.map((project) => slugs.get(project.id) ?? project.id);
  const cardBytes = yield* mapInSteps(projects, (project, i) => Buffer.from(JSON.stringify(listingCard(project, projectSlugs[i], locale, developerSlugs))));
  const byDeveloper = yield* partition(orders, (index) => projects[index].developer.id || undefined);
  const byYear = yield* partition(orders, (index) => projects[index].completion.year || undefined);
  yield;
  const geo = projectGeo(searchedAs, orders.name_asc);
  yield;

  return {
    locale,
    projects,
    byId: new Map(projects.map((project, index) => [project.id, index])),
    slugs: projectSlugs,
    developerSlugs,
    cardBytes,
    orders,
    ranks: ranksOf(orders),
    byState,
    byDeveloper,
    byYear,
    lowerNames,
    prices,
    pricedCount: priced.length,
    priceBlocks: rangeBlocksOf(orders.price_asc, priced.length),
    states,
    options,
    places,
    sizes,
    geo,
    countsByState: countStates(states, locale),
    facets: unfilteredFacets(options),
    priceRange: rangeOf(priced),
    developers: [...developers.values()]
      .sort((a, b) => byName(a.name, b.name) || a.id - b.id)
      .map(({ id, name, slug, logo }) => developerSlugged({ id, name, slug, logo }, developerSlugs)),
    completionYears: years.map((year) => ({ value: year, label: year })),
  };
}

/** How many projects have each option, with no filter applied. */
function unfilteredFacets(options: Record<FacetName, Bitset[]>): Facets {
  const counted = (sets: Bitset[]) => sets.map(count);
  return { property_type: counted(options.property_type), bedrooms: counted(options.bedrooms), amenities: counted(options.amenities), area: counted(options.area) };
}
