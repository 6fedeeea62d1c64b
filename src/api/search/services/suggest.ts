/**
 * The search box's suggestions: the index of what may be suggested (lib/suggest-index.ts), built from
 * what each registered catalogue gives of its index answering now (decision 215; and the published area
 * guides, which a community's suggestion opens), once per change of any, off the request path (after
 * each invalidation of their tags, once a catalogue's rebuild under way is done); the previous one
 * answers meanwhile. A build never fetches the project collection: it takes it when this instance holds
 * it, and a search on an instance that does not waits for its fill, as any first reader of projects does. Answers are kept per query string and language
 * while their index is current, for the fast lane too.
 */import type { Core } from '@strapi/strapi';
import { cache } from '../../../lib/cache';
import type { Steps } from '../../../lib/catalogue/steps';
import { errorMessage } from '../../../lib/errors';
import { projectsService } from '../../../plugins/extsource/server/src/public';
import { laneLookup, type LaneRequest } from '../../../lib/fast-lane';
import { KeptPerBuild } from '../../../lib/kept-per-build';
import type { Locale } from '../../../lib/locale';
import { jsonRepresentation, Representation } from '../../../lib/representation';
import { inSlices, slicer } from '../../../plugins/extsource/server/src/public';
import { catalogues, type CatalogueEntry } from '../../catalogues/services/registry';
import { PAGE_UID, pagesService } from '../../pages/services/pages';
import type { WarmUpStep } from '../../../lib/warm-up';
import { parseSuggestQuery, type SuggestQuery } from '../lib/query';
import { suggestBody } from '../lib/response';
import { suggest, suggestIndexBuild, type Found, type SuggestIndex } from '../lib/suggest-index';
import type { Group } from '../lib/suggestibles';
import { suggestiblesBuild, type SuggestSources } from '../lib/suggestibles';

/** The index, the catalogues' builds it was made from (by name), and how long its build took, slices and turns between (ms). */
interface Built {
  /** Each catalogue's build as its entry gave it (undefined for the projects while this instance holds no collection). */
  builds: ReadonlyMap<string, unknown>;
  /** The published area guides it was made with. */
  guides: ReadonlyMap<string, string>;
  index: SuggestIndex;
  buildMs: number;
}

const KEPT_ANSWERS = 512;

/** The same catalogues, each from the same build, as when `built` was made. */
const sameBuilds = (built: Built, builds: ReadonlyMap<string, unknown>) =>
  built.builds.size === builds.size && [...builds].every(([name, build]) => built.builds.has(name) && built.builds.get(name) === build);

/** What every catalogue holds that the box may suggest, and their own counts of a query (decision 215), in steps. */
function* sourcesOf(entries: readonly CatalogueEntry[], builds: ReadonlyMap<string, unknown>, areaGuides: ReadonlyMap<string, string>): Steps<SuggestSources> {
  const held: SuggestSources['catalogues'][number][] = [];
  for (const entry of entries) held.push({ name: entry.name, ...(yield* entry.suggest.suggestibles(builds.get(entry.name))) });
  return { catalogues: held, areaGuides };
}

/** What may be suggested and its index, in steps: a turn for requests between slices. */
function* suggestionsBuild(entries: readonly CatalogueEntry[], builds: ReadonlyMap<string, unknown>, areaGuides: ReadonlyMap<string, string>): Steps<SuggestIndex> {
  return yield* suggestIndexBuild(yield* suggestiblesBuild(yield* sourcesOf(entries, builds, areaGuides)));
}

function createSuggestService(strapi: Core.Strapi) {
  const kept = new KeptPerBuild<SuggestIndex, Representation>(KEPT_ANSWERS);
  let built: Built | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const projectsHeld = () => projectsService(strapi).peek() !== undefined;

  async function buildOnce(): Promise<void> {
    const entries = catalogues();
    const [current, guides] = await Promise.all([Promise.all(entries.map((entry) => entry.suggest.current(strapi))), pagesService(strapi).areaGuides()]);
    const builds = new Map(entries.map((entry, i) => [entry.name, current[i]]));
    if (built && sameBuilds(built, builds) && built.guides === guides) return;
    const started = performance.now();
    const index = await inSlices(suggestionsBuild(entries, builds, guides), slicer());
    built = { builds, guides, index, buildMs: performance.now() - started };
  }

  /** Builds the index again from the catalogues' current indexes (once more if asked again meanwhile). */
  function refresh(): Promise<void> {
    again = true;
    running ??= (async () => {
      try {
        while (again) {
          again = false;
          await buildOnce();
        }
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  /** The index answering now, built first when it never was. */
  async function answering(): Promise<SuggestIndex> {
    if (!projectsHeld()) {
      // The first reader of projects here waits for their fill, as the off-plan listing's does; without
      // them (the provider down, no snapshot) the box still suggests the rest.
      await projectsService(strapi).collection().catch((error: unknown) => strapi.log.warn(`search: the project collection could not be read: ${errorMessage(error)}`));
      await refresh();
    } else if (!built) await refresh();
    return built!.index;
  }

  const keyOf = (locale: Locale, queryString: string) => `${locale}:${queryString}`;

  function answer(index: SuggestIndex, queryString: string, query: SuggestQuery, locale: Locale): Representation {
    const key = keyOf(locale, queryString);
    return kept.get(index, key) ?? kept.keep(index, key, jsonRepresentation(suggestBody(index, query.q, suggest(index, query.q, query.limit), locale)));
  }

  return {
    refresh,

    /** The suggestions for a parsed query (the index built first when it never was). */
    async suggest(queryString: string, query: SuggestQuery, locale: Locale): Promise<Representation> {
      return answer(await answering(), queryString, query, locale);
    },

    /** What a query finds in each group, with the index it was found in (the editors' pickers, decision 227). */
    async found(query: SuggestQuery): Promise<{ index: SuggestIndex; found: Record<Group, Found[]> }> {
      const index = await answering();
      return { index, found: suggest(index, query.q, query.limit) };
    },

    /** The same from memory alone, for the fast lane: a kept answer of the current index, else undefined. */
    fastSuggest({ queryString, locale }: LaneRequest): Representation | undefined {
      return built && kept.get(built.index, keyOf(locale, queryString));
    },

    /** The index answering now, how many suggestions it holds and how long its build took (a test, a benchmark). */
    async current(): Promise<{ index: SuggestIndex; items: number; buildMs: number }> {
      if (!built) await refresh();
      return { index: built!.index, items: built!.index.items.length, buildMs: Math.round(built!.buildMs) };
    },
  };
}

export type SuggestService = ReturnType<typeof createSuggestService>;

const services = new WeakMap<Core.Strapi, SuggestService>();

export function suggestService(strapi: Core.Strapi): SuggestService {
  let service = services.get(strapi);
  if (!service) services.set(strapi, (service = createSuggestService(strapi)));
  return service;
}

export { parseSuggestQuery };
export { suggestion } from '../lib/response';

/** Before a start listens (decision 175), after both catalogues: the suggestions of what they hold. */
export function searchWarmUp(strapi: Core.Strapi): WarmUpStep {
  return { name: "the search box's index", run: () => suggestService(strapi).refresh() };
}

/** The index built at start and after each change of any catalogue; the fast lane's lookup (at bootstrap). */
export function registerSearchLookups(strapi: Core.Strapi): void {
  const service = suggestService(strapi);
  const refresh = () =>
    void service.refresh().catch((error: unknown) => strapi.log.warn(`search: the suggestions' index could not be built: ${errorMessage(error)}`));
  for (const { cacheTag } of catalogues()) cache.rebuildOnInvalidation(cacheTag, refresh);
  // A community's area guide published, moved or withdrawn (written in English: its slug and community are shared).
  cache.rebuildOnInvalidation(PAGE_UID, refresh);
  refresh();
  laneLookup('api::search.search.suggest', (request) => service.fastSuggest(request));
}
