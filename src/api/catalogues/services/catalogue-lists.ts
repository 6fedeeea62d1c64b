/**
 * A catalogue's lists (decision 225): its pages and maps per query string and its filters per key, kept
 * beside the locale's index they were rendered from with the context they were rendered in
 * (catalogue-answers.ts), on whichever lifecycle builds its indexes (a rebuild on a tag's invalidation,
 * catalogue-builds.ts, or each collection prepared before it is served, catalogue-versions.ts), and the
 * fast lane's lookups of its three list routes. Every catalogue's lists are answered here: the one
 * catalogue service's (catalogue-service.ts) and the off-plan projects' alike.
 */
import { laneLookup, type LaneRequest } from '../../../lib/fast-lane';
import type { Locale } from '../../../lib/locale';
import type { Representation } from '../../../lib/representation';
import { keptAnswers, keptFilters, type AnswerInContext, type FiltersInContext, type RenderContext } from './catalogue-answers';

/** Answers kept per kind and index: the query strings and keys asked for last. */
const KEPT_ANSWERS = 256;

/** What the lists read of a catalogue's lifecycle: the index answering in a locale, and how an answer of it is sent. */
export interface ListBuilds<Index> {
  /** The index answering now (built now when never built). */
  built(locale: Locale): Promise<Index>;
  /** The same from memory alone, or undefined. */
  peek(locale: Locale): Index | undefined;
  /** An answer as sent in `locale` now (an interim one while the next index is built, say). */
  sent(locale: Locale, representation: Representation): Representation;
}

/** The types a catalogue's lists name, in one place. */
export interface ListTypes {
  /** A locale's index: what answers are rendered from, and kept beside (by identity). */
  index: object;
  pageQuery: unknown;
  mapQuery: unknown;
  /** What a filters answer is kept under (the purpose it lists, say). */
  filtersKey: string;
  /** What a page, a map and the filters render from beside the index (prices in a currency, a page's content). */
  pageContext: RenderContext;
  mapContext: RenderContext;
  filtersContext: RenderContext;
}

/** A catalogue's three list answers, each in the context it renders in, and the fast lane's handlers of their routes. */
export interface CatalogueLists<T extends ListTypes> {
  pages: AnswerInContext<T['index'], T['pageQuery'], T['pageContext']>;
  maps: AnswerInContext<T['index'], T['mapQuery'], T['mapContext']>;
  filters: FiltersInContext<T['index'], T['filtersKey'], T['filtersContext']>;
  /** `api::<domain>.<controller>.<action>` of each route. */
  lanes: { page: string; map: string; filters: string };
}

export function catalogueLists<T extends ListTypes>(lists: CatalogueLists<T>, builds: ListBuilds<T['index']>) {
  type Index = T['index'];
  const pages = keptAnswers(lists.pages, KEPT_ANSWERS);
  const maps = keptAnswers(lists.maps, KEPT_ANSWERS);
  const filters = keptFilters(lists.filters, KEPT_ANSWERS);

  /** An answer kept (per query string, or per filters key), else rendered from the index in memory when its query reads and its context is held; undefined when none is built. */
  function fastKept(request: LaneRequest, answers: { fast(current: Index, request: LaneRequest): Representation | undefined }): Representation | undefined {
    const current = builds.peek(request.locale);
    const answer = current && answers.fast(current, request);
    return answer && builds.sent(request.locale, answer);
  }

  const service = {
    /** A page, kept per query string and locale. */
    async page(queryString: string, query: T['pageQuery'], locale: Locale): Promise<Representation> {
      return builds.sent(locale, await pages.answer(await builds.built(locale), queryString, query, locale));
    },

    /** A map, kept per query string and locale. */
    async map(queryString: string, query: T['mapQuery'], locale: Locale): Promise<Representation> {
      return builds.sent(locale, await maps.answer(await builds.built(locale), queryString, query, locale));
    },

    async filters(key: T['filtersKey'], locale: Locale): Promise<Representation> {
      return builds.sent(locale, await filters.answer(await builds.built(locale), key, locale));
    },

    /** The page from memory alone, or undefined (not built yet, or a query the full path must answer). */
    fastPage: (request: LaneRequest) => fastKept(request, pages),

    fastMap: (request: LaneRequest) => fastKept(request, maps),

    fastFilters: (request: LaneRequest) => fastKept(request, filters),

    /** The fast lane's lookups of the three routes (at bootstrap). */
    registerLanes(): void {
      laneLookup(lists.lanes.page, service.fastPage);
      laneLookup(lists.lanes.map, service.fastMap);
      laneLookup(lists.lanes.filters, service.fastFilters);
    },
  };
  return service;
}
