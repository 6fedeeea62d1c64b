/**
 * Shapes of the plugin's admin API, taken from the server code itself. Type-only imports: the bundler
 * erases them, so no server code reaches the admin bundle.
 */
import type { CatalogueService, ListingSummary } from '../../server/src/services/catalogue';
import type { RunProgress, RunType, SyncRun } from '../../server/src/services/sync';

export type { RunProgress, RunType, SyncRun } from '../../server/src/services/sync';
export type { FeedStatus } from '../../server/src/services/connection';
export type { ListingSummary } from '../../server/src/services/catalogue';
export type { ReadAheadProgress } from '../../server/src/services/read-ahead';

export type Stats = Awaited<ReturnType<CatalogueService['stats']>>;

export interface Overview {
  feeds: { listings: string; projects: string };
  stats: Stats;
  runs: SyncRun[];
  running: RunProgress[];
}

export interface Dashboard {
  last_runs: Record<RunType, SyncRun | null>;
  running: RunProgress[];
  next_run_at: string | null;
}

export interface ListingPage {
  data: ListingSummary[];
  meta: { current_page: number; per_page: number; total: number; last_page: number };
}
