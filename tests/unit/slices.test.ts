import { describe, expect, it } from 'vitest';
import { eachSliced, inSlices, loopRoom, slicer } from '../../src/plugins/extsource/server/src/slices';

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

describe('loopRoom', () => {
  /** Whether `promise` settled within one turn of the loop. */
  async function settledAtOnce(promise: Promise<unknown>): Promise<boolean> {
    let settled = false;
    void promise.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    return settled;
  }

  it('lets background work start at once while the loop has room', async () => {
    const room = loopRoom({ windowMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await settledAtOnce(room())).toBe(true);
  });

  it('holds it back while the loop was kept busy, and lets it go once the loop had room again', async () => {
    const room = loopRoom({ windowMs: 20, maxWaitMs: 60_000 });
    busy(40);
    const waiting = room();
    expect(await settledAtOnce(waiting)).toBe(false);
    await waiting;
  });

  it('lets it go after its longest wait, however busy the loop', async () => {
    const room = loopRoom({ windowMs: 20, maxWaitMs: 0 });
    busy(40);
    expect(await settledAtOnce(room())).toBe(true);
  });
});
