/** How runs and feeds are put into words on the Property sync page and the dashboard widget. */
import type { ReadAheadProgress, RunType, SyncRun } from '../types';

export const RUN_TYPE_LABELS: Record<RunType, string> = { all: 'Sales and rentals', sales: 'Sales', rentals: 'Rentals' };

export const STATUS_COLOURS: Record<SyncRun['status'], { backgroundColor: string; textColor: string }> = {
  running: { backgroundColor: 'primary100', textColor: 'primary700' },
  succeeded: { backgroundColor: 'success100', textColor: 'success700' },
  partial: { backgroundColor: 'warning100', textColor: 'warning700' },
  failed: { backgroundColor: 'danger100', textColor: 'danger700' },
};

const DRIVER_NAMES: Record<string, string> = {
  sample: 'Sample data (demo)', goyzer: 'Goyzer', 'pf-xml': 'Property Finder XML feed', 'bayut-xml': 'Bayut XML feed', reelly: 'Reelly',
};
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

/** The last read-ahead of project details in one sentence (decision 66). */
export function detailsText(progress: ReadAheadProgress | null, driver: string): string {
  if (driver === 'sample') return 'The sample dataset holds every project with its detail: nothing is read ahead.';
  if (!progress) return 'No project details read ahead yet: they are read once the project collection is next loaded.';
  const counts = `${progress.read} of ${progress.due} due read (${progress.listed} listed): ${progress.changed} stored, ${progress.unchanged} unchanged, ${progress.not_found} unknown to the provider, ${progress.failed} failed`;
  const failures = progress.failures.length ? `. First failures: ${progress.failures.slice(0, 3).map((failure) => `${failure.id} (${failure.reason})`).join(', ')}` : '';
  const state = progress.state === 'running' ? `Reading since ${when(progress.started_at)}` : `${progress.state === 'done' ? 'Finished' : 'Stopped'} ${when(progress.finished_at)}`;
  return `${state}: ${counts}${failures}.`;
}
