/**
 * What a catalogue tells the one catalogue service (catalogue-service.ts, decision 217): where its read
 * and its indexes are cached, how its items (and those that left) are read and named for their slugs,
 * how its shared index and each locale's are built, how a key finds an item, how its queries are read,
 * its answers rendered and purged, and the fast lane's handlers it answers. Data and functions, no
 * lifecycle: that is the service's, the same for every catalogue.
 */
import type { EntryOptions } from '../../../lib/cache';
import type { Named, SlugBook } from '../../../lib/catalogue/slugs';
import type { Steps } from '../../../lib/catalogue/steps';
import type { LaneRequest } from '../../../lib/fast-lane';
import type { Locale } from '../../../lib/locale';
import type { Representation } from '../../../lib/representation';
import type { Pause } from '../../../plugins/extsource/server/src/public';
import type { SlugKind } from './slugs';

/** The types a catalogue's description names, in one place. */
export interface CatalogueTypes {
  /** An item the catalogue lists. */
  item: unknown;
  /** An item that left it lately (kept for its 410). */
  gone: unknown;
  /** The index every locale shares. */
  shared: unknown;
  /** A locale's index: what answers are rendered from, and kept beside (by identity). */
  index: object;
  pageQuery: unknown;
  mapQuery: unknown;
  /** What a filters answer is kept under (the purpose it lists, say). */
  filtersKey: string;
  /** The body of a gone item's 410. */
  goneBody: unknown;
}

/** One read of a catalogue: the items it lists, those that left lately (by key), and the slugs of both. */
export interface CatalogueRead<T extends CatalogueTypes> {
  items: T['item'][];
  gone: ReadonlyMap<string, T['gone']>;
  slugs: SlugBook;
}

/** A query string as a catalogue's parser reads it (its 422s are the controller's). */
export type ParsedQuery<Q> = { ok: true; query: Q } | { ok: false };

/** A query language and what renders an answer of it from a locale's index. */
export interface AnswerKind<T extends CatalogueTypes, Q> {
  parse(raw: LaneRequest['query'], locale: Locale): ParsedQuery<Q>;
  render(index: T['index'], query: Q): Representation;
}

export interface CatalogueDescription<T extends CatalogueTypes> {
  /** How a failed build is logged: "<name> could not be built: <why>". */
  name: string;
  cache: {
    /** The tag whose invalidation (a change of the items) rebuilds everything. */
    tag: string;
    /** Every entry's options (the tag among them). */
    options: EntryOptions;
    /** The keys of the read, of the shared index and of each locale's index. */
    read: string;
    shared: string;
    index(locale: Locale): string;
  };
  source: {
    /** The slug store's kind of the items' slugs. */
    slugKind: SlugKind;
    /** The items listed now, read with `pause` between pages. */
    items(pause: Pause): Promise<T['item'][]>;
    /** The items that left lately, with the same `pause`. */
    gone(pause: Pause): Promise<T['gone'][]>;
    /** An item's key (a path may name it) and the name its slug is made from. */
    named(item: T['item'] | T['gone']): Named;
    /** The fixed words beside the item route's key: no item's slug. */
    routeWords: ReadonlySet<string>;
  };
  /** The shared index of a read, in steps (the service gives the event loop turns between them). */
  sharedBuild(read: CatalogueRead<T>): Steps<T['shared']>;
  /** A locale's index on the shared one. */
  localeIndex(shared: T['shared'], locale: Locale): T['index'];
  /** Where an item is in a locale's index. */
  positions: {
    /** By its current slug or its key, as given. */
    current(index: T['index'], key: string): number | undefined;
    /** By its key (a slug book's owner). */
    ofKey(index: T['index'], key: string): number | undefined;
    /** By its numeric id. */
    ofId(index: T['index'], id: number): number | undefined;
    idAt(index: T['index'], position: number): number;
  };
  pages: AnswerKind<T, T['pageQuery']>;
  maps: AnswerKind<T, T['mapQuery']>;
  filters: {
    parse(raw: LaneRequest['query'], locale: Locale): T['filtersKey'] | undefined;
    render(index: T['index'], key: T['filtersKey']): Representation;
  };
  item: {
    /** An item's answer, carrying its own surrogate keys. */
    render(index: T['index'], position: number): Representation;
    /** Whether an item that left is still answered 410 (else 404). */
    stillGone(gone: T['gone']): boolean;
    goneBody(index: T['index'], gone: T['gone'], slug: string): T['goneBody'];
  };
  surrogateKeys: {
    /** Of the catalogue's answers: an interim answer without keys of its own is purged by it. */
    catalogue: string;
    /** Every item's answer carries it: never purged as an interim answer's (those never sent meanwhile carry it too). */
    everyItem: string;
  };
  /** The fast lane's handlers (`api::<domain>.<controller>.<action>`) of the four routes. */
  lanes: { page: string; map: string; filters: string; item: string };
}
