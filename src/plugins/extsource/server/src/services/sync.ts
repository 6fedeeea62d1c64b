/**
 * Listings sync: for each listing type of the run, fetch the whole type from the listings driver (or,
 * with incremental sync on, the provider's recent changes), plan against what is stored, then write in
 * small batches, each batch in its own transaction, keyed by (provider, listing type, reference).
 * Nothing is written until the fetch is complete; nothing is deactivated unless every batch landed.
 * Each run is a sync-run record.
 *
 * It shares the event loop and SQLite's one writer with visitors (decision 93): hashing, reading and
 * writing go in slices (slices.ts), and a batch is small enough that a lead's insert waits for one
 * batch, not for the run.
 *
 * Across instances and the CLI: the listing types of a run are leased (services/lock.ts), and the run
 * record carries its owner, a heartbeat and its progress, so any instance can show a run and tell a
 * live run from one whose process stopped.
 */
import type { Core } from '@strapi/strapi';
import { newDocumentIds } from '../document-ids';
import { listingsDriver } from '../drivers';
import { errorMessage, syncInProgress } from '../errors';
import { hostOf, LISTING_PAGES_TAG, listingTag, LISTINGS_TAG, MAX_LISTING_TAGS } from '../host';
import { ChangesUnavailableError, type ListingsDriver } from '../drivers/types';
import type { ListingType, NormalisedListing } from '../mapping/types';
import { eachSliced, slicer, type Pause } from '../slices';
import { sharedSyncLock, type SyncLock, type SyncLockHold } from './lock';
import { contentHash, planChanges, planSync, rowStatus, sinceVersion, skippedWarning, syncMode, type ExistingRow, type HashedListing, type SyncMarks, type SyncPlan } from './sync-plan';

export const PROPERTY_UID = 'plugin::extsource.property';
export const RUN_UID = 'plugin::extsource.sync-run';
/**
 * Rows per write transaction, and between two turns of the event loop: Strapi's query engine takes
 * about half a millisecond a row, and a lead's insert waits for one batch (SQLite has one writer),
 * while a commit costs a fraction of a millisecond.
 */
const BATCH_SIZE = 10;
/** Rows per read of what is stored: one read is one turn of the loop. */
const READ_PAGE = 500;
/** A running run's record is updated (heartbeat and progress) this often... */
const HEARTBEAT_MS = 1_000;
/** ...and a run whose record was not updated for this long belongs to a process that stopped. */
export const STALE_RUN_MS = 30_000;

export type RunType = 'all' | 'sales' | 'rentals';
export type RunStatus = 'running' | 'succeeded' | 'partial' | 'failed';
export type Trigger = 'api' | 'admin' | 'cron' | 'cli' | 'seed';

export const RUN_TYPES: Record<RunType, ListingType[]> = { all: ['sale', 'rent'], sales: ['sale'], rentals: ['rent'] };

export interface Counts {
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  failed: number;
}

export interface SyncRun extends Counts {
  run_id: number;
  type: RunType;
  status: RunStatus;
  trigger: string;
  provider: string;
  duration_ms: number | null;
  started_at: string;
  finished_at: string | null;
  warnings: string[];
  error: string | null;
}

export interface RunProgress {
  run_id: number;
  type: RunType;
  phase: 'fetching' | 'writing' | 'deactivating';
  listing_type: ListingType;
  fetched: number;
  written: number;
  to_write: number;
}

interface RunRow extends Counts {
  id: number;
  progress?: RunProgress | null;
  run_type: RunType;
  status: RunStatus;
  trigger: string | null;
  provider: string | null;
  duration_ms: number | null;
  started_at: string | Date;
  finished_at: string | Date | null;
  warnings: string[] | null;
  error: string | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export function runFromRow(row: RunRow): SyncRun {
  return {
    run_id: row.id,
    type: row.run_type,
    status: row.status,
    trigger: row.trigger ?? '',
    provider: row.provider ?? '',
    fetched: row.fetched ?? 0,
    created: row.created ?? 0,
    updated: row.updated ?? 0,
    unchanged: row.unchanged ?? 0,
    deactivated: row.deactivated ?? 0,
    failed: row.failed ?? 0,
    duration_ms: row.duration_ms,
    started_at: iso(row.started_at)!,
    finished_at: iso(row.finished_at),
    warnings: row.warnings ?? [],
    error: row.error,
  };
}

const listingTypeNames = (types: ListingType[]) => types.map((key) => (key === 'sale' ? 'sales' : 'rentals')).join(' and ');

const createSyncService = ({ strapi }: { strapi: Core.Strapi }) => {
  const lock: SyncLock = sharedSyncLock(hostOf(strapi).leases);
  /** Progress of the runs of this process, written to their records by the heartbeat. */
  const progress = new Map<number, RunProgress>();
  const properties = () => strapi.db.query(PROPERTY_UID);

  const marksKey = (provider: string, listingType: ListingType) => `sync-marks:${provider}:${listingType}`;
  const store = () => strapi.store({ type: 'plugin', name: 'extsource' });

  /** The row's columns; a listing that stays inactive keeps the date it became so. */
  function fieldsOf({ listing, hash }: HashedListing, was: ExistingRow['status'] | undefined, now: Date) {
    // `available` is no column: it decides `status`.
    const { available, ...columns } = listing;
    const status = rowStatus(listing);
    const deactivation = status === 'active' ? { deactivated_at: null } : was === 'inactive' ? {} : { deactivated_at: now };
    return { ...columns, content_hash: hash, status, ...deactivation };
  }

  async function writeBatches(provider: string, plan: SyncPlan, onWritten: (count: number) => void, pause: Pause) {
    const now = new Date();
    for (let start = 0; start < plan.creates.length; start += BATCH_SIZE) {
      const batch = plan.creates.slice(start, start + BATCH_SIZE);
      const documentIds = newDocumentIds(batch.length);
      await strapi.db.transaction(async () => {
        await properties().createMany({ data: batch.map((item, index) => ({ ...fieldsOf(item, undefined, now), provider, documentId: documentIds[index] })) });
      });
      onWritten(batch.length);
      await pause();
    }
    for (let start = 0; start < plan.updates.length; start += BATCH_SIZE) {
      const batch = plan.updates.slice(start, start + BATCH_SIZE);
      await strapi.db.transaction(async () => {
        for (const item of batch) await properties().update({ where: { id: item.id }, data: fieldsOf(item, item.was, now) });
      });
      onWritten(batch.length);
      await pause();
    }
  }

  async function deactivate(ids: number[], pause: Pause) {
    const now = new Date();
    for (let start = 0; start < ids.length; start += BATCH_SIZE) {
      await properties().updateMany({ where: { id: { $in: ids.slice(start, start + BATCH_SIZE) } }, data: { status: 'inactive', deactivated_at: now } });
      await pause();
    }
  }

  /** The stored rows of a provider's listing type, read a page at a time. */
  async function storedRows(provider: string, listingType: ListingType, pause: Pause): Promise<ExistingRow[]> {
    const rows: ExistingRow[] = [];
    for (let offset = 0; ; offset += READ_PAGE) {
      const page = (await properties().findMany({
        select: ['id', 'reference', 'content_hash', 'status'],
        where: { provider, listing_type: listingType },
        orderBy: { id: 'asc' },
        offset,
        limit: READ_PAGE,
      })) as ExistingRow[];
      rows.push(...page);
      await pause();
      if (page.length < READ_PAGE) return rows;
    }
  }

  /** Each listing's content hash, computed in slices, for the plan to look up. */
  async function hashesOf(listings: NormalisedListing[], pause: Pause): Promise<(listing: NormalisedListing) => string> {
    const hashes = new Map<NormalisedListing, string>();
    await eachSliced(listings, (listing) => hashes.set(listing, contentHash(listing)), pause);
    return (listing) => hashes.get(listing)!;
  }

  /**
   * The provider's recent changes when incremental sync applies (see syncMode), else the whole type.
   * Credentials that may not call the change list fall back to the full fetch, with a warning.
   */
  async function fetchType(driver: ListingsDriver, listingType: ListingType, mode: 'full' | 'incremental', since: string | undefined, state: RunProgress, warnings: string[]) {
    const onProgress = (fetched: number) => (state.fetched = fetched);
    if (mode === 'incremental' && driver.changes) {
      try {
        return { mode, ...(await driver.changes.fetch(listingType, onProgress)) };
      } catch (error) {
        if (!(error instanceof ChangesUnavailableError)) throw error;
        warnings.push(`${listingType}: ${error.message}: a full sync was run instead`);
      }
    }
    return { mode: 'full' as const, deleted: [] as string[], ...(await driver.fetchListings(listingType, onProgress, since)) };
  }

  async function syncType(runId: number, type: RunType, listingType: ListingType, driver: ListingsDriver, scheduled: boolean, counts: Counts, warnings: string[], changed: Set<string>) {
    const state: RunProgress = { run_id: runId, type, phase: 'fetching', listing_type: listingType, fetched: 0, written: 0, to_write: 0 };
    progress.set(runId, state);

    const fetchStartedAt = new Date();
    const marks = (await store().get({ key: marksKey(driver.name, listingType) })) as SyncMarks | null;
    const fetched = await fetchType(driver, listingType, syncMode(fetchStartedAt, marks, driver.changes?.policy), sinceVersion(fetchStartedAt, marks, scheduled), state, warnings);
    if (fetched.notModified) {
      // Still what the last full fetch read and wrote: every listing it keeps on the site is unchanged.
      counts.unchanged += await properties().count({ where: { provider: driver.name, listing_type: listingType, status: 'active' } });
      await store().set({ key: marksKey(driver.name, listingType), value: { ...marks!, last_success_at: fetchStartedAt.toISOString() } satisfies SyncMarks });
      return driver.name;
    }
    const { records, rejected, deleted } = fetched;
    counts.fetched += records.length + rejected.length + deleted.length;
    counts.failed += rejected.length;
    for (const item of rejected) warnings.push(skippedWarning(item, listingType));

    const pause = slicer();
    const existing = await storedRows(driver.name, listingType, pause);
    const hashOf = await hashesOf(records, pause);
    const plan = fetched.mode === 'full' ? planSync(records, existing, hashOf) : planChanges(records, deleted, existing, hashOf);
    warnings.push(...[...(fetched.warnings ?? []), ...plan.warnings].map((warning) => `${listingType}: ${warning}`));

    Object.assign(state, { phase: 'writing', fetched: records.length, to_write: plan.creates.length + plan.updates.length });
    await writeBatches(driver.name, plan, (count) => (state.written += count), pause);
    counts.created += plan.creates.length;
    counts.updated += plan.updates.length;
    counts.unchanged += plan.unchanged;

    for (const { listing } of [...plan.creates, ...plan.updates]) changed.add(listing.reference);
    const deactivated = new Set(plan.deactivateIds);
    for (const row of existing) if (deactivated.has(row.id)) changed.add(row.reference);
    state.phase = 'deactivating';
    await deactivate(plan.deactivateIds, pause);
    counts.deactivated += plan.deactivateIds.length;

    // The next incremental run picks up from the start of this fetch.
    const started = fetchStartedAt.toISOString();
    const lastFull = fetched.mode === 'full' ? started : marks?.last_full_at ?? started;
    const version = fetched.mode === 'full' ? fetched.version : marks?.version;
    await store().set({ key: marksKey(driver.name, listingType), value: { last_success_at: started, last_full_at: lastFull, ...(version ? { version } : {}) } satisfies SyncMarks });
    return driver.name;
  }

  async function execute(runId: number, type: RunType, trigger: Trigger, startedAt: Date, hold: SyncLockHold): Promise<SyncRun> {
    const counts: Counts = { fetched: 0, created: 0, updated: 0, unchanged: 0, deactivated: 0, failed: 0 };
    const warnings: string[] = [];
    const changed = new Set<string>();
    let provider = '';
    let error: string | null = null;
    let completedTypes = 0;
    // One driver for the run: a feed holding both listing types is read once.
    let driver: ListingsDriver | undefined;
    for (const listingType of RUN_TYPES[type]) {
      try {
        if (!hold.held()) throw new Error('lost the sync lock (this process stalled too long); another run may have started');
        driver ??= listingsDriver(strapi);
        provider = await syncType(runId, type, listingType, driver, trigger === 'cron', counts, warnings, changed);
        completedTypes += 1;
      } catch (thrown) {
        error = `${listingType}: ${errorMessage(thrown)}`;
        strapi.log.warn(`extsource: sync run ${runId} (${type}) failed: ${error}`);
        break;
      }
    }
    const status: RunStatus = error ? (completedTypes > 0 ? 'partial' : 'failed') : warnings.length > 0 ? 'partial' : 'succeeded';
    const finishedAt = new Date();
    const row = (await strapi.db.query(RUN_UID).update({
      where: { id: runId },
      data: { ...counts, status, provider, warnings, error, finished_at: finishedAt, duration_ms: finishedAt.getTime() - startedAt.getTime(), progress: null },
    })) as RunRow;
    hostOf(strapi).metrics?.syncRun({ type, status, seconds: (finishedAt.getTime() - startedAt.getTime()) / 1000, items: { ...counts } });
    if (changed.size > 0) await announceChangedListings(runId, changed);
    return runFromRow(row);
  }

  /**
   * What is built from the listings is dropped here and on every instance, with the answers of the
   * listings that changed (all listings' past MAX_LISTING_TAGS); a failure leaves it to its backstop lifetime.
   */
  async function announceChangedListings(runId: number, changed: ReadonlySet<string>): Promise<void> {
    const own = changed.size > MAX_LISTING_TAGS ? [LISTING_PAGES_TAG] : [...changed].map(listingTag);
    try {
      await hostOf(strapi).cache.invalidateEverywhere([LISTINGS_TAG, ...own]);
    } catch (thrown) {
      strapi.log.warn(`extsource: sync run ${runId} could not announce its changed listings: ${errorMessage(thrown)}`);
    }
  }

  /** Keeps the run's record alive and its progress current while it runs. */
  function startHeartbeat(runId: number): () => void {
    const timer = setInterval(() => {
      strapi.db
        .query(RUN_UID)
        .update({ where: { id: runId, status: 'running' }, data: { heartbeat_at: new Date(), progress: progress.get(runId) ?? null } })
        .catch((error: unknown) => strapi.log.warn(`extsource: heartbeat of sync run ${runId} failed: ${errorMessage(error)}`));
    }, HEARTBEAT_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Runs left "running" by a process that stopped heartbeating are marked failed (never a live one). */
  async function failStaleRuns(): Promise<void> {
    const cutoff = new Date(Date.now() - STALE_RUN_MS);
    await strapi.db.query(RUN_UID).updateMany({
      where: { status: 'running', $or: [{ heartbeat_at: { $lt: cutoff } }, { heartbeat_at: { $null: true } }] },
      data: { status: 'failed', error: 'interrupted: the process running it stopped', finished_at: new Date(), progress: null },
    });
  }

  return {
    /**
     * Starts a run of `type`. Resolves when the run is recorded as started, with a promise of its end;
     * throws 409 SYNC_IN_PROGRESS when an overlapping run holds the lock.
     */
    async start(type: RunType, trigger: Trigger): Promise<{ run: SyncRun; finished: Promise<SyncRun> }> {
      const lease = await lock.acquire(RUN_TYPES[type]);
      if (!lease.acquired) throw syncInProgress(`A sync of ${listingTypeNames(lease.busy)} is already running`);
      const { hold } = lease;
      try {
        await failStaleRuns();
        const startedAt = new Date();
        const row = (await strapi.db.query(RUN_UID).create({
          data: {
            run_type: type, status: 'running', trigger, started_at: startedAt, warnings: [], owner: hostOf(strapi).instanceId, heartbeat_at: startedAt,
          },
        })) as RunRow;
        const stopHeartbeat = startHeartbeat(row.id);
        const traced = hostOf(strapi).inSpan ?? ((_name, _attributes, work) => work());
        const finished = traced('extsource.sync', { 'sync.type': type, 'sync.trigger': trigger, 'sync.run_id': row.id }, () => execute(row.id, type, trigger, startedAt, hold)).finally(async () => {
          stopHeartbeat();
          progress.delete(row.id);
          await hold.release();
        });
        return { run: runFromRow(row), finished };
      } catch (error) {
        await hold.release();
        throw error;
      }
    },

    /** Runs `type` to its end. */
    async run(type: RunType, trigger: Trigger): Promise<SyncRun> {
      return (await this.start(type, trigger)).finished;
    },

    /** The progress of every live run, on any instance or the CLI (from the run records). */
    async running(): Promise<RunProgress[]> {
      const rows = (await strapi.db.query(RUN_UID).findMany({
        where: { status: 'running', heartbeat_at: { $gte: new Date(Date.now() - STALE_RUN_MS) } },
        orderBy: { id: 'asc' },
      })) as RunRow[];
      return rows.map((row) => row.progress ?? { run_id: row.id, type: row.run_type, phase: 'fetching', listing_type: RUN_TYPES[row.run_type][0], fetched: 0, written: 0, to_write: 0 });
    },

    async recentRuns(limit = 20): Promise<SyncRun[]> {
      const rows = (await strapi.db.query(RUN_UID).findMany({ orderBy: { id: 'desc' }, limit })) as RunRow[];
      return rows.map(runFromRow);
    },

    /** When the last successful run of each type finished, epoch milliseconds (for the host's metrics). */
    async lastSucceeded(): Promise<Array<{ type: RunType; finishedAt: number }>> {
      const rows = await Promise.all((Object.keys(RUN_TYPES) as RunType[]).map(async (type) => {
        const row = (await strapi.db.query(RUN_UID).findOne({ select: ['finished_at'], where: { run_type: type, status: 'succeeded' }, orderBy: { finished_at: 'desc' } })) as Pick<RunRow, 'finished_at'> | null;
        return row?.finished_at ? [{ type, finishedAt: new Date(row.finished_at).getTime() }] : [];
      }));
      return rows.flat();
    },

    failStaleRuns,
  };
};

export default createSyncService;
export type SyncService = ReturnType<typeof createSyncService>;
export const syncService = (strapi: Core.Strapi) => strapi.plugin('extsource').service('sync') as SyncService;
