/**
 * Long work in short turns (decision 93). The app answers visitors on the same event loop that runs a
 * sync, a read-ahead or an index build; work that never waits for I/O (a loop of mapping or hashing,
 * or a chain of SQLite queries, whose better-sqlite3 promises resolve at once) would hold the loop
 * until it ends. A slicer lets such work go on for a few milliseconds, then gives the loop a turn
 * (setImmediate: after the sockets that are ready), so a request waits for one slice at most.
 */
import { setImmediate as nextTurn } from 'timers/promises';

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

/** Runs work written as steps (a generator yielding between them) to its end, a slice at a time. */
export async function inSlices<T>(steps: Generator<unknown, T, void>, pause: Pause = slicer()): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}
