import { describe, expect, it } from 'vitest';
import { batched } from '../../src/plugins/extsource/server/src/batches';

/** A batched doubling that records the batches it was handed. */
function doubling(size: number, waitMs: number, fail?: (items: number[]) => boolean) {
  const batches: number[][] = [];
  const double = batched(async (items: number[]) => {
    batches.push(items);
    if (fail?.(items)) throw new Error('the batch failed');
    return items.map((item) => item * 2);
  }, { size, waitMs });
  return { batches, double };
}

describe('batched', () => {
  it('hands full batches to the work, in the order the items came, and each call its own result', async () => {
    const { batches, double } = doubling(3, 60_000);
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(double));
    expect(results).toEqual([2, 4, 6, 8, 10, 12]);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6]]);
  });

  it('does a batch that is not full once its first item has waited long enough', async () => {
    const { batches, double } = doubling(25, 5);
    expect(await Promise.all([double(1), double(2)])).toEqual([2, 4]);
    expect(await double(3)).toBe(6);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('fails every call of a failed batch, and only those', async () => {
    const { double } = doubling(2, 60_000, (items) => items.includes(2));
    const settled = await Promise.allSettled([1, 2, 3, 4].map(double));
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled', 'fulfilled']);
  });
});
