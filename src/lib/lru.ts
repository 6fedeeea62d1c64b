/**
 * A map that keeps its `capacity` most recently used entries: bounded memory for results keyed by
 * anything a client can vary (a query's filters).
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in insertion order: re-inserting marks the entry as the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  get size(): number {
    return this.entries.size;
  }
}
