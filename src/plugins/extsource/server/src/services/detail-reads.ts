/**
 * Project details as this instance holds them (decisions 40, 66): each project's detail read from the
 * provider, kept in the database (detail-rows.ts) and in memory per project once asked for; the
 * reads a visitor's ask starts; the read-ahead of every listed detail, under a lease, paced by
 * read-ahead.ts. The details read are written a batch at a time (decision 139); a detail that changed
 * is announced under its own tag (`projectTag`), a batch's tags at once, which every instance drops and
 * the CDN purges.
 */
import type { Core } from '@strapi/strapi';
import { batched } from '../batches';
import { detailSettings, extsourceConfig } from '../config';
import { loopRoom } from '../slices';
import { projectsDriver } from '../drivers';
import { errorMessage } from '../errors';
import { hostOf, projectTag, PROJECTS_TAG } from '../host';
import type { Developer, NormalisedProject } from '../mapping/types';
import { detailRows, type SaveOutcome } from './detail-rows';
import { readAhead, type DetailRead, type ReadAheadProgress, type ReadOutcome } from './read-ahead';

/** What the provider's detail endpoint last said about a project, as this instance holds it. */
export interface HeldDetail {
  /** The project with its detail; null when the provider did not know it, or no read succeeded yet. */
  project: NormalisedProject | null;
  /** Whether the last read succeeded (a failure keeps the detail read before, if any). */
  ok: boolean;
  /** When the read ended, epoch milliseconds; 0: never read. */
  at: number;
}

/** A listed project as answered: with its detail, or the card while the detail is not held (`pending`). */
export interface ProjectAnswer {
  project: NormalisedProject;
  pending: boolean;
}

/** What the read-ahead needs of a collection: which one it is, and its projects' ids. */
interface Listed {
  version: number;
  projects: ReadonlyArray<{ id: string }>;
}

/** A detail read, to be kept in the rows of the driver it was read with. */
interface Kept {
  id: string;
  project: NormalisedProject | null;
  driver: string;
}

/** Details written together: a transaction and an announcement per batch, a lone read kept within a tenth of a second. */
const WRITE_BATCH = { size: 25, waitMs: 100 };

const NEVER_READ: HeldDetail = { project: null, ok: false, at: 0 };
const detailKey = (id: string) => `extsource:project:${id}`;
/** Each listed project's detail key, made once: a visitor's ask peeks at it, and a key made per ask is looked up in V8's string table at every use. */
const heldKeys = new WeakMap<NormalisedProject, string>();
function heldKey(listed: NormalisedProject): string {
  let key = heldKeys.get(listed);
  if (key === undefined) heldKeys.set(listed, (key = detailKey(listed.id)));
  return key;
}
/** The read-ahead's last progress, and when its last complete sweep of every listed project began. */
const readAheadKey = (driver: string) => `details-read-ahead:${driver}`;
const sweepKey = (driver: string) => `details-sweep:${driver}`;

const sameDeveloper = (one: Developer, other: Developer) =>
  one.id === other.id && one.name === other.name && one.slug === other.slug && one.logo === other.logo;

/** Each detail as answered beside the listed project it was last answered with. */
const answeredWith = new WeakMap<NormalisedProject, { listed: NormalisedProject; project: NormalisedProject }>();

/**
 * The held detail with the developer of the collection that lists it (decision 128): the collection's is
 * completed from the developer feed read with it, while a detail keeps the one of its own read, older,
 * and without its id when the feed was away then. One object per detail and listing, for the answers kept by it.
 */
function withListedDeveloper(detail: NormalisedProject, listed: NormalisedProject): NormalisedProject {
  if (sameDeveloper(detail.developer, listed.developer)) return detail;
  const kept = answeredWith.get(detail);
  if (kept?.listed === listed) return kept.project;
  const project = { ...detail, developer: listed.developer };
  answeredWith.set(detail, { listed, project });
  return project;
}

export function detailReads(strapi: Core.Strapi) {
  /** Detail reads under way, by project id (one at a time per id). */
  const detailReads = new Map<string, DetailRead>();
  let readingAhead: Promise<unknown> | undefined;
  /** The collection this instance last started a read-ahead for. */
  let readAheadVersion = -1;
  let stopped = false;

  const store = () => strapi.store({ type: 'plugin', name: 'extsource' });
  const cache = () => hostOf(strapi).cache;
  const config = () => extsourceConfig(strapi);
  const detailOptions = (id: string) => ({ tags: [PROJECTS_TAG, projectTag(id)], lifetime: Infinity });
  const details = () => detailRows(strapi, config().projectsDriver);
  const readsAhead = () => config().detailRate > 0;

  /**
   * Whether a visitor's ask should read the detail: none held yet, or the last read failed or found
   * nothing, after `projectRetrySeconds`; a held one only with the read-ahead off, once it is old.
   */
  function detailDue(held: HeldDetail): boolean {
    if (held.at === 0) return true;
    const { detailRate, detailTtlSeconds, projectRetrySeconds } = detailSettings(strapi);
    const found = held.ok && held.project;
    if (found && detailRate > 0) return false;
    return Date.now() - held.at >= (found ? detailTtlSeconds : projectRetrySeconds) * 1000;
  }

  /** The detail held for `id` on this instance, read from the database the first time it is asked for. */
  async function loadHeld(id: string): Promise<HeldDetail> {
    const load = async (): Promise<HeldDetail> => {
      const stored = await details().find(id);
      return stored ? { project: stored.project, ok: true, at: stored.readAt } : NEVER_READ;
    };
    return (await cache().get(detailKey(id), load, detailOptions(id))).value;
  }

  /**
   * Keeps what the provider said about a batch of projects, and tells every instance and the CDN which
   * of them changed, in one announcement. This instance's memory holds a detail only if it held the
   * project before (someone asked): a read-ahead of every project leaves the rest in the database.
   */
  async function keepBatch(kept: Kept[]): Promise<SaveOutcome[]> {
    const outcomes: SaveOutcome[] = new Array(kept.length);
    for (const driver of new Set(kept.map((one) => one.driver))) {
      const ofDriver = kept.flatMap((one, index) => (one.driver === driver ? [index] : []));
      const saved = await detailRows(strapi, driver).saveMany(ofDriver.map((index) => kept[index]));
      ofDriver.forEach((index, at) => (outcomes[index] = saved[at]));
    }
    const changed = kept.filter((_, index) => outcomes[index] !== 'unchanged').map(({ id }) => projectTag(id));
    if (changed.length) await cache().invalidateEverywhere(changed);
    for (const { id, project } of kept) {
      if (cache().peek<HeldDetail>(detailKey(id)) !== undefined) cache().set<HeldDetail>(detailKey(id), { project, ok: true, at: Date.now() }, detailOptions(id));
    }
    return outcomes;
  }

  /** Keeps what the provider said about `id`, with the other details read about the same time (decision 139). */
  const keep = batched(keepBatch, WRITE_BATCH);

  /**
   * Reads one project's detail from the provider, once per id at a time, without retries: `fetched`
   * settles once the provider answered, `outcome` once what it said is kept.
   */
  function startRead(id: string): DetailRead {
    const running = detailReads.get(id);
    if (running) return running;
    const driver = config().projectsDriver;
    const fetched = projectsDriver(strapi, { retries: 0 }).fetchProject(id, async () => (await details().find(id))?.project);
    const outcome = (async (): Promise<ReadOutcome> => {
      try {
        const project = await fetched;
        const kept = await keep({ id, project, driver });
        return project ? kept : 'not_found';
      } catch (error) {
        const before = await loadHeld(id).catch(() => NEVER_READ);
        cache().set<HeldDetail>(detailKey(id), { project: before.project, ok: false, at: Date.now() }, detailOptions(id));
        throw error;
      }
    })().finally(() => detailReads.delete(id));
    const read = { fetched, outcome };
    detailReads.set(id, read);
    return read;
  }

  /** Reads one detail now: its outcome once kept (rejects when the provider failed). */
  const readDetail = (id: string): Promise<ReadOutcome> => startRead(id).outcome;

  /** A visitor's read in the background: a failure is logged, and the card served meanwhile. */
  function readDetailForVisitor(id: string): void {
    readDetail(id).catch((error: unknown) => strapi.log.warn(`extsource: project ${id} detail unavailable, serving what is held: ${errorMessage(error)}`));
  }

  /** What a project answers: the detail held (with the listed developer), else the listed card (pending); undefined while not loaded here. */
  function answer(listed: NormalisedProject, loaded?: HeldDetail): ProjectAnswer | undefined {
    const held = cache().peek<HeldDetail>(heldKey(listed))?.value ?? loaded;
    if (!held) return undefined;
    if (detailDue(held)) readDetailForVisitor(listed.id);
    return held.project ? { project: withListedDeveloper(held.project, listed), pending: false } : { project: listed, pending: true };
  }

  /** The ids of `collection` whose detail the read-ahead reads now: all of them once a sweep is due, else those never read. */
  async function dueDetails(collection: Listed, driver: string): Promise<string[]> {
    const lastSweep = ((await store().get({ key: sweepKey(driver) })) as { started_at?: string } | null)?.started_at;
    const sweepDue = !(Date.parse(lastSweep ?? '') + config().detailTtlSeconds * 1000 > Date.now());
    const stored = await details().storedIds();
    const ids = collection.projects.map((project) => project.id);
    const unread = ids.filter((id) => !stored.has(id));
    return sweepDue ? [...unread, ...ids.filter((id) => stored.has(id))] : unread;
  }

  /** One read-ahead of `collection`'s details, by whichever instance holds its lease. */
  async function runReadAhead(collection: Listed): Promise<void> {
    const driver = config().projectsDriver;
    const lease = await hostOf(strapi).leases.tryAcquire(`extsource:details:${driver}`);
    if (!lease) return;
    try {
      const due = await dueDetails(collection, driver);
      if (due.length === 0) return;
      const sweep = due.length === collection.projects.length;
      const { detailRate, detailConcurrency } = config();
      const progress = await readAhead({
        listed: collection.projects.length,
        due,
        read: startRead,
        rate: detailRate,
        requestsPerRead: projectsDriver(strapi).requestsPerDetail ?? 1,
        concurrency: detailConcurrency,
        keptAhead: WRITE_BATCH.size,
        room: loopRoom(),
        // Switching drivers ends it: what it reads would be stored under the other one.
        mayGoOn: () => lease.held() && !stopped && config().projectsDriver === driver,
        report: (done) => store().set({ key: readAheadKey(driver), value: done }),
      });
      if (sweep && progress.state === 'done') await store().set({ key: sweepKey(driver), value: { started_at: progress.started_at } });
      strapi.log.info(`extsource: read ahead ${progress.read} of ${progress.due} project details (${progress.changed} stored, ${progress.unchanged} unchanged, ${progress.not_found} unknown, ${progress.failed} failed)`);
    } finally {
      await lease.release();
    }
  }

  /** Starts the read-ahead once per collection on this instance, in the background. */
  function readAheadOf(collection: Listed): void {
    if (collection.version === readAheadVersion || readingAhead || !readsAhead()) return;
    readAheadVersion = collection.version;
    readingAhead = runReadAhead(collection)
      .catch((error: unknown) => strapi.log.warn(`extsource: project details read-ahead failed: ${errorMessage(error)}`))
      .finally(() => {
        readingAhead = undefined;
      });
  }

  return {
    /** The detail held for `id`, loaded from the database the first time (see `answer`). */
    load: loadHeld,
    answer,
    /** When each held detail last changed, by project id (epoch milliseconds). */
    changedAt: () => details().changedAt(),
    /** Reads one detail now (rejects when the provider failed). */
    read: readDetail,
    /** Starts the read-ahead for `collection` once per collection on this instance, in the background. */
    readAheadOf,
    /** The read-ahead under way on this instance, if any, and every detail read under way here, each until kept. */
    async settled(): Promise<void> {
      await readingAhead;
      await Promise.allSettled([...detailReads.values()].map(({ outcome }) => outcome));
    },
    /** The last read-ahead's progress (whichever instance ran it), or null before the first. */
    async progress(): Promise<ReadAheadProgress | null> {
      return ((await store().get({ key: readAheadKey(config().projectsDriver) })) as ReadAheadProgress | null) ?? null;
    },
    /** Stops the read-ahead between two reads. */
    stop(): void {
      stopped = true;
    },
  };
}
