/**
 * A catalogue defined by one descriptor module (decision 220): what a third catalogue says of itself so
 * that `defineCatalogue` (define-catalogue.ts) makes its service, its public routes and its registry
 * entry with no change anywhere else. Data and small functions over the raw items of its source; the
 * engine (src/lib/catalogue/engine) builds, searches and renders from them.
 */
import type { Core } from '@strapi/strapi';
import type { LatLng } from '../../../lib/catalogue/geo-query';
import type { SimilarityRule } from '../../../lib/catalogue/similar';
import type { Locale } from '../../../lib/locale';
import type { CatalogueSpelling } from '../lib/registry';

/** A sort: the items in order of a number, those without one last, ties by id. */
export interface DefinedSort<T> {
  value(item: T): number | null;
  descending?: boolean;
}

/** A facet: the options an item has (one, several or none), chosen by a comma-separated parameter of its name. */
export interface DefinedFacet<T> {
  options: readonly string[];
  of(item: T): string | readonly string[] | undefined;
  /** How several chosen options combine (decision 206): `any` (the default) or `all`. */
  combine?: 'any' | 'all';
}

/** A range: `min_<name>` and `max_<name>` on a number, with the ascending sort that orders items by it. */
export interface DefinedRange<T> {
  sort: string;
  value(item: T): number | null;
}

export interface CatalogueDefinition<T> {
  /** Its one name: the registry's, a saved search's `catalogue`, its sitemap part, its surrogate key, its slugs' kind. */
  name: string;
  /** How page sections spell it, and the query parameters each spelling narrows it by. */
  spellings: readonly CatalogueSpelling[];
  /** Its routes' path under the API prefix (`/v1/commercial`): list, `/filters`, `/map`, `/:key`. */
  basePath: string;
  /** The app cache's tag its items are kept under: invalidating it reads and builds them again. */
  cacheTag: string;
  /** Its items now, raw (a feed's, a fixture's). */
  items(strapi: Core.Strapi): Promise<T[]>;
  id(item: T): number;
  /** What names it for good (a reference): a path, a favourite, an alert name it by it. */
  key(item: T): string;
  /** What its slug is made of, in each language an e-mail names it in. */
  title(item: T, locale: Locale): string;
  /** The sorts, the first the default. */
  sorts: Record<string, DefinedSort<T>>;
  facets: Record<string, DefinedFacet<T>>;
  /** Keyed parts, each chosen by a parameter of its name (one value). */
  partitions: Record<string, (item: T) => string | undefined>;
  /** The partition counted per state (`counts_by_state`). */
  states: string;
  ranges: Record<string, DefinedRange<T>>;
  /** The range holding an item's price (the site's currency). */
  priceRange: string;
  /** An item's size in square feet (the figures' price per square foot); null when unknown. */
  sqft(item: T): number | null;
  /** The text a `location` search finds it by (folded as the query is). */
  words(item: T): string;
  /** Where it is. */
  at(item: T): LatLng | null;
  /** Its similar items: the one similar ranking's rule (its `at` is the catalogue's). */
  similar: Omit<SimilarityRule<T>, 'at'>;
  /** Its card on its list, a page section and a favourite, with `price` as `card.priceField` says. */
  card(item: T, slug: string, locale: Locale): Record<string, unknown>;
  /** Its own answer (its similar items' cards are added as `similar`). */
  detail(item: T, slug: string, locale: Locale): Record<string, unknown>;
  /** Its marker's properties on the map, beside `id`, `slug` and `price`. */
  marker: Record<string, (item: T, locale: Locale) => unknown>;
  /** The website's page of its list (a spelling's `narrows`), and of one item. */
  listingUrl(narrows: Readonly<Record<string, string>>, locale: Locale): string;
  itemUrl(slug: string, locale: Locale): string;
  /** Its 404's message for a key that names no item, in `locale`. */
  notFound(key: string, locale: Locale): string;
}

/** What a descriptor module exports: its definition, as `default` or `catalogue`. */
export type CatalogueModule = { default?: CatalogueDefinition<unknown> } & { catalogue?: CatalogueDefinition<unknown> };
