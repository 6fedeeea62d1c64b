/**
 * A defined catalogue's index (decision 220): its definition turned into the engine's descriptor (sorts
 * ending on the id, its facets, partitions, states, ranges, words, places), built once per read and shared
 * by every locale with its slugs, its lookups by slug, key and id and its similar items (the one similar
 * ranking); each locale's index adds its cards, serialised when first shown. The selection a query makes
 * of it is here too, the one way its list, map, page sections and alerts search it.
 */
import { placesOf } from '../../../lib/catalogue/map-layer';
import { nullsLast } from '../../../lib/catalogue/ordering';
import { similarBuild, type Similarity } from '../../../lib/catalogue/similar';
import type { Steps } from '../../../lib/catalogue/steps';
import type { CatalogueDescriptor, Compare } from '../../../lib/catalogue/engine/descriptor';
import { catalogueBuild, type CatalogueIndex } from '../../../lib/catalogue/engine/build';
import type { Selection } from '../../../lib/catalogue/engine/search';
import type { Locale } from '../../../lib/locale';
import { searchWords } from '../lib/options';
import type { CatalogueDefinition } from './definition';
import type { DefinedQuery } from './defined-query';

export interface SharedDefinedIndex<T = unknown> extends CatalogueIndex<T> {
  slugs: string[];
  bySlug: Map<string, number>;
  byKey: Map<string, number>;
  byId: Map<number, number>;
  similar: Similarity<T>;
}

export interface DefinedIndex<T = unknown> extends SharedDefinedIndex<T> {
  locale: Locale;
  /** The card of the item at a position, as bytes, kept once made. */
  card(position: number): Buffer;
}

/** The engine's descriptor of a definition: what build.ts and search.ts read. */
export function engineDescriptor<T>(definition: CatalogueDefinition<T>): CatalogueDescriptor<T> {
  const sorts = Object.keys(definition.sorts);
  return {
    sorts,
    // eslint-disable-next-line require-yield
    *comparators(items): Steps<Record<string, Compare>> {
      const tie = (a: number, b: number) => definition.id(items[a]) - definition.id(items[b]);
      return Object.fromEntries(
        sorts.map((name) => {
          const { value, descending } = definition.sorts[name];
          const compare = descending ? (x: number, y: number) => y - x : (x: number, y: number) => x - y;
          return [name, (a: number, b: number) => nullsLast(value(items[a]), value(items[b]), compare) ?? tie(a, b)];
        })
      );
    },
    facets: Object.fromEntries(Object.entries(definition.facets).map(([name, facet]) => [name, { options: facet.options, combine: facet.combine ?? 'any' }])),
    optionsOf: (item) => Object.fromEntries(Object.entries(definition.facets).map(([name, facet]) => [name, facet.of(item)])),
    partitions: Object.fromEntries(Object.entries(definition.partitions).map(([name, key]) => [name, { key }])),
    states: definition.states,
    ranges: definition.ranges,
    words: (item) => searchWords(definition.words(item)),
    geo(items, orders) {
      const { all, memberOf } = placesOf(items, definition.at);
      return { all, memberOf, unplaced: orders[sorts[0]].filter((i) => memberOf[i] < 0) };
    },
  };
}

/** The index every locale shares of `items`, in steps; `slugOf`: each item's current slug by key. */
export function* definedIndexBuild<T>(definition: CatalogueDefinition<T>, descriptor: CatalogueDescriptor<T>, items: T[], slugOf: ReadonlyMap<string, string>): Steps<SharedDefinedIndex<T>> {
  const index = yield* catalogueBuild(items, descriptor);
  const similar = yield* similarBuild(items, index.geo, { ...definition.similar, at: definition.at });
  const slugs = items.map((item) => slugOf.get(definition.key(item)) ?? definition.key(item));
  yield;
  return {
    ...index,
    slugs,
    similar,
    bySlug: new Map(slugs.map((slug, i) => [slug, i])),
    byKey: new Map(items.map((item, i) => [definition.key(item), i])),
    byId: new Map(items.map((item, i) => [definition.id(item), i])),
  };
}

/** The index in `locale`: the shared one and the locale's cards. */
export function definedIndexIn<T>(definition: CatalogueDefinition<T>, shared: SharedDefinedIndex<T>, locale: Locale): DefinedIndex<T> {
  const cards: Array<Buffer | undefined> = new Array(shared.items.length);
  const card = (position: number) => (cards[position] ??= Buffer.from(JSON.stringify(definition.card(shared.items[position], shared.slugs[position], locale))));
  return { ...shared, locale, card };
}

/** A query in the engine's terms; `prices`: the comparable prices (the site's currency). */
export function definedSelection(definition: CatalogueDefinition<unknown>, { filters }: Pick<DefinedQuery, 'filters'>, prices: Float64Array): Selection {
  const range = (name: string) => {
    const min = filters[`min_${name}`] as number | undefined;
    const max = filters[`max_${name}`] as number | undefined;
    return min === undefined && max === undefined ? undefined : { min, max };
  };
  return {
    partitions: Object.fromEntries(Object.keys(definition.partitions).map((name) => [name, filters[name] as string | undefined])),
    facets: Object.fromEntries(Object.keys(definition.facets).map((name) => [name, filters[name] as string[] | undefined])),
    ranges: Object.fromEntries(Object.keys(definition.ranges).map((name) => [name, range(name)])),
    values: { [definition.priceRange]: prices },
    words: typeof filters.location === 'string' ? searchWords(filters.location) : undefined,
    bbox: filters.bbox,
  };
}
