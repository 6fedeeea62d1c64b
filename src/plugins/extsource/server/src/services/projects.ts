/**
 * The off-plan project collection (decision 27), one for every instance:
 *
 * - The last good collection is persisted as a snapshot (project-snapshot.ts, one per projects driver).
 * - An instance with nothing in memory loads the snapshot. The provider is asked only when there is
 *   none, or it is older than `projectsTtlSeconds`, and then under a lease: one instance fetches, the
 *   others wait for its snapshot (or keep serving what they have). Every instance is then told
 *   (`projects` tag) and reloads the snapshot instead of fetching again.
 * - A stale collection is served while one refresh runs in the background; a failed refresh keeps the
 *   last good collection and is retried after a minute, by whichever instance asks first.
 * - A new collection is served once what the app derives from it is built (`prepareWith`): until then
 *   visitors get the one before, never a wait for a build (decision 93).
 * - Developers are cached per instance for their own lifetime, and dropped with the collection.
 * - A project's detail is never waited for (decision 40): a read answers at once with the detail held,
 *   else the collection's card marked pending (its detail fields empty). Details, their reads and their
 *   read-ahead after each collection reaches this instance are detail-reads.ts's (decision 66). An id
 *   the collection does not list is unknown without asking the provider.
 * All of it lives in the hosting app's one cache (host.ts).
 */
import type { Core } from '@strapi/strapi';
import { setTimeout as sleep } from 'timers/promises';
import { defaultConfig, extsourceConfig } from '../config';
import { projectsDriver } from '../drivers';
import { errorMessage, providerUnavailable } from '../errors';
import { hostOf, PROJECTS_TAG, type ExtsourceHost } from '../host';
import type { Developer, NormalisedProject } from '../mapping/types';
import { detailReads, type HeldDetail, type ProjectAnswer } from './detail-reads';
import { projectLeaves } from './project-leaves';
import { projectSnapshots, type SnapshotMeta } from './project-snapshot';
import type { ReadAheadProgress } from './read-ahead';

export type { ProjectAnswer } from './detail-reads';

export interface ProjectCollection {
  projects: NormalisedProject[];
  /** When the provider answered; survives restarts with the snapshot. */
  fetchedAt: string;
  /** Changes whenever the collection object changes, so consumers can key derived indexes on it. */
  version: number;
  source: 'provider' | 'snapshot';
  /** Its records carry each project's detail already (the sample dataset): nothing is read or pending. */
  detailsListed: boolean;
}

const COLLECTION_KEY = 'extsource:projects';
const DEVELOPERS_KEY = 'extsource:developers';

const RETRY_AFTER_FAILURE_MS = 60_000;
/** How often the hot path looks again whether the same collection is stale or due its read-ahead. */
const HOT_LOOK_MS = 1_000;
/** How soon an instance that found another one refreshing looks again. */
const RECHECK_MS = 5_000;
/** How long a read with nothing to serve waits for another instance's fetch. */
const FILL_WAIT_MS = 60_000;
const FILL_POLL_MS = 250;

/**
 * What the app derives from a new collection, built before the collection is served: the returned
 * commit puts it in place, in the same turn as the collection.
 */
export type CollectionPreparer = (collection: ProjectCollection) => Promise<() => void>;

/** The app's slug of each developer (by id), unique and stable where the provider's may not be. */
export type DeveloperSlugs = (developers: readonly Developer[]) => Promise<ReadonlyMap<number, string>>;

const unavailable = () =>
  providerUnavailable('Off-plan projects are unavailable: the provider does not answer and no earlier data is stored');

let version = 0;

/** Each collection's projects by id, made once per collection. */
const byIdOf = new WeakMap<ProjectCollection, Map<string, NormalisedProject>>();
function listedProject(collection: ProjectCollection, id: string): NormalisedProject | undefined {
  let byId = byIdOf.get(collection);
  if (!byId) {
    byId = new Map(collection.projects.map((project) => [project.id, project]));
    byIdOf.set(collection, byId);
  }
  return byId.get(id);
}

/** When each collection was fetched (epoch ms), parsed once: every request served from memory asks whether it is stale. */
const fetchedAtOf = new WeakMap<ProjectCollection, number>();
function fetchedMs(collection: ProjectCollection): number {
  let at = fetchedAtOf.get(collection);
  if (at === undefined) fetchedAtOf.set(collection, (at = Date.parse(collection.fetchedAt)));
  return at;
}

const createProjectsService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** Set by `invalidate()`: until a fetch newer than this lands, reads go to the provider. */
  let forcedAfter: number | undefined;
  let refreshing: Promise<unknown> | undefined;
  let nextAttemptAt = 0;
  const details = detailReads(strapi);
  const snapshots = projectSnapshots(strapi);
  const leaves = projectLeaves(strapi);
  const preparers: CollectionPreparer[] = [];
  let developerSlugs: DeveloperSlugs | undefined;
  // The host provides its cache in its register phase, before any read: looked up once, at the first.
  let hostCache: ExtsourceHost['cache'] | undefined;
  const cache = () => (hostCache ??= hostOf(strapi).cache);
  const config = () => extsourceConfig(strapi);
  // The one setting read on every request served from memory: read alone, not with the whole configuration merged.
  const ttlMs = () => (strapi.config.get<number | undefined>('plugin::extsource.projectsTtlSeconds') ?? defaultConfig.projectsTtlSeconds) * 1000;
  const cacheOptions = { tags: [PROJECTS_TAG], lifetime: Infinity };
  const detailsListed = () => projectsDriver(strapi).listsDetails === true;

  function isFresh(meta: SnapshotMeta): boolean {
    const fetchedAt = meta.fetchedAt ? Date.parse(meta.fetchedAt) : NaN;
    return fetchedAt + ttlMs() > Date.now() && (forcedAfter === undefined || fetchedAt >= forcedAfter);
  }

  function failedRecently(meta: SnapshotMeta): boolean {
    const failedAt = meta.failedAt ? Date.parse(meta.failedAt) : NaN;
    return failedAt + RETRY_AFTER_FAILURE_MS > Date.now() && !(Date.parse(meta.fetchedAt ?? '') > failedAt);
  }

  async function readSnapshot(driver: string): Promise<ProjectCollection | undefined> {
    const saved = await snapshots.read(driver);
    if (!saved) return undefined;
    return { projects: saved.projects, fetchedAt: saved.fetchedAt, version: (version += 1), source: 'snapshot', detailsListed: detailsListed() };
  }

  async function fetchAndStore(driver: string): Promise<ProjectCollection> {
    const held = cache().peek<ProjectCollection>(COLLECTION_KEY)?.value.projects;
    const { records, rejected, warnings } = await projectsDriver(strapi).fetchProjects(undefined, held);
    for (const warning of warnings ?? []) strapi.log.warn(`extsource: projects refresh: ${warning}`);
    if (rejected.length) strapi.log.warn(`extsource: ${rejected.length} project(s) skipped: ${rejected.slice(0, 5).map((item) => `${item.reference} (${item.reason})`).join(', ')}`);
    const fetchedAt = new Date().toISOString();
    await snapshots.write(driver, records, fetchedAt);
    // The collection is good without it: a leave not recorded only leaves an editor's field without its date.
    await leaves.record(driver, records.map((project) => project.id), fetchedAt).catch((error: unknown) => strapi.log.warn(`extsource: recording the projects that left failed: ${errorMessage(error)}`));
    return { projects: records, fetchedAt, version: (version += 1), source: 'provider', detailsListed: detailsListed() };
  }

  /** What the preparers built for `collection`: the commits of those that succeeded (a failed one is built when asked for). */
  async function prepare(collection: ProjectCollection): Promise<Array<() => void>> {
    const commits: Array<() => void> = [];
    for (const preparer of preparers) {
      try {
        commits.push(await preparer(collection));
      } catch (error) {
        strapi.log.warn(`extsource: preparing the new project collection failed, built on demand: ${errorMessage(error)}`);
      }
    }
    return commits;
  }

  /**
   * Makes `collection` this instance's, dropping what was derived from the old one (everywhere, when it
   * is new). The drop here, the collection and what was prepared from it land in one turn: no visitor
   * finds the collection without its indexes.
   */
  async function adopt(collection: ProjectCollection, tellOthers: boolean): Promise<ProjectCollection> {
    const commits = await prepare(collection);
    const told = tellOthers ? cache().invalidateEverywhere([PROJECTS_TAG]) : cache().invalidateHere([PROJECTS_TAG]);
    cache().set(COLLECTION_KEY, collection, cacheOptions);
    for (const commit of commits) commit();
    await told;
    return collection;
  }

  /** Holding the fill lease: takes another instance's fresh snapshot, or fetches (unless a fetch just failed). */
  async function refreshHolding(driver: string): Promise<ProjectCollection> {
    const meta = await snapshots.meta(driver);
    if (isFresh(meta)) {
      const snapshot = await readSnapshot(driver);
      if (snapshot) return adopt(snapshot, false);
    }
    const fallback = async () => cache().peek<ProjectCollection>(COLLECTION_KEY)?.value ?? (await readSnapshot(driver));
    if (forcedAfter === undefined && failedRecently(meta)) {
      const last = await fallback();
      if (last) return last;
    }
    try {
      const collection = await fetchAndStore(driver);
      forcedAfter = undefined;
      return await adopt(collection, true);
    } catch (error) {
      strapi.log.warn(`extsource: projects refresh failed, serving the last good collection: ${errorMessage(error)}`);
      await snapshots.recordFailure(driver, meta);
      nextAttemptAt = Date.now() + RETRY_AFTER_FAILURE_MS;
      const last = await fallback();
      if (!last) throw unavailable();
      return last;
    }
  }

  /**
   * One refresh across instances: under the fill lease, or (when `wait`) after the instance holding it
   * is done. Undefined when another instance is refreshing and we do not wait.
   */
  async function refresh(wait: boolean): Promise<ProjectCollection | undefined> {
    const driver = config().projectsDriver;
    const giveUpAt = Date.now() + FILL_WAIT_MS;
    for (;;) {
      const lease = await hostOf(strapi).leases.tryAcquire(`extsource:projects-fill:${driver}`);
      if (lease) {
        try {
          return await refreshHolding(driver);
        } finally {
          await lease.release();
        }
      }
      if (!wait) return undefined;
      if (Date.now() > giveUpAt) return readSnapshot(driver);
      await sleep(FILL_POLL_MS);
      if (isFresh(await snapshots.meta(driver))) {
        const snapshot = await readSnapshot(driver);
        if (snapshot) return adopt(snapshot, false);
      }
    }
  }

  /** A cache miss: the snapshot when there is one (and no forced fetch), else a refresh the caller waits for. */
  async function load(): Promise<ProjectCollection> {
    if (forcedAfter === undefined) {
      const snapshot = await readSnapshot(config().projectsDriver);
      if (snapshot) return snapshot;
    }
    const collection = await refresh(true);
    if (!collection) throw unavailable();
    return collection;
  }

  /** A stale collection starts one background refresh (at most one at a time, and not too often). */
  function refreshIfStale(collection: ProjectCollection): void {
    const stale = forcedAfter !== undefined || fetchedMs(collection) + ttlMs() <= Date.now();
    if (!stale || refreshing || Date.now() < nextAttemptAt) return;
    nextAttemptAt = Date.now() + RECHECK_MS;
    refreshing = refresh(false)
      .catch((error: unknown) => strapi.log.warn(`extsource: background projects refresh failed: ${errorMessage(error)}`))
      .finally(() => {
        refreshing = undefined;
      });
  }

  /**
   * What `project(id)` answers from `collection`: the detail held, else the card (pending); null when
   * not listed; undefined when this instance has not loaded the project's held detail yet.
   */
  function heldProject(collection: ProjectCollection, id: string, loaded?: HeldDetail): ProjectAnswer | null | undefined {
    const listed = listedProject(collection, id);
    if (!listed) return null;
    return collection.detailsListed ? { project: listed, pending: false } : details.answer(listed, loaded);
  }

  function readAheadOf(collection: ProjectCollection): void {
    if (!collection.detailsListed) details.readAheadOf(collection);
  }

  /**
   * The hot path's look: both checks read the configuration (a few µs, a tenth of an answer from
   * memory), so a collection already looked at is looked at again a second later at the soonest.
   */
  let looked: { collection?: ProjectCollection; until: number } = { until: 0 };
  function lookNowAndThen(collection: ProjectCollection): void {
    const now = Date.now();
    if (collection === looked.collection && now < looked.until) return;
    looked = { collection, until: now + HOT_LOOK_MS };
    refreshIfStale(collection);
    readAheadOf(collection);
  }

  return {
    /** Adds what the app derives from each new collection, built before the collection is served. */
    prepareWith(preparer: CollectionPreparer): void {
      preparers.push(preparer);
    },

    /**
     * Fresh: from memory. Stale: from memory, with one refresh in the background. Nothing in memory
     * (a restart, or another instance refreshed): the persisted snapshot, refreshed in the background
     * once it is older than the TTL; with no snapshot either, the first read waits for the provider.
     */
    async collection(): Promise<ProjectCollection> {
      const collection = (await cache().get(COLLECTION_KEY, load, cacheOptions)).value;
      refreshIfStale(collection);
      readAheadOf(collection);
      return collection;
    },

    /** The collection in memory, synchronously, for hot paths: undefined when nothing is loaded yet. */
    peek(): ProjectCollection | undefined {
      const collection = cache().peek<ProjectCollection>(COLLECTION_KEY)?.value;
      if (collection) lookNowAndThen(collection);
      return collection;
    },

    /** Names the developers the app's way (`developers()`): their slugs unique and stable. */
    slugDevelopersWith(slugs: DeveloperSlugs): void {
      developerSlugs = slugs;
    },

    /** How long the developers are cached: what is built from them (the filters answer) lives as long. */
    developersTtlSeconds(): number {
      return config().developersTtlSeconds;
    },

    /** AED per unit of each other currency: the rates the projects' prices were converted with (CURRENCY_RATES). */
    currencyRates(): Record<string, number> {
      return config().currencyRates;
    },

    /** The next read fetches from the provider (and waits for it); the snapshot stays the fallback. */
    invalidate(): void {
      forcedAfter = Date.now();
      nextAttemptAt = 0;
      looked = { until: 0 };
      cache().invalidateHere([PROJECTS_TAG]);
    },

    /**
     * A listed project at once: with the detail held, else the collection's card (pending); null for an
     * id the collection does not list. Starts a background read of the detail when one is due.
     */
    async project(id: string): Promise<ProjectAnswer | null> {
      const collection = await this.collection();
      const loaded = listedProject(collection, id) && !collection.detailsListed ? await details.load(id) : undefined;
      return heldProject(collection, id, loaded) ?? null;
    },

    /** The same from memory alone, for hot paths: undefined when the collection or the project's detail is not loaded here yet. */
    peekProject(id: string): ProjectAnswer | null | undefined {
      const collection = this.peek();
      return collection && heldProject(collection, id);
    },

    /** Reads the project's detail now, as a due `project()` does in the background; resolves once it is held (never rejects). */
    async refreshDetail(id: string): Promise<void> {
      await details.read(id).catch((error: unknown) => strapi.log.warn(`extsource: project ${id} detail unavailable: ${errorMessage(error)}`));
    },

    /** When project `id` left the collection (ISO), or null when it is listed or its leave is not known. */
    async leftAt(id: string): Promise<string | null> {
      return leaves.leftAt(config().projectsDriver, id);
    },

    /** When each project's detail last changed, as the provider sent it (epoch milliseconds, by id; none for a detail never read). */
    async detailsChangedAt(): Promise<Map<string, number>> {
      return details.changedAt();
    },

    /** The read-ahead under way on this instance, if any, and the detail reads under way here, until kept (tests, the benchmark). */
    async readAheadSettled(): Promise<void> {
      await details.settled();
    },

    /** The last read-ahead's progress (whichever instance ran it), or null before the first. */
    async readAheadProgress(): Promise<ReadAheadProgress | null> {
      return details.progress();
    },

    /** Stops the read-ahead between two reads (the app is shutting down). */
    stop(): void {
      details.stop();
    },

    /** The developers in memory, synchronously (for a write that must not wait on a load): undefined when not loaded. */
    peekDevelopers(): Developer[] | undefined {
      return cache().peek<Developer[]>(DEVELOPERS_KEY)?.value;
    },

    /** Developers, cached for `developersTtlSeconds`; from the provider, else derived from the collection; slugged the app's way. */
    async developers(): Promise<Developer[]> {
      const fetchList = async () => {
        try {
          return await projectsDriver(strapi).fetchDevelopers();
        } catch {
          const byId = new Map((await this.collection()).projects.map((project) => [project.developer.id, project.developer]));
          return [...byId.values()];
        }
      };
      const slugged = async () => {
        const developers = await fetchList();
        const slugs = await developerSlugs?.(developers);
        return slugs ? developers.map((developer) => ({ ...developer, slug: slugs.get(developer.id) ?? developer.slug })) : developers;
      };
      return (await cache().get(DEVELOPERS_KEY, slugged, { tags: [PROJECTS_TAG], lifetime: config().developersTtlSeconds })).value;
    },
  };
};

export default createProjectsService;
export type ProjectsService = ReturnType<typeof createProjectsService>;
