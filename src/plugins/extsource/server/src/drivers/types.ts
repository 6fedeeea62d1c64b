/** The driver interfaces: one per feed, whatever the provider behind it. */
import type { Developer, ListingType, NormalisedListing, NormalisedProject, Rejected } from '../mapping/types';
import { ProviderError } from './provider-error';

export interface Fetched<T> {
  records: T[];
  rejected: Rejected[];
  /** Things the run should report (a feed that announced more units than it sent, ...). */
  warnings?: string[];
  /** What was read, as the feed's validators name it (its ETag, its Last-Modified): given back as `since` to ask whether it changed. */
  version?: string;
  /** The feed is still the `since` version: nothing was read, nothing is to be written or withdrawn. */
  notModified?: true;
}

/** What changed at the provider recently: new and changed listings, and the references withdrawn. */
export interface Changes extends Fetched<NormalisedListing> {
  deleted: string[];
}

/** Called as pages arrive, with the number of records fetched so far. */
export type Progress = (fetched: number) => void;

/** When the provider's recent changes may stand in for a full fetch. */
export interface IncrementalPolicy {
  /** How far back the provider's change list reaches. */
  windowHours: number;
  /** A full fetch at least this often (it also finds units withdrawn without a DELETED mark). */
  fullSyncHours: number;
}

/** The credentials may not call the provider's change list: the sync falls back to a full fetch. */
export class ChangesUnavailableError extends ProviderError {
  constructor(message: string) {
    super(message);
    this.name = 'ChangesUnavailableError';
  }
}

export interface ListingsDriver {
  readonly name: string;
  /**
   * The whole listing type, or an error: never a partial list. `since`: the version of the feed the
   * last sync of the type stored, for a driver whose feed can say it did not change (notModified).
   */
  fetchListings(type: ListingType, progress?: Progress, since?: string): Promise<Fetched<NormalisedListing>>;
  /** Present when incremental sync is switched on for this provider. */
  readonly changes?: {
    policy: IncrementalPolicy;
    /** Throws ChangesUnavailableError when the credentials may not call it. */
    fetch(type: ListingType, progress?: Progress): Promise<Changes>;
  };
  /** Throws when the feed cannot be read; says what it found where it can (a format and its number of listings). */
  test(): Promise<string | void>;
}

export interface ProjectsDriver {
  readonly name: string;
  /** The collection's records already carry each project's detail: none is read, none is pending. */
  readonly listsDetails?: boolean;
  /** Provider requests one `fetchProject` makes (the read-ahead paces itself by them); 1 when unset. */
  readonly requestsPerDetail?: number;
  /**
   * The whole collection, or an error. `held`: the projects held now; a driver may give back each one
   * the provider did not change as it is, rather than a new copy.
   */
  fetchProjects(progress?: Progress, held?: readonly NormalisedProject[]): Promise<Fetched<NormalisedProject>>;
  /**
   * One project with its detail, or null when the provider does not know it. `previous` gives the
   * detail held before; a driver asks for it only when a part of the read failed (Reelly's Arabic), to
   * keep that part as it was rather than lose it.
   */
  fetchProject(id: string, previous?: () => Promise<NormalisedProject | null | undefined>): Promise<NormalisedProject | null>;
  fetchDevelopers(): Promise<Developer[]>;
  test(): Promise<void>;
}
