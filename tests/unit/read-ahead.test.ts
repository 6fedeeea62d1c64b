import { describe, expect, it } from 'vitest';
import { readAhead, type ReadOutcome } from '../../src/plugins/extsource/server/src/services/read-ahead';

/** A read-ahead of `count` ids whose reads are answered at once and kept only when the test says so. */
function withHeldKeeping(count: number, options: { concurrency: number; keptAhead: number }) {
  const started: string[] = [];
  const keeps: Array<(outcome: ReadOutcome) => void> = [];
  let roomAsked = 0;
  const run = readAhead({
    listed: count,
    due: Array.from({ length: count }, (_, index) => String(index)),
    read: (id) => {
      started.push(id);
      return { fetched: Promise.resolve(), outcome: new Promise<ReadOutcome>((resolve) => keeps.push(resolve)) };
    },
    rate: 1_000_000,
    requestsPerRead: 1,
    ...options,
    room: async () => {
      roomAsked += 1;
    },
    mayGoOn: () => true,
    report: async () => undefined,
  });
  // Until every read that may start has (the pacer may wait a timer's millisecond).
  const turns = async () => {
    for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { run, started, keeps, turns, roomAsked: () => roomAsked };
}

describe('readAhead', () => {
  it('goes on reading while what it read waits to be kept, up to keptAhead reads', async () => {
    const { run, started, keeps, turns } = withHeldKeeping(10, { concurrency: 2, keptAhead: 4 });
    await turns();
    // Each worker stops once more than keptAhead reads wait: 4 waiting, and one more each.
    expect(started.length).toBe(6);
    for (const keep of keeps.splice(0)) keep('created');
    await turns();
    expect(started.length).toBe(10);
    for (const keep of keeps.splice(0)) keep('unchanged');
    expect(await run).toMatchObject({ state: 'done', read: 10, changed: 6, unchanged: 4 });
  });

  it('asks whether the loop has room before every read', async () => {
    const { run, keeps, turns, roomAsked } = withHeldKeeping(5, { concurrency: 1, keptAhead: 25 });
    await turns();
    for (const keep of keeps.splice(0)) keep('created');
    expect(await run).toMatchObject({ state: 'done', read: 5 });
    expect(roomAsked()).toBe(5);
  });
});
