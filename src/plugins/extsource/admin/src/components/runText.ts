/** How runs and feeds are put into words on the Property sync page and the dashboard widget. */
import type { RunType, SyncRun } from '../types';

export const RUN_TYPE_LABELS: Record<RunType, string> = { all: 'Sales and rentals', sales: 'Sales', rentals: 'Rentals' };

export const STATUS_COLOURS: Record<SyncRun['status'], { backgroundColor: string; textColor: string }> = {
  running: { backgroundColor: 'primary100', textColor: 'primary700' },
  succeeded: { backgroundColor: 'success100', textColor: 'success700' },
  partial: { backgroundColor: 'warning100', textColor: 'warning700' },
  failed: { backgroundColor: 'danger100', textColor: 'danger700' },
};

const DRIVER_NAMES: Record<string, string> = { sample: 'Sample data (demo)', goyzer: 'Goyzer', reelly: 'Reelly' };
export const driverName = (driver: string) => DRIVER_NAMES[driver] ?? driver;

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '-');

/** "70 fetched: 2 new, 1 updated, 67 unchanged, 0 withdrawn" (and skipped records when there were any). */
export function countsText(run: SyncRun): string {
  const skipped = run.failed > 0 ? `, ${run.failed} skipped` : '';
  return `${run.fetched} fetched: ${run.created} new, ${run.updated} updated, ${run.unchanged} unchanged, ${run.deactivated} withdrawn${skipped}`;
}

/** A finished run in one sentence, for the page's outcome message. */
export function outcomeText(run: SyncRun): string {
  const what = `${RUN_TYPE_LABELS[run.type]} sync #${run.run_id}`;
  const seconds = run.duration_ms === null ? '' : ` in ${(run.duration_ms / 1000).toFixed(1)} s`;
  if (run.status === 'failed') return `${what} failed${seconds}: ${run.error ?? 'no reason given'}.`;
  const note = run.status === 'partial' ? ` Finished with warnings: ${run.error ?? run.warnings[0] ?? ''}` : '';
  return `${what} ${run.status === 'partial' ? 'partly succeeded' : 'succeeded'}${seconds}. ${countsText(run)}.${note}`;
}
