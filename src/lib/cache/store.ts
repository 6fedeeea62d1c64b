/**
 * The one cache of things built from the database or a provider: finished page bytes, the off-plan
 * project collection and what is derived from it, provider lookups. Plain code, no Strapi.
 *
 * The entries themselves are held by node-cache (no clones: a hit is the stored object), which drops
 * an entry once its lifetime is over, on the read that finds it expired or in its periodic sweep.
 * What node-cache does not do is ours:
 * - Entries are keyed by name and tagged with what they are built from (content-type uids, `media`,
 *   `projects`, ...): `invalidate(tags)` drops every entry carrying one of them. This is the one path
 *   by which anything leaves the cache because its source changed.
 * - Single flight: concurrent misses on one key share one build.
 * - Generations: a build overtaken by an invalidation of one of its tags (or of its key) is handed to
 *   its waiters but not stored, so the request after an edit always sees the edit.
 * - Lifetimes, counted from when the build started: an entry built from edited content (`'content'`)
 *   expires after a backstop age, so a lost invalidation can never leave it stale for long, and after
 *   a much shorter one while the invalidation bus is down (`setDegraded`). Provider data carries its
 *   own lifetime in seconds. Which cache gets which lifetime: `CACHE_LIFETIMES` (lifetimes.ts).
 * - Rebuilds: what must be ready before a visitor asks (the listings' index after a sync) asks to be
 *   called back after each invalidation of its tag (`rebuildOnInvalidation`), and builds itself again.
 */
import NodeCache from 'node-cache';

/**
 * How often node-cache sweeps out expired entries nobody reads again (memory only: a read never sees
 * an expired entry). A sweep walks every key, about a millisecond at 10,000 held project details.
 */
const SWEEP_SECONDS = 60;

/** `'content'`: the backstop (or, degraded, the short) lifetime; a number: seconds (Infinity: until invalidated). */
export type Lifetime = 'content' | number;

export interface EntryOptions {
  tags: readonly string[];
  lifetime?: Lifetime;
  /** Keep the value's UTF-8 JSON beside it, for responses sent as bytes. */
  json?: boolean;
}

export interface CacheEntry<T> {
  readonly key: string;
  readonly value: T;
  /** The value as UTF-8 JSON, for entries stored with `json: true`. */
  readonly bytes: Buffer | undefined;
  readonly tags: readonly string[];
  /** When the build started (what it read can be no older), epoch milliseconds. */
  readonly builtAt: number;
  readonly lifetime: Lifetime;
}

export interface CacheLifetimes {
  /** Backstop for entries built from edited content. */
  contentSeconds: number;
  /** The same while invalidations from other instances may be missed. */
  degradedSeconds: number;
}

interface Stamp {
  epoch: number;
  key: number;
  tags: number[];
}

export class CacheStore {
  private readonly entries = new NodeCache({ useClones: false, stdTTL: 0, checkperiod: SWEEP_SECONDS });
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, { promise: Promise<CacheEntry<unknown>>; tags: readonly string[] }>();
  private readonly tagGenerations = new Map<string, number>();
  private readonly keyGenerations = new Map<string, number>();
  private epoch = 0;
  private degraded = false;
  private lookups: ((tags: readonly string[], hit: boolean) => void) | undefined;
  private readonly rebuilders = new Map<string, Array<() => void>>();

  constructor(private lifetimes: CacheLifetimes) {
    this.entries.on('expired', (key: string, entry: CacheEntry<unknown>) => this.unindex(key, entry));
  }

  /** New lifetimes, applied to the entries held too. */
  configure(lifetimes: CacheLifetimes): void {
    this.lifetimes = lifetimes;
    this.restampContent();
  }

  /** While true, content entries live `degradedSeconds` at most (counted from when they were built). */
  setDegraded(degraded: boolean): void {
    const entering = degraded && !this.degraded;
    this.degraded = degraded;
    // Leaving, entries keep the short lifetime they were given: at worst one early rebuild each.
    if (entering) this.restampContent();
  }

  isDegraded(): boolean {
    return this.degraded;
  }

  /** Tells `observer` whether each `get` was a hit (metrics); peeks are the fast lane's, counted there. */
  observeLookups(observer: (tags: readonly string[], hit: boolean) => void): void {
    this.lookups = observer;
  }

  /** The live entry, synchronously (for the fast lane), or undefined. */
  peek<T>(key: string): CacheEntry<T> | undefined {
    return this.entries.get<CacheEntry<T>>(key);
  }

  /**
   * The live entry for `key`, or one built now by `build` (shared by concurrent callers). A build that
   * resolves to undefined, or that an invalidation overtook, is handed to its waiters but not stored;
   * a failed build stores nothing.
   */
  async get<T>(key: string, build: () => Promise<T>, options: EntryOptions): Promise<CacheEntry<T>> {
    const hit = this.peek<T>(key);
    this.lookups?.(options.tags, hit !== undefined);
    if (hit) return hit;
    const running = this.inflight.get(key);
    if (running) return running.promise as Promise<CacheEntry<T>>;

    const stamp = this.stampOf(key, options.tags);
    const builtAt = Date.now();
    const flight = (async () => {
      const entry = this.entryOf(key, await build(), builtAt, options);
      if (entry.value !== undefined && this.isCurrent(key, options.tags, stamp)) this.store(entry);
      return entry;
    })();
    this.inflight.set(key, { promise: flight, tags: options.tags });
    try {
      return await flight;
    } finally {
      if (this.inflight.get(key)?.promise === flight) this.inflight.delete(key);
    }
  }

  /** Stores a value built elsewhere; a build of the same key still running will not overwrite it. */
  set<T>(key: string, value: T, options: EntryOptions): CacheEntry<T> {
    this.bumpKey(key);
    const entry = this.entryOf(key, value, Date.now(), options);
    this.store(entry);
    return entry;
  }

  /** Drops one key (and keeps a running build of it from being stored). */
  delete(key: string): void {
    this.bumpKey(key);
    this.remove(key);
  }

  /**
   * Calls `rebuild` after each invalidation of `tag` (here, or from another instance through the bus), on a
   * later turn of the event loop: for what must be built again before a visitor asks for it.
   */
  rebuildOnInvalidation(tag: string, rebuild: () => void): void {
    this.rebuilders.set(tag, [...(this.rebuilders.get(tag) ?? []), rebuild]);
  }

  /** Drops every entry carrying one of `tags`, and keeps running builds of such entries from being stored. */
  invalidate(tags: readonly string[]): void {
    for (const tag of tags) {
      this.tagGenerations.set(tag, (this.tagGenerations.get(tag) ?? 0) + 1);
      for (const key of [...(this.keysByTag.get(tag) ?? [])]) this.remove(key);
    }
    for (const [key, running] of this.inflight) {
      if (running.tags.some((tag) => tags.includes(tag))) this.inflight.delete(key);
    }
    for (const rebuild of tags.flatMap((tag) => this.rebuilders.get(tag) ?? [])) setImmediate(rebuild);
  }

  /** Drops everything (after the bus was down: invalidations may have been missed). */
  clear(): void {
    this.epoch += 1;
    this.entries.flushAll();
    this.keysByTag.clear();
    this.inflight.clear();
    for (const rebuild of [...this.rebuilders.values()].flat()) setImmediate(rebuild);
  }

  private entryOf<T>(key: string, value: T, builtAt: number, options: EntryOptions): CacheEntry<T> {
    const bytes = options.json && value !== undefined ? Buffer.from(JSON.stringify(value)) : undefined;
    return { key, value, bytes, tags: options.tags, builtAt, lifetime: options.lifetime ?? 'content' };
  }

  private lifetimeSeconds(lifetime: Lifetime): number {
    if (lifetime !== 'content') return lifetime;
    const { contentSeconds, degradedSeconds } = this.lifetimes;
    return this.degraded ? Math.min(degradedSeconds, contentSeconds) : contentSeconds;
  }

  /** Hands `entry` to node-cache for what is left of its lifetime (nothing left: the key is dropped). */
  private store(entry: CacheEntry<unknown>): void {
    this.remove(entry.key);
    const secondsLeft = this.lifetimeSeconds(entry.lifetime) - (Date.now() - entry.builtAt) / 1000;
    if (secondsLeft <= 0) return;
    // node-cache reads a ttl of 0 as "never expires".
    this.entries.set(entry.key, entry, secondsLeft === Infinity ? 0 : secondsLeft);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag) ?? new Set<string>();
      keys.add(entry.key);
      this.keysByTag.set(tag, keys);
    }
  }

  /** Stores the content entries again under the current lifetimes. */
  private restampContent(): void {
    for (const key of this.entries.keys()) {
      const entry = this.peek(key);
      if (entry?.lifetime === 'content') this.store(entry);
    }
  }

  private remove(key: string): void {
    const entry = this.peek(key);
    if (!entry) return;
    this.entries.del(key);
    this.unindex(key, entry);
  }

  private unindex(key: string, entry: CacheEntry<unknown>): void {
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  private bumpKey(key: string): void {
    this.keyGenerations.set(key, (this.keyGenerations.get(key) ?? 0) + 1);
    this.inflight.delete(key);
  }

  private stampOf(key: string, tags: readonly string[]): Stamp {
    return { epoch: this.epoch, key: this.keyGenerations.get(key) ?? 0, tags: tags.map((tag) => this.tagGenerations.get(tag) ?? 0) };
  }

  private isCurrent(key: string, tags: readonly string[], stamp: Stamp): boolean {
    const now = this.stampOf(key, tags);
    return now.epoch === stamp.epoch && now.key === stamp.key && now.tags.every((generation, index) => generation === stamp.tags[index]);
  }
}
