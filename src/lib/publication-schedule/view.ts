/** What the admin is shown of a scheduled publication (times as ISO strings). Plain code, no Strapi. */
import type { ScheduleAction, ScheduledPublication } from './store';

export interface ScheduleView {
  id: number;
  action: ScheduleAction;
  run_at: string;
  status: ScheduledPublication['status'];
  last_error: string | null;
  done_at: string | null;
}

export interface EntrySchedule {
  can_schedule: boolean;
  schedule: ScheduleView[];
}

export const view = (row: ScheduledPublication): ScheduleView => ({
  id: row.id,
  action: row.action,
  run_at: new Date(row.run_at).toISOString(),
  status: row.status,
  last_error: row.last_error,
  done_at: row.done_at === null ? null : new Date(row.done_at).toISOString(),
});

