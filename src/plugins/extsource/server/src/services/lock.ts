/**
 * Which listing types are being synced. `all` holds both sale and rent, so it conflicts with either.
 * In-process for one instance; the interface is what a Redis or PostgreSQL lock would implement
 * (acquire all keys or none, release them) for several instances.
 */
import type { ListingType } from '../mapping/types';

export interface SyncLock {
  /** Takes every key or none; returns a release function, or null when any key is held. */
  acquire(keys: ListingType[]): Promise<(() => Promise<void>) | null>;
  held(): ListingType[];
}

export function inProcessSyncLock(): SyncLock {
  const held = new Set<ListingType>();
  return {
    async acquire(keys) {
      if (keys.some((key) => held.has(key))) return null;
      keys.forEach((key) => held.add(key));
      return async () => keys.forEach((key) => held.delete(key));
    },
    held: () => [...held],
  };
}
