/**
 * The one cache of things built from the database or a provider: finished page bytes, the off-plan
 * project collection and what is derived from it, provider lookups. Plain code, no Strapi.
 *
 * - Entries are keyed by name and tagged with what they are built from (content-type uids, `media`,
 *   `projects`, ...): `invalidate(tags)` drops every entry carrying one of them. This is the one path
 *   by which anything leaves the cache because its source changed.
 * - Single flight: concurrent misses on one key share one build.
 * - Generations: a build overtaken by an invalidation of one of its tags (or of its key) is handed to
 *   its waiters but not stored, so the request after an edit always sees the edit.
 * - Lifetimes: an entry built from edited content (`'content'`) expires after a backstop age, so a lost
 *   invalidation can never leave it stale for long, and after a much shorter one while the
 *   invalidation bus is down (`setDegraded`). Provider data carries its own lifetime in seconds.
 */

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
  private readonly entries = new Map<string, CacheEntry<unknown>>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, { promise: Promise<CacheEntry<unknown>>; tags: readonly string[] }>();
  private readonly tagGenerations = new Map<string, number>();
  private readonly keyGenerations = new Map<string, number>();
  private epoch = 0;
  private degraded = false;
  private lookups: ((tags: readonly string[], hit: boolean) => void) | undefined;

  constructor(
    private lifetimes: CacheLifetimes,
    private readonly now: () => number = Date.now
  ) {}

  configure(lifetimes: CacheLifetimes): void {
    this.lifetimes = lifetimes;
  }

  /** While true, content entries live `degradedSeconds` at most (counted from when they were built). */
  setDegraded(degraded: boolean): void {
    this.degraded = degraded;
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
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.hasExpired(entry)) {
      this.remove(key);
      return undefined;
    }
    return entry as CacheEntry<T>;
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
    const builtAt = this.now();
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
    const entry = this.entryOf(key, value, this.now(), options);
    this.store(entry);
    return entry;
  }

  /** Drops one key (and keeps a running build of it from being stored). */
  delete(key: string): void {
    this.bumpKey(key);
    this.remove(key);
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
  }

  /** Drops everything (after the bus was down: invalidations may have been missed). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.keysByTag.clear();
    this.inflight.clear();
  }

  private entryOf<T>(key: string, value: T, builtAt: number, options: EntryOptions): CacheEntry<T> {
    const bytes = options.json && value !== undefined ? Buffer.from(JSON.stringify(value)) : undefined;
    return { key, value, bytes, tags: options.tags, builtAt, lifetime: options.lifetime ?? 'content' };
  }

  private hasExpired(entry: CacheEntry<unknown>): boolean {
    const seconds =
      entry.lifetime === 'content'
        ? this.degraded
          ? Math.min(this.lifetimes.degradedSeconds, this.lifetimes.contentSeconds)
          : this.lifetimes.contentSeconds
        : entry.lifetime;
    return this.now() - entry.builtAt >= seconds * 1000;
  }

  private store(entry: CacheEntry<unknown>): void {
    this.remove(entry.key);
    this.entries.set(entry.key, entry);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag) ?? new Set<string>();
      keys.add(entry.key);
      this.keysByTag.set(tag, keys);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
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
