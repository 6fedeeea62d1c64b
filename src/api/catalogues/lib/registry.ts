/**
 * The registry of catalogues (decision 204): every catalogue the site serves, in the order registered,
 * each under one name and the other spellings clients already send. The catalogues register themselves
 * (src/index.ts, before anything reads them) so this domain imports none of them; saved searches, the
 * alerts' matcher and sender (decision 213), page sections and the sitemap loop over what is registered
 * instead of naming a catalogue.
 *
 * A catalogue's name is what saved searches store and the sitemap's part is called (`projects`,
 * `listings`). A page section names a catalogue by a spelling of its own (`off_plan`, or `sale` and
 * `rent`, each a part of the listings): each such spelling is the catalogue narrowed by some parameters
 * of its listing query (`purpose=sale`).
 */
import type { Core, UID } from '@strapi/strapi';
import type { Bitset } from '../../../lib/catalogue/bitset';
import type { BuilderControl, BuilderOption } from '../../../lib/catalogue/query-controls';
import type { Steps } from '../../../lib/catalogue/steps';

export type { BuilderOption };
import type { FieldErrors } from '../../../lib/envelope';
import type { LiveResult } from './live-result';
import type { Locale } from '../../../lib/locale';
import type { PageKind } from '../../website/services/site-pages';
import type { EmirateCode, NormalisedProject } from '../../../plugins/extsource/server/src/public';

/** A spelling that names a catalogue in a page section, and the listing query parameters it stands for. */
export interface CatalogueSpelling {
  spelling: string;
  narrows: Readonly<Record<string, string>>;
}

/** A query string as a catalogue's listing reads it: normalised, or its 422 messages by parameter. */
export type CatalogueQueryCheck = { ok: true; normalised: string } | { ok: false; errors: FieldErrors };

/**
 * One page of a catalogue on the site, and when what it shows last changed (epoch ms), when known: a
 * page kind of the site's paths, or (a catalogue defined by a descriptor module, whose pages the site's
 * paths do not name) its URL in each language.
 */
export type CataloguePage =
  | { kind: PageKind; params: Readonly<Record<string, string>>; lastModified: number | undefined }
  | { urls: Readonly<Record<Locale, string>>; lastModified: number | undefined };

/** What a buyer favourites of a catalogue: an item, kept in a column of its own, shown by its listing's card. */
export interface FavouriteItems {
  /** The item's kind, as the favourites' routes and answers name it (`project`). */
  kind: string;
  /** The favourite's column holding its key, and the answers' field naming it (`project_id`). */
  column: string;
  /** The field naming the item on its cards (`id`, `reference`), and the field of its listing's answer holding a page of them (`properties`). */
  card: { key: string; list: string };
  /**
   * Its routes' path under `/me/favorites/`, ending in the key's parameter: `listings/:reference`. The
   * first catalogue's is the bare `:projectId`, as it was before there were others (its routes come
   * after the others': the router tries them in order).
   */
  path: string;
  /** The keys its routes accept once read (decision 191); any other names no item. */
  keyPattern: RegExp;
  /** The 404 of a key naming no item it holds, in `locale`. */
  notFound(key: string, locale: Locale): string;
  /** The listing's cards of the items `keys` the catalogue holds now, by key: the others are not in it. */
  cardsOf(strapi: Core.Strapi, keys: readonly string[], locale: Locale): Promise<Map<string, Record<string, unknown>>>;
  /** The key of the item `key` names (another spelling, a slug), as the catalogue holds it now; undefined when none. */
  keyNamed(strapi: Core.Strapi, key: string, locale: Locale): Promise<string | undefined>;
  /** When the item `key` left the catalogue (ISO), for an editor's field that still holds it; null when it is in it or that is not known. */
  leftAt(strapi: Core.Strapi, key: string): Promise<string | null>;
}

/**
 * Some of a catalogue's items as a match of buyers' alerts reads them (decision 213): those it holds now,
 * or some as an earlier match remembered them. Each is named by its own key (a project's id, a listing's
 * reference), at a position in the catalogue's order.
 */
export interface AlertItems {
  /** What they were read from (the collection, the index): the same until the catalogue's items change. */
  readonly source: object;
  /** When they were fetched (ISO), for a catalogue whose items carry it. */
  readonly fetchedAt?: string;
  readonly count: number;
  keyAt(position: number): string;
  /** The price an alert compares and tells (AED), null when it has none. */
  priceAt(position: number): number | null;
  /** What a match remembers of the item (JSON): any change to it is a change of the item. */
  recordAt(position: number): unknown;
  /** Their search (the listing's own index and parser), built when a match needs it. */
  search(pause: () => Promise<void>): Promise<AlertSearch>;
}

/** A saved query matched against some items (AlertItems.search). */
export interface AlertSearch {
  /** The item's name in each language, as an alert e-mail names it. */
  names(key: string): Record<string, string>;
  /** The set of the items `keys` name; every item when none are given. */
  setOf(keys?: readonly string[]): Bitset;
  /** The keys of the items of `within` a stored query selects, in the catalogue's order; null when the query no longer reads. */
  matching(query: string, within: Bitset): string[] | null;
}

/** What a catalogue is to the buyers' alerts (decision 213): the matcher and the sender loop over these. */
export interface CatalogueAlerts {
  /** The table holding its items as the last match saw them. */
  seenTable: string;
  /** The lease one instance matches it under. */
  lease: string;
  /** What an alert's item key starts with before the item's own key ('' for the first catalogue, as before there were others). */
  keyPrefix: string;
  /** The core store's key remembering the newest items matched across instances, for a catalogue whose items carry when they were fetched. */
  matchedMark?: string;
  /** Its items in memory now; undefined before any are loaded. */
  loaded(strapi: Core.Strapi): AlertItems | undefined;
  /** Has `match` called with the items it adopts, as it adopts them (their alerts sent at once); without it, a tick finds them. */
  onAdopt?(strapi: Core.Strapi, match: (items: AlertItems) => void): void;
  /** Items as an earlier match remembered them (their records). */
  earlier(strapi: Core.Strapi, records: unknown[]): AlertItems;
  /** Each item's page on the website in `locale`, by its own key (one still named after it left the catalogue too). */
  pages(strapi: Core.Strapi, locale: Locale): Promise<(key: string) => string>;
  /** Whether an item's price is where its prices start (a project's), so an e-mail says "From". */
  pricesFrom: boolean;
}

/** What the editors' query builder offers of a catalogue's listing query (decision 227). */
export interface CatalogueBuilder {
  /** The controls over its filters and sort, in its query's order (its description's `builderControls`). */
  controls: readonly BuilderControl[];
  /** By parameter, the options of its controls labelled in `locale`: the sorts', and those its items give (emirates, developers, years). */
  options(strapi: Core.Strapi, locale: Locale): Promise<Readonly<Record<string, readonly BuilderOption[]>>>;
}

/** What every reader of catalogues asks of one: each catalogue hands in its own services. */
export interface CatalogueEntry {
  /** Its one name: a saved search's `catalogue`, its sitemap part, its surrogate key. */
  name: string;
  /** How page sections spell it, in the order an editor is offered them. */
  spellings: readonly CatalogueSpelling[];
  /** The key a CDN purges its answers by (a page showing it carries it too). */
  surrogateKey: string;
  /** The app cache's tag its items are kept under (a page showing it is rebuilt when it is invalidated). */
  cacheTag: string;
  /** The API path of its map (`/off-plan/map`), without `/api`. */
  mapPath: string;
  /** A query string (a leading `?` allowed) read by its listing, with that listing's messages in `locale`. */
  checkQuery(query: string, locale: Locale): CatalogueQueryCheck;
  /** What its listing shows of a query: its first `limit` cards, its figures and its map box (null: the query no longer reads). */
  live(strapi: Core.Strapi, query: string, locale: Locale, limit: number): Promise<LiveResult | null>;
  /** The website's listing page of the part `narrows` selects, without a query. */
  listingUrl(narrows: Readonly<Record<string, string>>, locale: Locale): string;
  /** Its listing query as the editors' query builder shows it. */
  builder: CatalogueBuilder;
  /** Its items as a buyer's favourites. */
  favourites: FavouriteItems;
  /** Its items as buyers' alerts match and tell them. */
  alerts: CatalogueAlerts;
  /** Every page of its items the sitemap lists, in its order. */
  sitemapPages(strapi: Core.Strapi): Promise<CataloguePage[]>;
}

/** A spelling resolved: the catalogue and the parameters the spelling narrows it by. */
export interface SpelledCatalogue {
  entry: CatalogueEntry;
  narrows: Readonly<Record<string, string>>;
}

const registered: CatalogueEntry[] = [];

/** Adds a catalogue after those registered, or replaces the one of that name where it stands (a Strapi started again). */
export function registerCatalogue(entry: CatalogueEntry): void {
  const at = registered.findIndex((each) => each.name === entry.name);
  if (at >= 0) registered[at] = entry;
  else registered.push(entry);
}

/** Every catalogue, in the order registered. */
export const catalogues = (): readonly CatalogueEntry[] => registered;

/** The catalogue of that name, or undefined. */
export const catalogueNamed = (name: unknown): CatalogueEntry | undefined => registered.find((entry) => entry.name === name);

/** The catalogue a record that names none meant: the first registered (the site's first, before there were others). */
export function firstCatalogue(): CatalogueEntry {
  if (!registered.length) throw new Error('No catalogue is registered: register them before reading one');
  return registered[0];
}

/** The spelling of `entry` whose parameters `fields` have (a rent listing's `purpose`), else its first. */
export function spellingOf(entry: CatalogueEntry, fields: Readonly<Record<string, unknown>>): string {
  const fits = entry.spellings.find(({ narrows }) => Object.entries(narrows).every(([name, value]) => fields[name] === value));
  return (fits ?? entry.spellings[0]).spelling;
}

/** The catalogue whose items are favourited as `kind`, or undefined. */
export const catalogueFavouriting = (kind: string): CatalogueEntry | undefined => registered.find((entry) => entry.favourites.kind === kind);

/** Every page section spelling, catalogue by catalogue in the order registered. */
export const sectionSpellings = (): string[] => registered.flatMap((entry) => entry.spellings.map(({ spelling }) => spelling));

/** The catalogue a page section's spelling names, and what it narrows it by; undefined for a spelling no catalogue has. */
export function catalogueSpelled(spelling: unknown): SpelledCatalogue | undefined {
  for (const entry of registered) {
    const found = entry.spellings.find((each) => each.spelling === spelling);
    if (found) return { entry, narrows: found.narrows };
  }
  return undefined;
}

/** The catalogue whose alerts name their items by `key` (the longest prefix it starts with), and the item's own key; undefined when none. */
export function catalogueAlerting(key: string): { entry: CatalogueEntry; own: string } | undefined {
  let found: CatalogueEntry | undefined;
  for (const entry of registered) {
    const { keyPrefix } = entry.alerts;
    if (key.startsWith(keyPrefix) && (!found || keyPrefix.length > found.alerts.keyPrefix.length)) found = entry;
  }
  return found && { entry: found, own: key.slice(found.alerts.keyPrefix.length) };
}

/** Removes a catalogue (a test's own, once done). */
export function unregisterCatalogue(name: string): void {
  const at = registered.findIndex((entry) => entry.name === name);
  if (at >= 0) registered.splice(at, 1);
}

// What the sitemap, the search box and a lead read of a catalogue (decisions 215-216): declared apart
// from the entry above (the same interface, merged) so each reader's facts stay together.

/** What a catalogue adds to the sitemap besides its own part. */
export interface CatalogueSitemap {
  /** Its landing page, an editorial page of its own (the off-plan page): the types it is built from and the key a CDN purges it by (per language). */
  landing?: { kind: PageKind; types: readonly UID.ContentType[]; surrogateKey: string };
  /** The editorial types where editors mark its pages noindex: their writes change what it lists. */
  noindexTypes: readonly string[];
  /** Its pages in the site's own section (the emirates with projects), and the sections it lists before its own part (the developers). */
  related(strapi: Core.Strapi): Promise<{ pages: CataloguePage[]; sections: Array<[string, CataloguePage[]]> }>;
}

/** A place an item is in, with its Arabic names where its feed gives them. */
export interface CataloguePlace {
  state_id: EmirateCode | '';
  city: string;
  community: string;
  sub_community: string;
  arabic?: { city: string; community: string; sub_community: string };
}

/** The search box's kinds of item with a page of its own: a suggestion of one opens that page. */
export type SuggestibleItemType = 'project' | 'listing';

/** An item the search box may suggest by its page: its names, slug, and the fields saying which spelling of its catalogue it is in. */
export interface SuggestibleItem {
  type: SuggestibleItemType;
  names: Readonly<Record<Locale, string>>;
  slug: string;
  fields: Readonly<Record<string, unknown>>;
}

/** What the search box may suggest of a catalogue, read from one build of its index. */
export interface CatalogueSuggestibles {
  places: readonly CataloguePlace[];
  /** Who builds its items (their pages are the developers'); each counted in this catalogue alone. */
  developers: ReadonlyArray<{ id: number; name: string; slug: string }>;
  items: readonly SuggestibleItem[];
  /** How many items its listing shows for a query string (naming the part it asks: `purpose=sale`). */
  count(query: string): number;
}

/** A catalogue as the search box reads it: the build answering now, and what may be suggested of it. */
export interface CatalogueSuggestSource {
  /** The build of its index the box should read now (undefined while none is held here); the same value again means nothing changed. */
  current(strapi: Core.Strapi): Promise<unknown>;
  /** What may be suggested of `build`, one of `current`'s values, in steps (catalogue/steps.ts). */
  suggestibles(build: unknown): Steps<CatalogueSuggestibles>;
}

/** A listing a lead names: its listing's card in the lead's language, its agent's e-mail beside it. */
export interface EnquiredListing {
  id: number;
  slug: string;
  reference: string;
  title: string;
  purpose: 'sale' | 'rent';
  price: { amount: number | null; currency: string; period: string | null };
  bedrooms: string | null;
  community: string;
  state_id: string | null;
  state_name: string | null;
  permit_number: string | null;
  agent: { name: string; phone: string };
  agent_email: string;
  canonical_url: string;
  brochure_url: string | null;
}

/** The item a lead is about (decision 216), as its catalogue holds it now: a project of the feed with its current slug, or a listing. */
export type EnquiredItem = { kind: 'project'; project: NormalisedProject; slug: string } | { kind: 'listing'; listing: EnquiredListing };

/** How a lead finds the item of a catalogue it names. */
export interface CatalogueEnquiry {
  /** What a lead calls its items (`project`, `listing`): the submission's key and the lead's snapshot name them so. */
  kind: EnquiredItem['kind'];
  /** The item `key` names (an id, a slug it has or had, a reference), read in `locale`; null when the catalogue holds none. */
  find(strapi: Core.Strapi, key: string, locale: Locale): Promise<EnquiredItem | null>;
}

export interface CatalogueEntry {
  sitemap: CatalogueSitemap;
  suggest: CatalogueSuggestSource;
  enquiry: CatalogueEnquiry;
}

/** The catalogue whose items a lead calls `kind`, or undefined. */
export const catalogueEnquiredAs = (kind: string): CatalogueEntry | undefined => registered.find((entry) => entry.enquiry.kind === kind);

/** The surrogate keys of every catalogue, in the order registered (what an answer showing all of them carries). */
export const catalogueSurrogateKeys = (): string[] => registered.map((entry) => entry.surrogateKey);

/** The surrogate keys of the catalogues' landing pages, in the order registered. */
export const landingSurrogateKeys = (): string[] => registered.flatMap((entry) => (entry.sitemap.landing ? [entry.sitemap.landing.surrogateKey] : []));
