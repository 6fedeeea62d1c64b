/**
 * A catalogue's index is built in steps (a generator): between two steps its caller may give the event
 * loop a turn (decision 93). A step is one sort, or this many items of a pass over them (or owners whose
 * slugs are planned).
 */
export const STEP = 100;
export type Steps<T> = Generator<void, T, void>;

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
