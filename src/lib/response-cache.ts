/**
 * Finished responses kept as JSON bytes (architecture: "cache what the contract says, serialise
 * once"): a hit costs no query, no populate and no JSON.stringify.
 *
 * - Single flight: concurrent misses on one key share one build.
 * - Generations: `invalidate()` bumps a key's generation, and a build that started before it does
 *   not store its (possibly stale) result, so the request after an edit always sees the edit.
 */
import NodeCache from 'node-cache';

export interface CachedResponse {
  bytes: Buffer;
  /** What was built, before serialisation (for callers that compose it into other responses). */
  value: unknown;
  /** Wall-clock time the bytes were built; for logs and diagnostics. */
  builtAt: number;
}

export class ResponseCache {
  private readonly store = new NodeCache({ useClones: false, checkperiod: 60 });
  private readonly inflight = new Map<string, Promise<CachedResponse>>();
  private readonly generations = new Map<string, number>();

  /** The cached bytes, synchronously, or undefined on a miss. */
  peek(key: string): CachedResponse | undefined {
    return this.store.get<CachedResponse>(key);
  }

  /**
   * The cached response for `key`, building it with `build` on a miss. `ttlSeconds` 0 means no expiry.
   */
  async get(key: string, build: () => Promise<unknown>, ttlSeconds = 0): Promise<CachedResponse> {
    const hit = this.peek(key);
    if (hit) return hit;
    const running = this.inflight.get(key);
    if (running) return running;

    const generation = this.generationOf(key);
    const flight = (async () => {
      const value = await build();
      const entry: CachedResponse = { bytes: Buffer.from(JSON.stringify(value)), value, builtAt: Date.now() };
      if (this.generationOf(key) === generation) this.store.set(key, entry, ttlSeconds);
      return entry;
    })();
    this.inflight.set(key, flight);
    try {
      return await flight;
    } finally {
      if (this.inflight.get(key) === flight) this.inflight.delete(key);
    }
  }

  invalidate(...keys: string[]): void {
    for (const key of keys) {
      this.generations.set(key, this.generationOf(key) + 1);
      this.inflight.delete(key);
      this.store.del(key);
    }
  }

  private generationOf(key: string): number {
    return this.generations.get(key) ?? 0;
  }
}
