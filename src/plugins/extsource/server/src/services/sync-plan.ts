/**
 * What a sync of one listing type must write (pure): new listings, changed or returning ones, the
 * unchanged ones left alone, and the ones to deactivate, with the guard of decision 30: a fetch with
 * fewer than half of the currently active listings deactivates nothing and says why. A listing whose
 * provider status may not be advertised (`available` false: Blocked, Sold...) is stored inactive.
 * Also which kind of fetch a run makes: full, or the provider's recent changes (incremental).
 */
import { createHash } from 'crypto';
import type { IncrementalPolicy } from '../drivers/types';
import type { ListingType, NormalisedListing, Rejected } from '../mapping/types';

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
  /** With the row's status before the sync (a listing's deactivation date is kept while it stays inactive). */
  updates: Array<HashedListing & { id: number; was: ExistingRow['status'] }>;
  unchanged: number;
  deactivateIds: number[];
  warnings: string[];
}

export function contentHash(listing: NormalisedListing): string {
  return createHash('sha256').update(JSON.stringify(listing)).digest('hex');
}

/** A skipped record's warning for the run, naming its listing type where it is known. */
export function skippedWarning(record: Rejected, fetchedType: ListingType): string {
  const type = record.listing_type === undefined ? fetchedType : record.listing_type;
  return `${type ? `${type} ` : ''}record ${record.reference || '(no reference)'} skipped: ${record.reason}`;
}

/** The status a listing is stored with. */
export const rowStatus = (listing: NormalisedListing): ExistingRow['status'] => (listing.available ? 'active' : 'inactive');

/** The guard: a fetch under half of the active catalogue is more likely a bad answer than a mass withdrawal. */
export function looksLikeBadFetch(fetched: number, active: number): boolean {
  return active > 0 && fetched < active / 2;
}

/** How a plan gets a listing's hash: computed there, or looked up when the caller computed them ahead. */
export type HashOf = (listing: NormalisedListing) => string;

/** Creates, updates and unchanged for the listings fetched (the last of a duplicated reference wins). */
function planUpserts(fetched: NormalisedListing[], existing: ExistingRow[], hashOf: HashOf) {
  const warnings: string[] = [];
  const incoming = new Map<string, NormalisedListing>();
  for (const listing of fetched) {
    if (incoming.has(listing.reference)) warnings.push(`duplicate reference ${listing.reference} in the fetch: the last one was kept`);
    incoming.set(listing.reference, listing);
  }
  const byReference = new Map(existing.map((row) => [row.reference, row]));
  const plan: SyncPlan = { creates: [], updates: [], unchanged: 0, deactivateIds: [], warnings };
  for (const listing of incoming.values()) {
    const hash = hashOf(listing);
    const row = byReference.get(listing.reference);
    if (!row) plan.creates.push({ listing, hash });
    else if (row.content_hash !== hash || row.status !== rowStatus(listing)) plan.updates.push({ listing, hash, id: row.id, was: row.status });
    else plan.unchanged += 1;
  }
  return { plan, incoming };
}

/** A full fetch: the listings missing from it are deactivated (unless the guard holds them). */
export function planSync(fetched: NormalisedListing[], existing: ExistingRow[], hashOf: HashOf = contentHash): SyncPlan {
  const { plan, incoming } = planUpserts(fetched, existing, hashOf);
  const stillActive = existing.filter((row) => row.status === 'active' && !incoming.has(row.reference));
  const activeBefore = existing.filter((row) => row.status === 'active').length;
  if (stillActive.length > 0 && looksLikeBadFetch(incoming.size, activeBefore)) {
    plan.warnings.push(
      `the provider returned ${incoming.size} listings where ${activeBefore} are active: nothing was deactivated ` +
        '(fewer than half looks like a bad answer, not a withdrawal)'
    );
  } else {
    plan.deactivateIds = stillActive.map((row) => row.id);
  }
  return plan;
}

/** Recent changes: the changed listings are written, the withdrawn references deactivated, nothing else touched. */
export function planChanges(changed: NormalisedListing[], withdrawn: string[], existing: ExistingRow[], hashOf: HashOf = contentHash): SyncPlan {
  const { plan, incoming } = planUpserts(changed, existing, hashOf);
  const gone = new Set(withdrawn.filter((reference) => !incoming.has(reference)));
  plan.deactivateIds = existing.filter((row) => row.status === 'active' && gone.has(row.reference)).map((row) => row.id);
  return plan;
}

/** When each listing type of a provider last synced (the start of its fetch, ISO). */
export interface SyncMarks {
  last_success_at: string;
  last_full_at: string;
  /** The feed's version that full fetch read (a feed that has validators). */
  version?: string;
}

const HOUR = 3_600_000;

/** A feed is read whole at least this often, whatever it says of its version (decision 232). */
const FULL_READ_HOURS = 24;

/**
 * The version a run asks the feed whether it still is: the last full fetch's, for a scheduled run within
 * FULL_READ_HOURS of it. A run someone asked for reads the feed whole (a release may map it anew).
 */
export function sinceVersion(now: Date, marks: SyncMarks | null, scheduled: boolean): string | undefined {
  if (!scheduled || !marks?.version) return undefined;
  return now.getTime() - new Date(marks.last_full_at).getTime() < FULL_READ_HOURS * HOUR ? marks.version : undefined;
}

/**
 * Incremental only when the provider offers it, the last successful sync began well inside the change
 * list's window (one hour of margin), and the last full sync is younger than the policy asks.
 */
export function syncMode(now: Date, marks: SyncMarks | null, policy: IncrementalPolicy | undefined): 'full' | 'incremental' {
  if (!policy || !marks) return 'full';
  const since = (iso: string) => now.getTime() - new Date(iso).getTime();
  if (!(since(marks.last_success_at) < (policy.windowHours - 1) * HOUR)) return 'full';
  return since(marks.last_full_at) < policy.fullSyncHours * HOUR ? 'incremental' : 'full';
}
