/**
 * The search box's suggestions: the index of what may be suggested (lib/suggest-index.ts), built from
 * the off-plan projects' index and the listings' index (and the published area guides, which a community's
 * suggestion opens), once per change of any, off the request path (after each invalidation of their tags,
 * once the listings' index is built again); the previous one
 * answers meanwhile. A build never fetches the project collection: it takes it when this instance holds
 * it, and a search on an instance that does not waits for its fill, as any first reader of projects does. Answers are kept per query string and language
 * while their index is current, for the fast lane too.
 */
import type { Core } from '@strapi/strapi';
import { cache } from '../../../lib/cache';
import type { Steps } from '../../../lib/catalogue/steps';
import { errorMessage } from '../../../lib/errors';
import { projectsService } from '../../../plugins/extsource/server/src/public';
import { laneLookup, type LaneRequest } from '../../../lib/fast-lane';
import { KeptPerBuild } from '../../../lib/kept-per-build';
import type { Locale } from '../../../lib/locale';
import { Representation } from '../../../lib/representation';
import { inSlices, LISTINGS_TAG, PROJECTS_TAG, slicer } from '../../../plugins/extsource/server/src/public';
import { countProjects, type ProjectIndex } from '../../off-plan/services/listing-match';
import { offPlanService } from '../../off-plan/services/off-plan';
import { countListings, type ListingIndex } from '../../properties/services/listing-match';
import { propertiesService } from '../../properties/services/properties';
import { PAGE_UID, pagesService } from '../../pages/services/pages';
import type { WarmUpStep } from '../../../lib/warm-up';
import { parseSuggestQuery, type SuggestQuery } from '../lib/query';
import { suggestBody } from '../lib/response';
import { suggest, suggestIndexBuild, type SuggestIndex } from '../lib/suggest-index';
import { suggestiblesBuild, type SuggestSources } from '../lib/suggestibles';

/** The index, the catalogue indexes it was made from, and how long its build took, slices and turns between (ms). */
interface Built {
  /** Undefined while this instance holds no project collection. */
  projects: ProjectIndex | undefined;
  listings: ListingIndex;
  /** The published area guides it was made with. */
  guides: ReadonlyMap<string, string>;
  index: SuggestIndex;
  buildMs: number;
}

const KEPT_ANSWERS = 512;

/** What the two catalogues hold that the box may suggest, and their own counts of a query. */
function sourcesOf(projectIndex: ProjectIndex | undefined, listings: ListingIndex, areaGuides: ReadonlyMap<string, string>): SuggestSources {
  const projects = projectIndex ?? { projects: [], slugs: [], developerSlugs: undefined };
  const developers = new Map<number, { id: number; name: string; slug: string }>();
  for (const { developer } of projects.projects) {
    if (developer.id && !developers.has(developer.id)) developers.set(developer.id, { id: developer.id, name: developer.name, slug: projects.developerSlugs?.get(developer.id) ?? developer.slug });
  }
  return {
    places: [
      ...projects.projects.map(({ state_id, city, community, sub_community, translations }) => ({ state_id, city, community, sub_community, arabic: translations?.ar })),
      ...listings.listings.map(({ state_id, city, community, sub_community }) => ({ state_id, city, community, sub_community })),
    ],
    developers: [...developers.values()],
    projects: projects.projects.map((project, i) => ({ name: project.name, name_ar: project.translations?.ar?.name ?? '', slug: projects.slugs[i] })),
    listings: listings.listings.map((listing, i) => ({ reference: listing.reference, slug: listings.slugs[i], purpose: listing.purpose })),
    areaGuides,
    count: { projects: (query) => (projectIndex ? countProjects(projectIndex, query) : 0), listings: (query) => countListings(listings, query) },
  };
}

/** What may be suggested and its index, in steps: a turn for requests between slices. */
function* suggestionsBuild(sources: SuggestSources): Steps<SuggestIndex> {
  return yield* suggestIndexBuild(yield* suggestiblesBuild(sources));
}

function createSuggestService(strapi: Core.Strapi) {
  const offPlan = offPlanService(strapi);
  const properties = propertiesService(strapi);
  const kept = new KeptPerBuild<SuggestIndex, Representation>(KEPT_ANSWERS);
  let built: Built | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const projectsHeld = () => projectsService(strapi).peek() !== undefined;

  async function buildOnce(): Promise<void> {
    await properties.rebuilt();
    const [projects, listings, guides] = await Promise.all([projectsHeld() ? offPlan.projectIndex('en') : undefined, properties.listingIndex('en'), pagesService(strapi).areaGuides()]);
    if (built && built.projects === projects && built.listings === listings && built.guides === guides) return;
    const started = performance.now();
    const index = await inSlices(suggestionsBuild(sourcesOf(projects, listings, guides)), slicer());
    built = { projects, listings, guides, index, buildMs: performance.now() - started };
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

  const keyOf = (locale: Locale, queryString: string) => `${locale}:${queryString}`;

  function answer(index: SuggestIndex, queryString: string, query: SuggestQuery, locale: Locale): Representation {
    const key = keyOf(locale, queryString);
    return kept.get(index, key) ?? kept.keep(index, key, new Representation(Buffer.from(JSON.stringify(suggestBody(index, query.q, suggest(index, query.q, query.limit), locale)))));
  }

  return {
    refresh,

    /** The suggestions for a parsed query (the index built first when it never was). */
    async suggest(queryString: string, query: SuggestQuery, locale: Locale): Promise<Representation> {
      if (!projectsHeld()) {
        // The first reader of projects here waits for their fill, as the off-plan listing's does; without
        // them (the provider down, no snapshot) the box still suggests the rest.
        await projectsService(strapi).collection().catch((error: unknown) => strapi.log.warn(`search: the project collection could not be read: ${errorMessage(error)}`));
        await refresh();
      } else if (!built) await refresh();
      return answer(built!.index, queryString, query, locale);
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

/** Before a start listens (decision 175), after both catalogues: the suggestions of what they hold. */
export function searchWarmUp(strapi: Core.Strapi): WarmUpStep {
  return { name: "the search box's index", run: () => suggestService(strapi).refresh() };
}

/** The index built at start and after each change of either catalogue; the fast lane's lookup (at bootstrap). */
export function registerSearchLookups(strapi: Core.Strapi): void {
  const service = suggestService(strapi);
  const refresh = () =>
    void service.refresh().catch((error: unknown) => strapi.log.warn(`search: the suggestions' index could not be built: ${errorMessage(error)}`));
  cache.rebuildOnInvalidation(LISTINGS_TAG, refresh);
  cache.rebuildOnInvalidation(PROJECTS_TAG, refresh);
  // A community's area guide published, moved or withdrawn (written in English: its slug and community are shared).
  cache.rebuildOnInvalidation(PAGE_UID, refresh);
  refresh();
  laneLookup('api::search.search.suggest', (request) => service.fastSuggest(request));
}
