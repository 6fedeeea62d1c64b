import type { Elsewhere } from '../../plugins/extsource/server/src/public';

/**
 * A catalogue's index is built in steps (a generator): between two steps its caller may give the event
 * loop a turn (decision 93). A step is this many items of a pass over them (or owners whose slugs are
 * planned), or SORT_RUN items of a sort.
 */
export const STEP = 100;
/**
 * Items a sort orders in one step: a run sorted at once, then as many merged. A sort of 12,000 items
 * at once held the loop for 10 to 25 ms (decision 173).
 */
export const SORT_RUN = 1000;
/** Work a step may start in another thread: the slicer's (decision 237). */
export type { Elsewhere };
export type Steps<T> = Generator<void | Elsewhere, T, void>;

/** `fn` of each item, a step every STEP items. */
export function* mapInSteps<T, R>(items: readonly T[], fn: (item: T, index: number) => R): Steps<R[]> {
  const results = new Array<R>(items.length);
  for (let index = 0; index < items.length; index += 1) {
    results[index] = fn(items[index], index);
    if (index % STEP === STEP - 1) yield;
  }
  return results;
}

/** Runs every step at once: the result, synchronously. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `positions` in the order `compare` gives them, in steps (decision 173): runs of SORT_RUN sorted at
 * once, then merged pairwise, a step every SORT_RUN items merged. Stable, as Array.prototype.sort.
 */
export function* sortInSteps(positions: ArrayLike<number>, compare: (a: number, b: number) => number): Steps<Int32Array> {
  const size = positions.length;
  let from = Int32Array.from(positions);
  for (let start = 0; start < size; start += SORT_RUN) {
    from.subarray(start, Math.min(start + SORT_RUN, size)).sort(compare);
    yield;
  }
  let to = new Int32Array(size);
  for (let width = SORT_RUN; width < size; width *= 2) {
    let merged = 0;
    for (let left = 0; left < size; left += 2 * width) {
      const middle = Math.min(left + width, size);
      const right = Math.min(left + 2 * width, size);
      let i = left;
      let j = middle;
      for (let k = left; k < right; k += 1) {
        // Ties go to the left run: what came first stays first.
        to[k] = j >= right || (i < middle && compare(from[i], from[j]) <= 0) ? from[i++] : from[j++];
        if (++merged % SORT_RUN === 0) yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
