/** Shapes of the plugin's admin API (see server/src/controllers). */
export type RunType = 'all' | 'sales' | 'rentals';

export interface SyncRun {
  run_id: number;
  type: RunType;
  status: 'running' | 'succeeded' | 'partial' | 'failed';
  trigger: string;
  provider: string;
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  failed: number;
  duration_ms: number | null;
  started_at: string;
  finished_at: string | null;
  warnings: string[];
  error: string | null;
}

export interface RunProgress {
  run_id: number;
  type: RunType;
  phase: 'fetching' | 'writing' | 'deactivating';
  listing_type: 'sale' | 'rent';
  fetched: number;
  written: number;
  to_write: number;
}

export interface Stats {
  total: number;
  active: number;
  inactive: number;
  sales: number;
  rentals: number;
  runs: number;
  last_sync_at: string | null;
  last_success_at: string | null;
}

export interface Overview {
  feeds: { listings: string; projects: string };
  stats: Stats;
  runs: SyncRun[];
  running: RunProgress[];
}

export interface FeedStatus {
  ok: boolean;
  driver: string;
  latency_ms: number;
  message: string;
}
