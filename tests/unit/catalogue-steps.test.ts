import { describe, expect, it } from 'vitest';
import { collatedRanks } from '../../src/lib/catalogue/ordering';
import { SORT_RUN, sortInSteps, type Steps } from '../../src/lib/catalogue/steps';

/** Runs `steps` to its end: its result and how many steps it took. */
function stepped<T>(steps: Steps<T>): { result: T; steps: number } {
  for (let count = 0; ; count += 1) {
    const step = steps.next();
    if (step.done) return { result: step.value, steps: count };
  }
}

/** A repeatable stream of numbers (a linear congruential generator), so a failure can be run again. */
function numbers(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('sortInSteps', () => {
  it('orders as Array.prototype.sort does, ties in their first order, at every size around its runs', () => {
    const next = numbers(7);
    for (const size of [0, 1, 2, SORT_RUN - 1, SORT_RUN, SORT_RUN + 1, 2 * SORT_RUN + 3, 12_345]) {
      // Few distinct keys: most comparisons are ties, which a stable sort keeps in position order.
      const keys = Array.from({ length: size }, () => Math.floor(next() * 50));
      const positions = Array.from({ length: size }, (_, index) => size - 1 - index);
      const byKey = (a: number, b: number) => keys[a] - keys[b];
      expect(Array.from(stepped(sortInSteps(positions, byKey)).result)).toEqual([...positions].sort(byKey));
    }
  });

  it('gives the loop a turn every run of items, sorting or merging', () => {
    const size = 12_000;
    const { steps } = stepped(sortInSteps(Array.from({ length: size }, (_, index) => size - index), (a, b) => a - b));
    // 12 runs sorted, then 4 merge passes of 12 steps each.
    expect(steps).toBe(12 + 4 * 12);
  });
});

describe('collatedRanks', () => {
  const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

  it('ranks as the collator orders, equal keys sharing a rank', () => {
    const keys = ['beta 10', 'Alpha', 'Beta 2', 'alpha', '', 'ÁLPHA', 'Zeta'];
    expect(Array.from(stepped(collatedRanks(keys, byName)).result)).toEqual([3, 1, 2, 1, 0, 1, 4]);
  });

  it('calls the collator at most a run of items at a time between two turns of the loop (decision 173)', () => {
    const next = numbers(11);
    const keys = Array.from({ length: 12_000 }, () => `Tower ${Math.floor(next() * 5000)}`);
    let calls = 0;
    let most = 0;
    const steps = collatedRanks(keys, (x, y) => {
      calls += 1;
      return byName(x, y);
    });
    for (let step = steps.next(); ; step = steps.next()) {
      most = Math.max(most, calls);
      calls = 0;
      if (step.done) break;
    }
    // A run of SORT_RUN sorted at once is about SORT_RUN x log2(SORT_RUN) comparisons.
    expect(most).toBeLessThanOrEqual(SORT_RUN * 12);
  });
});
