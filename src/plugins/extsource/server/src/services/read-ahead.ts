/**
 * The read-ahead of project details (decision 66): reads the given ids' details with a bounded number
 * asking the provider at once, starting them no faster than a request rate, and reports progress as it
 * goes. A read whose provider answered frees its place while what it said is kept: details are written
 * a batch at a time (decision 139), and up to `keptAhead` reads may wait for their batch meanwhile.
 * A read starts only when the loop has room for it (decision 140): visitors first.
 * Plain code, no Strapi: the projects service hands it the reading, the pacing and the lease.
 */
import { setTimeout as sleep } from 'timers/promises';
import { errorMessage } from '../errors';

export interface ReadAheadProgress {
  state: 'running' | 'done' | 'stopped';
  started_at: string;
  finished_at: string | null;
  /** Projects the collection lists, and those whose detail was missing or older than its lifetime. */
  listed: number;
  due: number;
  /** Reads ended so far, and how: a detail stored (new or changed), the same again, unknown to the provider, failed. */
  read: number;
  changed: number;
  unchanged: number;
  not_found: number;
  failed: number;
  /** The first failures, with their reason. */
  failures: Array<{ id: string; reason: string }>;
  /** Provider requests per second and reads at once it ran with. */
  rate: number;
  concurrency: number;
}

export type ReadOutcome = 'created' | 'changed' | 'unchanged' | 'not_found';

/** One detail read: `fetched` settles once the provider answered, `outcome` once what it said is kept (or the read failed). */
export interface DetailRead {
  fetched: Promise<unknown>;
  outcome: Promise<ReadOutcome>;
}

export interface ReadAheadOptions {
  listed: number;
  due: string[];
  /** Starts reading one detail; its outcome rejects when the provider failed. */
  read(id: string): DetailRead;
  /** Provider requests per second, and how many one read makes. */
  rate: number;
  requestsPerRead: number;
  concurrency: number;
  /** Reads whose provider answered that may wait to be kept at once. */
  keptAhead: number;
  /** Resolves when the next read may start as far as the app's visitors go (slices.ts `loopRoom`). */
  room(): Promise<void>;
  /** False once the work must stop (the lease was lost, the service is stopping). */
  mayGoOn(): boolean;
  /** Called at most every `reportEveryMs` while running, and once at the end. */
  report(progress: ReadAheadProgress): Promise<void>;
  reportEveryMs?: number;
}

const KEPT_FAILURES = 20;

/** Starts of reads spaced evenly at `perSecond`, however many workers ask. */
export function pacer(perSecond: number): () => Promise<void> {
  const gapMs = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at > now) await sleep(at - now);
  };
}

export async function readAhead(options: ReadAheadOptions): Promise<ReadAheadProgress> {
  const progress: ReadAheadProgress = {
    state: 'running', started_at: new Date().toISOString(), finished_at: null, listed: options.listed, due: options.due.length,
    read: 0, changed: 0, unchanged: 0, not_found: 0, failed: 0, failures: [], rate: options.rate, concurrency: options.concurrency,
  };
  const pace = pacer(options.rate / Math.max(1, options.requestsPerRead));
  const queue = [...options.due];
  let reportedAt = Date.now();
  await options.report(progress);

  const tally = async (id: string, read: DetailRead) => {
    try {
      const outcome = await read.outcome;
      if (outcome === 'not_found') progress.not_found += 1;
      else if (outcome === 'unchanged') progress.unchanged += 1;
      else progress.changed += 1;
    } catch (error) {
      progress.failed += 1;
      if (progress.failures.length < KEPT_FAILURES) progress.failures.push({ id, reason: errorMessage(error) });
    }
    progress.read += 1;
    if (Date.now() - reportedAt >= (options.reportEveryMs ?? 2000)) {
      reportedAt = Date.now();
      await options.report(progress);
    }
  };

  const keeping = new Set<Promise<void>>();
  const readOne = async (id: string) => {
    const read = options.read(id);
    const counted = tally(id, read).finally(() => keeping.delete(counted));
    keeping.add(counted);
    await read.fetched.catch(() => undefined);
    while (keeping.size > options.keptAhead) await Promise.race(keeping);
  };

  const worker = async () => {
    for (let id = queue.shift(); id !== undefined && options.mayGoOn(); id = queue.shift()) {
      await pace();
      await options.room();
      if (!options.mayGoOn()) break;
      await readOne(id);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  await Promise.all(keeping);

  progress.state = progress.read === progress.due ? 'done' : 'stopped';
  progress.finished_at = new Date().toISOString();
  await options.report(progress);
  return progress;
}
