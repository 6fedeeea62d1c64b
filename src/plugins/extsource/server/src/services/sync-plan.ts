/**
 * What a sync of one listing type must write (pure): new listings, changed or returning ones, the
 * unchanged ones left alone, and the ones to deactivate, with the guard of decision 30: a fetch with
 * fewer than half of the currently active listings deactivates nothing and says why.
 */
import { createHash } from 'crypto';
import type { NormalisedListing } from '../mapping/types';

export interface ExistingRow {
  id: number;
  reference: string;
  content_hash: string | null;
  status: 'active' | 'inactive';
}

export interface HashedListing {
  listing: NormalisedListing;
  hash: string;
}

export interface SyncPlan {
  creates: HashedListing[];
  updates: Array<HashedListing & { id: number }>;
  unchanged: number;
  deactivateIds: number[];
  warnings: string[];
}

export function contentHash(listing: NormalisedListing): string {
  return createHash('sha256').update(JSON.stringify(listing)).digest('hex');
}

/** The guard: a fetch under half of the active catalogue is more likely a bad answer than a mass withdrawal. */
export function looksLikeBadFetch(fetched: number, active: number): boolean {
  return active > 0 && fetched < active / 2;
}

export function planSync(fetched: NormalisedListing[], existing: ExistingRow[]): SyncPlan {
  const warnings: string[] = [];
  const incoming = new Map<string, NormalisedListing>();
  for (const listing of fetched) {
    if (incoming.has(listing.reference)) warnings.push(`duplicate reference ${listing.reference} in the fetch: the last one was kept`);
    incoming.set(listing.reference, listing);
  }

  const byReference = new Map(existing.map((row) => [row.reference, row]));
  const plan: SyncPlan = { creates: [], updates: [], unchanged: 0, deactivateIds: [], warnings };
  for (const listing of incoming.values()) {
    const hash = contentHash(listing);
    const row = byReference.get(listing.reference);
    if (!row) plan.creates.push({ listing, hash });
    else if (row.content_hash !== hash || row.status !== 'active') plan.updates.push({ listing, hash, id: row.id });
    else plan.unchanged += 1;
  }

  const stillActive = existing.filter((row) => row.status === 'active' && !incoming.has(row.reference));
  const activeBefore = existing.filter((row) => row.status === 'active').length;
  if (stillActive.length > 0 && looksLikeBadFetch(incoming.size, activeBefore)) {
    warnings.push(
      `the provider returned ${incoming.size} listings where ${activeBefore} are active: nothing was deactivated ` +
        '(fewer than half looks like a bad answer, not a withdrawal)'
    );
  } else {
    plan.deactivateIds = stillActive.map((row) => row.id);
  }
  return plan;
}
