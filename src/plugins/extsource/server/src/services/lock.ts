/**
 * Which listing types are being synced, across every instance and the CLI: one lease per listing type
 * (the hosting app's, host.ts). `all` holds both, so it conflicts with either.
 */
import type { Lease, Leases } from '../host';
import type { ListingType } from '../mapping/types';

export interface SyncLockHold {
  /** False once a lease was lost (the holder stalled past its time-to-live): the run must stop. */
  held(): boolean;
  release(): Promise<void>;
}

export type SyncLockResult = { acquired: true; hold: SyncLockHold } | { acquired: false; busy: ListingType[] };

export interface SyncLock {
  /** Takes every key or none; when any is held elsewhere, says which. */
  acquire(keys: ListingType[]): Promise<SyncLockResult>;
}

const leaseName = (key: ListingType) => `extsource:sync:${key}`;

export function sharedSyncLock(leases: Leases): SyncLock {
  return {
    async acquire(keys) {
      const taken: Lease[] = [];
      const releaseAll = async () => {
        await Promise.all(taken.map((lease) => lease.release()));
      };
      // Always in the same order, stopping at the first one held: two runs can never each hold a part.
      for (const key of [...keys].sort()) {
        const lease = await leases.tryAcquire(leaseName(key));
        if (!lease) {
          await releaseAll();
          const held = await leases.heldNow(keys.map(leaseName));
          return { acquired: false, busy: keys.filter((candidate) => held.includes(leaseName(candidate)) || candidate === key) };
        }
        taken.push(lease);
      }
      return { acquired: true, hold: { held: () => taken.every((lease) => lease.held()), release: releaseAll } };
    },
  };
}
