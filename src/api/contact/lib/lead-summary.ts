/**
 * The figures of the dashboard's Leads widget (pure): the windows counted, and the latest leads as
 * the widget shows them, and the deliveries (notification e-mail, CRM webhook) that failed or are still
 * under way.
 */
import type { ContactRow } from './csv';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LeadWindows {
  today: Date;
  last7Days: Date;
  last30Days: Date;
}

export interface LatestLead {
  id: number;
  document_id: string;
  name: string;
  email: string;
  method_of_contact: string;
  received_at: string;
}

/** Leads of the last 30 days per project or per campaign, the largest first (`none`: leads without one). */
export interface LeadShare {
  name: string;
  count: number;
}

export interface LeadSummary {
  counts: { today: number; last_7_days: number; last_30_days: number };
  /** Decision 143: absent for a role that may not read the field. */
  per_project?: LeadShare[];
  per_campaign?: LeadShare[];
  /** Deliveries of these leads that failed for good (an editor may retry them), and those not yet delivered. */
  deliveries: { failed: number; pending: number };
  latest: LatestLead[];
}

/**
 * `today` starts at `dayStart` (the start of the editor's day, sent by the browser, which knows its
 * time zone) or else at UTC midnight; 7 and 30 days are rolling windows ending now.
 */
export function leadWindows(now: Date, dayStart?: Date): LeadWindows {
  const utcMidnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return {
    today: dayStart ?? utcMidnight,
    last7Days: new Date(now.getTime() - 7 * DAY_MS),
    last30Days: new Date(now.getTime() - 30 * DAY_MS),
  };
}

/** The `today` query parameter: an ISO date-time within the last 24 hours (a day's start), or absent. */
export function parseDayStart(raw: unknown, now: Date): { ok: true; value?: Date } | { ok: false; message: string } {
  if (raw === undefined || raw === '') return { ok: true };
  const value = typeof raw === 'string' ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(value.getTime())) return { ok: false, message: 'today must be an ISO date-time, e.g. 2026-03-01T00:00:00+04:00' };
  if (value > now || now.getTime() - value.getTime() > DAY_MS) return { ok: false, message: 'today must be the start of the current day (within the last 24 hours)' };
  return { ok: true, value };
}

export function latestLead(row: ContactRow & { documentId: string }): LatestLead {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  const received = row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt ?? 0);
  return {
    id: row.id,
    document_id: row.documentId,
    name,
    email: row.email ?? '',
    method_of_contact: row.method_of_contact ?? '',
    received_at: received.toISOString(),
  };
}

/** The `top` largest shares of `values` (null or empty counted as `none`), ties by name. */
export function leadShares(values: ReadonlyArray<string | null | undefined>, top: number): LeadShare[] {
  const counts = new Map<string, number>();
  for (const value of values) {
    const name = value || 'none';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, top);
}
