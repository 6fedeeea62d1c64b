/** What the app and the extsource plugin use of lru-cache 5 (the version installed at the top level), which ships no types. */
declare module 'lru-cache' {
  class LRUCache<K, V> {
    /** Keeps the most recently used entries while their lengths add up to at most `max` (each counts 1 without `length`). */
    constructor(options: { max: number; length?: (value: V, key: K) => number });
    /** The value, marked as the most recently used. */
    get(key: K): V | undefined;
    set(key: K, value: V): boolean;
    readonly length: number;
  }
  export = LRUCache;
}
