/**
 * The off-plan projects' builds (decision 221): each collection's project index per locale, made once
 * per collection version and prepared before the collection is served (catalogues/services/
 * catalogue-versions.ts), with what every locale's index of a collection shares (its slugs, its name and
 * place search, its similar projects: made once), and the index's cards and prices in each other
 * currency, made when first asked for and gone with the collection. A locale's index is built from the
 * projects as that locale shows them (`projectIn`), searched by their names and places in every language.
 */
import type { Core } from '@strapi/strapi';
import { cache } from '../../../lib/cache';
import { currencyView } from '../../../lib/catalogue/engine/currency';
import { DEFAULT_LOCALE, localized, perLocale, type Locale } from '../../../lib/locale';
import { eachSliced, inSlices, projectsService, slicer, type NormalisedProject, type Pause, type ProjectCollection } from '../../../plugins/extsource/server/src/public';
import { oncePerCollection, versionedBuilds } from '../../catalogues/services/catalogue-versions';
import { SITE_CURRENCY, type Currency } from '../../catalogues/services/vocabulary';
import { prepareCurrency, prepareIndex, type PreparedCurrency, type PreparedIndex } from '../lib/listing-response';
import { indexBuild, searchBuild } from '../lib/project-catalogue';
import { projectIn } from '../lib/project-locale';
import { PROJECT_VIEWS } from '../lib/project-views';
import { similarBuildOf, type SimilarProjects } from '../lib/similar-projects';
import type { CollectionSlugs } from './collection-slugs';
import { currencyCacheKey, PROJECT_INDEX_CACHE, PROJECT_INDEX_CACHE_KEY } from './off-plan-cache';

export interface IndexedCollection extends PreparedIndex {
  /** The collection version it was built from. */
  version: number;
  /** Each project's similar projects (positions in the index, the same in every locale). */
  similar: SimilarProjects;
  /** The slugs it was built with: a project answer names them and reads its similar projects here, never a mix of two collections'. */
  slugs: CollectionSlugs;
}

/** Each collection's similar projects, and its name and place search: the same for the indexes of every locale. */
const similarOnce = oncePerCollection((collection: ProjectCollection) => inSlices(similarBuildOf(collection.projects)));
const searchOnce = oncePerCollection((collection: ProjectCollection) => inSlices(searchBuild(collection.projects)));

/**
 * Each project object as each other locale's index shows it, made once: a refresh keeps the objects of
 * the projects the provider did not change (decision 241), and with them their copies and cards (decision 242).
 */
const shownIn = perLocale(() => new WeakMap<NormalisedProject, NormalisedProject>());

/** The projects as `locale` shows them, mapped in slices. */
async function inLocale(projects: NormalisedProject[], locale: Locale, pause: Pause): Promise<NormalisedProject[]> {
  const made = shownIn[locale];
  const shown: NormalisedProject[] = [];
  await eachSliced(projects, (project) => {
    let copy = made.get(project);
    if (!copy) made.set(project, (copy = projectIn(project, locale)));
    shown.push(copy);
  }, pause);
  return shown;
}

/**
 * The collection's project index in `locale`: its projects as that locale shows them, found by every
 * language's names. Built in slices (a second or more at 10,000 projects), visitors answered meanwhile.
 */
async function indexFor(collection: ProjectCollection, locale: Locale, slugs: CollectionSlugs): Promise<IndexedCollection> {
  const { projects } = collection;
  const pause = slicer();
  const shown = locale === DEFAULT_LOCALE ? projects : await inLocale(projects, locale, pause);
  const index = await inSlices(indexBuild(shown, { locale, search: await searchOnce(collection), slugs: slugs.projects.slugOf, developerSlugs: slugs.developers }), pause);
  return { version: collection.version, similar: await similarOnce(collection), slugs, ...prepareIndex(index) };
}

/** The projects' builds; `slugsOf`: a collection's slugs, settled once. */
export function projectBuilds(strapi: Core.Strapi, slugsOf: (collection: ProjectCollection) => Promise<CollectionSlugs>) {
  const builds = versionedBuilds<ProjectCollection, IndexedCollection, Currency>(
    {
      cache: { options: PROJECT_INDEX_CACHE, build: (locale) => localized(PROJECT_INDEX_CACHE_KEY, locale), view: currencyCacheKey },
      collection: () => projectsService(strapi).collection(),
      peek: () => projectsService(strapi).peek(),
      build: async (collection, locale) => indexFor(collection, locale, await slugsOf(collection)),
      prepareWith: (prepare) => projectsService(strapi).prepareWith(prepare),
    },
    cache
  );

  /** The same from memory alone, or undefined. */
  function peekCurrency(prepared: IndexedCollection, currency: Currency): PreparedCurrency | undefined {
    return currency === SITE_CURRENCY ? prepared.aed : builds.peekView<PreparedCurrency>(prepared, prepared.index.locale, currency);
  }

  return {
    /** The index answering in `locale` (made now when the one kept is of an older collection). */
    built: builds.built,

    /** The same from memory alone, or undefined. */
    peek: builds.peek,

    /** Each new collection's indexes prepared before it is served (at bootstrap). */
    start: builds.start,

    /** The index's cards and prices in `currency` (the site's when none), made once per currency, locale and collection. */
    async inCurrency(prepared: IndexedCollection, currency: Currency = SITE_CURRENCY): Promise<PreparedCurrency> {
      if (currency === SITE_CURRENCY) return prepared.aed;
      return builds.view(prepared, prepared.index.locale, currency, () =>
        prepareCurrency(prepared.index, currencyView(prepared.index, PROJECT_VIEWS, currency, projectsService(strapi).currencyRates()))
      );
    },

    /** The same from memory alone (the site's currency when none), or undefined. */
    peekCurrency: (prepared: IndexedCollection, currency: Currency = SITE_CURRENCY) => peekCurrency(prepared, currency),

    /** Whether `currency`, a view of `prepared`, is the one its currency's answers are rendered in now. */
    currentIn: (prepared: IndexedCollection, currency: PreparedCurrency) => currency === peekCurrency(prepared, currency.view.currency),
  };
}

export type ProjectBuilds = ReturnType<typeof projectBuilds>;
