/** The driver interfaces: one per feed, whatever the provider behind it. */
import type { Developer, ListingType, NormalisedListing, NormalisedProject, Rejected } from '../mapping/types';

export interface Fetched<T> {
  records: T[];
  rejected: Rejected[];
}

/** Called as pages arrive, with the number of records fetched so far. */
export type Progress = (fetched: number) => void;

export interface ListingsDriver {
  readonly name: string;
  /** The whole listing type, or an error: never a partial list. */
  fetchListings(type: ListingType, progress?: Progress): Promise<Fetched<NormalisedListing>>;
  /** Throws when the feed cannot be read. */
  test(): Promise<void>;
}

export interface ProjectsDriver {
  readonly name: string;
  fetchProjects(progress?: Progress): Promise<Fetched<NormalisedProject>>;
  /** One project with its detail, or null when the provider does not know it. */
  fetchProject(id: string): Promise<NormalisedProject | null>;
  fetchDevelopers(): Promise<Developer[]>;
  test(): Promise<void>;
}
