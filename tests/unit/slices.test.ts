import { describe, expect, it } from 'vitest';
import { eachSliced, inSlices, slicer } from '../../src/plugins/extsource/server/src/slices';

/** Work that takes `ms` of the thread, as a mapping or a query does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** How many turns the event loop got (setImmediate callbacks run) while `work` ran. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  done = true;
  return turns;
}

describe('slices (decision 93)', () => {
  it('gives the loop a turn once a slice is spent, and none before', async () => {
    expect(await turnsDuring(() => eachSliced(Array.from({ length: 20 }), () => busy(1), slicer(4)))).toBeGreaterThanOrEqual(3);
    expect(await turnsDuring(() => eachSliced(Array.from({ length: 20 }), () => undefined, slicer(1000)))).toBe(0);
  });

  it('runs steps to their end, with turns between them', async () => {
    function* steps() {
      let sum = 0;
      for (let i = 1; i <= 10; i += 1) {
        busy(1);
        sum += i;
        yield;
      }
      return sum;
    }
    let result = 0;
    const turns = await turnsDuring(async () => (result = await inSlices(steps(), slicer(2))));
    expect(result).toBe(55);
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
