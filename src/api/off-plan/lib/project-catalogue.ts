/**
 * The off-plan projects as a catalogue of the engine (src/lib/catalogue/engine, decisions 17-24, 206-209):
 * the descriptor (six sorts on collated names and ids, the emirate, developer and completion-year
 * partitions, property types, bedrooms, amenities and the unit sizes' area options, the starting price,
 * places, names and coordinates), then what the projects keep of their own beside the engine's index:
 * slugs, cards serialised once per locale, developers and years, and the unfiltered counts per emirate.
 */
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import type { EmirateCode, NormalisedProject } from '../../../plugins/extsource/server/src/public';
import type { Bitset } from '../../../lib/catalogue/bitset';
import { collatedRanks, nullsLast } from '../../../lib/catalogue/ordering';
import { rangeOf } from '../../../lib/catalogue/ranges';
import { mapInSteps, runSteps, type Steps } from '../../../lib/catalogue/steps';
import type { CatalogueDescriptor, Compare } from '../../../lib/catalogue/engine/descriptor';
import { catalogueBuild, sharedBuild, type CatalogueIndex, type SharedParts } from '../../../lib/catalogue/engine/build';
import * as engine from '../../../lib/catalogue/engine/search';
import {
  BEDROOMS, PROPERTY_TYPES, bedroomsOption, countStates, foldForSearch, propertyTypesNamed, searchWords, type StateCount,
} from '../../catalogues/services/vocabulary';
import { AMENITIES, AREAS, amenitiesNamed, areaOption } from './options';
import { namesOf, placesOf } from './project-locale';
import { developerSlugged, freshProjectSlugs } from './project-pages';
import { projectGeo } from './project-geo';
import { listingCardBytes } from './project-card';
import { SORTS, type Filters, type ListingQuery, type Sort } from './query';

const FACETS = { property_type: PROPERTY_TYPES, bedrooms: BEDROOMS, amenities: AMENITIES, area: AREAS } as const;
export type FacetName = keyof typeof FACETS;
/** Counts per option, in the order of the option lists. */
export type Facets = Record<FacetName, number[]>;

const byIdText = new Intl.Collator('en', { numeric: true }).compare;
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

function* comparators(projects: readonly NormalisedProject[]): Steps<Record<Sort, Compare>> {
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

/**
 * The size ranges of a project's unit types under their area option; a project without any gives its
 * feed's project-wide range, under none.
 */
function unitSizes(project: NormalisedProject) {
  const units = project.apartments
    .map((unit) => ({ from: unit.size_from_sqft ?? unit.size_to_sqft, to: unit.size_to_sqft ?? unit.size_from_sqft, bedrooms: unit.bedrooms }))
    .filter((unit): unit is { from: number; to: number; bedrooms: string } => unit.from !== null && unit.to !== null)
    .map((unit) => ({ from: Math.min(unit.from, unit.to), to: Math.max(unit.from, unit.to), option: areaOption(unit.bedrooms) }));
  const range = project.size_range_sqft ?? null;
  return units.length === 0 && range ? [{ from: range.min, to: range.max }] : units;
}

/**
 * Property types come from a project's category and the kinds of home its feed names; bedrooms from its
 * bedroom types; amenities from its facilities; area options from its unit sizes. (Snapshots stored
 * before `property_types` existed have none: `?? []`.)
 */
export const PROJECT_CATALOGUE: CatalogueDescriptor<NormalisedProject, Sort, FacetName> = {
  sorts: SORTS.map(({ value }) => value),
  comparators,
  facets: {
    property_type: { options: PROPERTY_TYPES, combine: 'any' },
    bedrooms: { options: BEDROOMS, combine: 'any' },
    // Every amenity chosen is required.
    amenities: { options: AMENITIES, combine: 'all' },
    area: { options: AREAS, combine: 'any', intervals: unitSizes },
  },
  optionsOf: (project) => ({
    property_type: [project.category, ...(project.property_types ?? [])].flatMap(propertyTypesNamed),
    bedrooms: project.bedrooms.types.map(bedroomsOption),
    amenities: project.facilities.flatMap(amenitiesNamed),
  }),
  partitions: {
    state_id: { key: (project) => project.state_id || undefined, lists: true },
    developer_id: { key: (project) => project.developer.id || undefined, lists: true },
    completion_year: { key: (project) => project.completion.year || undefined, lists: true },
  },
  states: 'state_id',
  ranges: { price: { sort: 'price_asc', value: (project) => project.price.starting_from } },
  words: (project) => searchWords(placesOf(project).join(' ')),
  text: (project) => foldForSearch(namesOf(project).join('\n')),
  geo: (projects, orders) => projectGeo(projects, orders.name_asc),
};

export interface ProjectIndex extends CatalogueIndex<NormalisedProject, Sort, FacetName> {
  /** The language of its cards, labels and emirate names. */
  locale: Locale;
  projects: NormalisedProject[];
  byId: Map<string, number>;
  /** Each project's current slug, and each developer's by id (without them: the provider's). */
  slugs: string[];
  developerSlugs?: ReadonlyMap<number, string>;
  /** The card of each project (contract fields only), serialised and UTF-8 encoded once. */
  cardBytes: Buffer[];
  /** Each project's starting price in AED, NaN when it has none comparable. */
  prices: Float64Array;
  countsByState: StateCount[];
  priceRange: { min: number | null; max: number | null };
  developers: Array<{ id: number; name: string; slug: string; logo: string }>;
  completionYears: Array<{ value: string; label: string }>;
}

/** What the searches read of a collection that no locale changes: its names, places and unit sizes in every language. */
export type ProjectSearch = SharedParts<NormalisedProject>;

/** A collection's `ProjectSearch`, in steps, built once for the indexes of every locale. */
export const searchBuild = (projects: NormalisedProject[]): Steps<ProjectSearch> => sharedBuild(projects, PROJECT_CATALOGUE);

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
  const index = yield* catalogueBuild(projects, PROJECT_CATALOGUE, search);
  // A project the slugs miss (never, as they are settled for the collection) is named by its id, which resolves too.
  const projectSlugs = projects.map((project) => slugs.get(project.id) ?? project.id);
  const cardBytes = yield* mapInSteps(projects, (project, i) => listingCardBytes(project, projectSlugs[i], locale, developerSlugs));
  const developers = new Map(projects.filter((project) => project.developer.id).map((project) => [project.developer.id, project.developer]));
  const years = [...new Set(projects.map((project) => project.completion.year).filter(Boolean))].sort();
  const prices = index.ranges.price.values;
  yield;
  return {
    ...index,
    locale,
    projects,
    byId: new Map(projects.map((project, i) => [project.id, i])),
    slugs: projectSlugs,
    developerSlugs,
    cardBytes,
    prices,
    countsByState: countStates(index.states as Map<EmirateCode, Bitset>, locale),
    priceRange: rangeOf(prices),
    developers: [...developers.values()]
      .sort((a, b) => byName(a.name, b.name) || a.id - b.id)
      .map(({ id, name, slug, logo }) => developerSlugged({ id, name, slug, logo }, developerSlugs)),
    completionYears: years.map((year) => ({ value: year, label: year })),
  };
}

const ranged = (min: number | undefined, max: number | undefined) => (min === undefined && max === undefined ? undefined : { min, max });

const partitionsOf = (filters: Filters) => ({
  state_id: filters.state_id || undefined,
  developer_id: filters.developer_id,
  completion_year: filters.completion_year || undefined,
});

/** The filters in the engine's terms; `prices`: the starting prices in the filters' currency. */
export function selectionOf(filters: Filters, prices: Float64Array): engine.Selection {
  const { property_type, bedrooms, amenities, area } = filters;
  return {
    partitions: partitionsOf(filters),
    facets: { property_type, bedrooms, amenities, area },
    ranges: { price: ranged(filters.min_price, filters.max_price), area: ranged(filters.min_area, filters.max_area) },
    values: { price: prices },
    words: filters.location ? searchWords(filters.location) : undefined,
    text: filters.project_name ? foldForSearch(filters.project_name) : undefined,
    bbox: filters.bbox,
  };
}

/** What a set of filters matches, whatever the page and the sort. */
export interface Matched {
  /** The matching projects; undefined when no filter applies (every project). */
  matches: Bitset | undefined;
  total: number;
  countsByState: StateCount[];
  facets: Facets;
}

/**
 * The projects matching the filters, how many, and the counts per emirate and per facet option.
 * `prices`: the starting prices in the filters' currency (the index's AED prices by default).
 */
export function matchFilters(index: ProjectIndex, filters: Filters, prices = index.prices): Matched {
  const { matches, total, facets, stateWithin } = engine.matchSelection(index, selectionOf(filters, prices));
  return { matches, total, countsByState: stateWithin ? countStates(index.states as Map<EmirateCode, Bitset>, index.locale, stateWithin) : index.countsByState, facets };
}

/** Only the projects matching the filters (no counts, no facets): what an alert asks of each saved query. Undefined: every project. */
export const matchingSet = (index: ProjectIndex, filters: Filters, prices = index.prices): Bitset | undefined => engine.matchingSet(index, selectionOf(filters, prices));

/** The page of the query's sort among the matched projects. */
export const pageItems = (index: ProjectIndex, matched: Pick<Matched, 'matches' | 'total'>, query: ListingQuery): number[] =>
  engine.pageItems(index, { partitions: partitionsOf(query.filters) }, matched, query);

export function search(index: ProjectIndex, query: ListingQuery, prices = index.prices) {
  const matched = matchFilters(index, query.filters, prices);
  return { total: matched.total, items: pageItems(index, matched, query), countsByState: matched.countsByState, facets: matched.facets };
}
