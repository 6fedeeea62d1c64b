/**
 * Long work in short turns (decision 93). The app answers visitors on the same event loop that runs a
 * sync, a read-ahead or an index build; work that never waits for I/O (a loop of mapping or hashing,
 * or a chain of SQLite queries, whose better-sqlite3 promises resolve at once) would hold the loop
 * until it ends. A slicer lets such work go on for a few milliseconds, then gives the loop a turn
 * (setImmediate: after the sockets that are ready), so a request waits for one slice at most.
 */
import { performance } from 'perf_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'timers/promises';

/** How long one slice may run before the loop gets a turn. */
export const SLICE_MS = 4;

/** Call `pause()` between two steps of long work: it yields once the slice is spent, else returns at once. */
export type Pause = () => Promise<void>;

export function slicer(sliceMs = SLICE_MS): Pause {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}

/** `fn` of each item in turn, giving the loop a turn whenever a slice is spent. */
export async function eachSliced<T>(items: Iterable<T>, fn: (item: T, index: number) => void, pause: Pause = slicer()): Promise<void> {
  let index = 0;
  for (const item of items) {
    fn(item, index);
    index += 1;
    await pause();
  }
}

/**
 * Work a step may start in another thread (the app's map clusters: decision 237): `inSlices` starts it
 * and goes on; a caller that runs steps at once (the app's `runSteps`) leaves it, and what it would have
 * made is made in place when first needed.
 */
export interface Elsewhere {
  elsewhere(): void;
}

const isElsewhere = (value: unknown): value is Elsewhere => typeof (value as Elsewhere | undefined)?.elsewhere === 'function';

/**
 * Runs work written as steps (a generator yielding between them) to its end, a slice at a time; work a
 * step yields for another thread is started there, and the steps go on.
 */
export async function inSlices<T>(steps: Generator<unknown, T, void>, pause: Pause = slicer()): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (isElsewhere(step.value)) step.value.elsewhere();
    await pause();
  }
}

/**
 * Every row a table gives, `pageSize` a query in the order of their ids (`readPage(after)`: the next
 * rows after id `after`), `keep` of each as its page arrives, `pause` between pages: a read of every row
 * at once held the loop for as long as the table was large (decisions 173, 185).
 */
export async function eachRowPaged<Row extends { id: number }>(
  readPage: (after: number) => Promise<Row[]>,
  pageSize: number,
  keep: (row: Row) => void,
  pause: Pause = slicer()
): Promise<void> {
  for (let after = 0; ; ) {
    const page = await readPage(after);
    for (const row of page) keep(row);
    if (page.length < pageSize) return;
    after = page[page.length - 1].id;
    await pause();
  }
}

/**
 * A gate for background work that visitors must not feel (decision 140): `room()` resolves at once
 * while the loop was busy less than `share` of the last `windowMs`, else once a window was, or after
 * `maxWaitMs` (so the work still moves on a loop kept busy by visitors alone). Work that starts a
 * unit after each `room()` takes what the loop's visitors leave, not a share of every turn.
 */
export function loopRoom({ share = 0.5, windowMs = 50, maxWaitMs = 1000 } = {}): () => Promise<void> {
  let mark = performance.eventLoopUtilization();
  let markedAt = performance.now();
  let open = true;
  const measure = () => {
    const now = performance.eventLoopUtilization();
    open = performance.eventLoopUtilization(now, mark).utilization < share;
    mark = now;
    markedAt = performance.now();
  };
  return async () => {
    const startedAt = performance.now();
    for (;;) {
      if (performance.now() - markedAt >= windowMs) measure();
      if (open || performance.now() - startedAt >= maxWaitMs) return;
      await sleep(windowMs);
    }
  };
}
