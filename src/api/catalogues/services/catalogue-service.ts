/**
 * The one catalogue service (decision 217): a catalogue's description (catalogue-description.ts) turned
 * into its answers, on its builds per locale (catalogue-builds.ts). The answers asked for last (its lists:
 * pages and maps per query string, filters per key, through catalogue-lists.ts; items per key: each with
 * its ETag and compressed variants) are kept beside the index they were rendered from while it answers
 * (decision 183). An item's key finds it
 * by its current slug or key (its answer), a former slug or another spelling (moved, decisions 191-192),
 * or one that left lately (gone). The `fast*` lookups answer from memory alone, for the fast lane; the
 * controller's path builds whatever was never built first.
 */
import type { Core } from '@strapi/strapi';
import { cache, purgeAtCdn } from '../../../lib/cache';
import { canonicalNumber } from '../../../lib/catalogue/keys';
import { findInBook } from '../../../lib/catalogue/slugs';
import { laneLookup, type LaneRequest } from '../../../lib/fast-lane';
import { KeptPerBuild } from '../../../lib/kept-per-build';
import type { Locale } from '../../../lib/locale';
import type { Representation } from '../../../lib/representation';
import { NO_CONTEXT, type AnswerInContext, type RenderContext } from './catalogue-answers';
import { catalogueLists } from './catalogue-lists';
import { catalogueBuilds, type Built, type CatalogueDeps } from './catalogue-builds';
import type { AnswerKind, CatalogueDescription, CatalogueTypes } from './catalogue-description';
import { slugStore } from './slugs';

export type { Built, CatalogueDeps };

/** Answers kept per kind and index: the query strings and keys asked for last. */
const KEPT_ANSWERS = 256;

/** An item key's answer: the item's, the current slug a former one moved to, or the 410 of one that left. */
export type ItemFound<GoneBody> = { representation: Representation } | { moved: { id: number; slug: string } } | { gone: GoneBody };

/** A path segment as the router reads it; undefined when it is not valid percent-encoding (the full path answers). */
function pathSegment(raw: string): string | undefined {
  try {
    return raw.includes('%') ? decodeURIComponent(raw) : raw;
  } catch {
    return undefined;
  }
}

/** The service of the catalogue `description` describes, on `deps` (the app's, or a test's). */
export function createCatalogueService<T extends CatalogueTypes>(description: CatalogueDescription<T>, deps: CatalogueDeps) {
  type Index = T['index'];
  const builds = catalogueBuilds(description, deps);
  const { sent } = builds;
  const items = new KeptPerBuild<Index, Representation>(KEPT_ANSWERS);

  const peekIndex = (locale: Locale) => builds.peek(locale)?.index;
  const index = async (locale: Locale) => (await builds.built(locale)).index;

  /** A kind that renders from the index alone, in no context. */
  const contextFree = <Q>(kind: AnswerKind<T, Q>): AnswerInContext<Index, Q, RenderContext> => ({
    parse: kind.parse,
    context: async () => NO_CONTEXT,
    peekContext: () => NO_CONTEXT,
    current: () => true,
    render: (current, query) => kind.render(current, query),
  });
  const lists = catalogueLists<{ index: Index; pageQuery: T['pageQuery']; mapQuery: T['mapQuery']; filtersKey: T['filtersKey']; pageContext: RenderContext; mapContext: RenderContext; filtersContext: RenderContext }>(
    {
      pages: contextFree(description.pages),
      maps: contextFree(description.maps),
      filters: { parse: description.filters.parse, context: async () => NO_CONTEXT, peekContext: () => NO_CONTEXT, render: (current, key) => description.filters.render(current, key) },
      lanes: description.lanes,
    },
    { built: index, peek: peekIndex, sent }
  );

  /** The answer of the item `key` names by its current slug or key, or undefined. */
  function itemAnswer(current: Index, key: string): Representation | undefined {
    const found = items.get(current, key);
    if (found) return found;
    const position = description.positions.current(current, key);
    return position === undefined ? undefined : items.keep(current, key, description.item.render(current, position));
  }

  /**
   * Where the item a key names as a lead's or a favourite's does is (decision 191): by a slug it has or
   * had or its key, in any spelling, else by its id; undefined when none is.
   */
  function positionNamed({ index: current, read }: Built<T>, key: string): number | undefined {
    const owner = findInBook(read.slugs, key)?.owner;
    const id = canonicalNumber(key);
    return (owner === undefined ? undefined : description.positions.ofKey(current, owner)) ?? (id === undefined ? undefined : description.positions.ofId(current, id));
  }

  const service = {
    page: lists.page,
    map: lists.map,
    filters: lists.filters,

    /**
     * The item a path segment names: by its current slug or its key as given; by a former slug or another
     * spelling of either (moved, decision 192); one that left lately, by any of them (gone); undefined when none.
     */
    async item(key: string, locale: Locale): Promise<ItemFound<T['goneBody']> | undefined> {
      const { index: current, read } = await builds.built(locale);
      const representation = itemAnswer(current, key);
      if (representation) return { representation: sent(locale, representation) };
      const match = findInBook(read.slugs, key);
      const left = match && read.gone.get(match.owner);
      if (match && left !== undefined && description.item.stillGone(left)) {
        return { gone: description.item.goneBody(current, left, read.slugs.slugOf.get(match.owner) ?? match.owner) };
      }
      if (!match || match.current) return undefined;
      const position = description.positions.ofKey(current, match.owner);
      return position === undefined ? undefined : { moved: { id: description.positions.idAt(current, position), slug: match.slug } };
    },

    /** The item a lead or a favourite names now (its id, a slug it has or had, its key), with the index it is in; undefined when none. */
    async named(key: string, locale: Locale): Promise<{ index: Index; position: number } | undefined> {
      const found = await builds.built(locale);
      const position = positionNamed(found, key);
      return position === undefined ? undefined : { index: found.index, position };
    },

    /** The read the indexes answering are built from (built now when never read). */
    read: builds.read,

    /** The index answering in `locale` now (the previous one while the next is built; built now when never built). */
    index,

    /** The index of the latest read in `locale`, waited for while it is built (what a page keeps until the next change). */
    latestIndex: async (locale: Locale) => (await builds.build(locale)).index,

    /** The index built last in `locale` from memory, or undefined before the first build. */
    peekIndex,

    /** Builds the indexes again, off the request path: at start, and after each change of the items. */
    rebuild: builds.rebuild,

    rebuilt: builds.rebuilt,

    fastPage: lists.fastPage,
    fastMap: lists.fastMap,
    fastFilters: lists.fastFilters,

    fastItem({ path, locale }: LaneRequest): Representation | undefined {
      const current = peekIndex(locale);
      const key = current && pathSegment(path.slice(path.lastIndexOf('/') + 1));
      const answer = key === undefined ? undefined : itemAnswer(current!, key);
      return answer && sent(locale, answer);
    },

    /** The indexes built at start and after each change of the items, and the fast lane's lookups (at bootstrap). */
    start(): void {
      deps.cache.rebuildOnInvalidation(description.cache.tag, service.rebuild);
      service.rebuild();
      lists.registerLanes();
      laneLookup(description.lanes.item, (request) => service.fastItem(request));
    },
  };
  return service;
}

export type CatalogueService<T extends CatalogueTypes> = ReturnType<typeof createCatalogueService<T>>;

/** The app's: its cache, the one slug store, the CDN purger and Strapi's log. */
export const appCatalogueDeps = (strapi: Core.Strapi): CatalogueDeps => ({
  cache,
  settle: (kind, owners, reserved) => slugStore(strapi).settle(kind, owners, reserved),
  purge: purgeAtCdn,
  warn: (message) => strapi.log.warn(message),
});
