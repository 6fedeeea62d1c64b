import { setTimeout as sleep } from 'timers/promises';

/**
 * For what happens in the background (a detail read, a purge): polls `check` until it stops throwing
 * (an `expect` inside it) and returns its value; after `timeoutMs` the last failure is thrown.
 */
export async function eventually<T>(check: () => Promise<T> | T, { timeoutMs = 10_000, intervalMs = 25 } = {}): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > giveUpAt) throw error;
      await sleep(intervalMs);
    }
  }
}
