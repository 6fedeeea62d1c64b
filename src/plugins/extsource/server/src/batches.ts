/**
 * Work handed in one item at a time and done a batch at a time (issue 41). Each detail the read-ahead
 * reads was written in a transaction of its own: on SQLite (better-sqlite3 answers on the event loop)
 * each commit's fsync held the loop 4–20 ms, hundreds of times a second. A batch is done once it holds
 * `size` items, or `waitMs` after its first arrived, so a lone item waits that long at most. Plain code,
 * no Strapi.
 */

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * A function of one item whose calls are gathered: `work` gets each batch's items in the order they came
 * and answers with one result per item, in the same order; when it fails, every call of that batch fails.
 */
export function batched<T, R>(work: (items: T[]) => Promise<R[]>, { size, waitMs }: { size: number; waitMs: number }): (item: T) => Promise<R> {
  let waiting: Array<Waiting<T, R>> = [];
  let timer: NodeJS.Timeout | undefined;

  async function run(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    try {
      const results = await work(batch.map(({ item }) => item));
      batch.forEach(({ resolve }, index) => resolve(results[index]));
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }

  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length >= size) void run();
      else timer ??= setTimeout(() => void run(), waitMs);
    });
}
