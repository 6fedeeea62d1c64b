/**
 * The scrape-time gauges of an outbox (src/lib/outbox.ts): its rows still due or given up, per status
 * (and per target, for an outbox with several), and the age of the oldest row still due. The same on
 * every instance, as they are read from the table. Its owner names them and hands the read.
 */
import type { ScrapeGauge, ScrapeRead } from './index';

/** An outbox's rows counted by status (and target), with the creation time of the oldest. */
export interface OutboxCount {
  target?: string;
  status: string;
  count: number;
  oldestCreatedAt?: number | null;
}

interface Named {
  name: string;
  help: string;
}

export interface OutboxGaugeDefinition {
  /** The read's name in `metrics_read_errors_total`. */
  reader: string;
  read(): Promise<OutboxCount[]>;
  /** The rows per status: labelled `target` and `status` when `byTarget`, `status` alone otherwise. */
  backlog: Named;
  byTarget: boolean;
  /** The age in seconds of the oldest row still pending or retrying, per target (absent when none). */
  oldestDue?: Named;
}

/** The statuses counted: a row sent is done and counted no more. */
const OPEN_STATUSES = ['pending', 'retrying', 'failed'];

export function outboxGauges({ reader, read, backlog, byTarget, oldestDue }: OutboxGaugeDefinition): ScrapeRead<OutboxCount> {
  const labelsOf = (row: OutboxCount): Record<string, string> => (byTarget ? { target: row.target ?? '', status: row.status } : { status: row.status });
  const rows: ScrapeGauge<OutboxCount> = {
    ...backlog,
    labelNames: byTarget ? ['target', 'status'] : ['status'],
    values: (counts) =>
      counts.filter((row) => OPEN_STATUSES.includes(row.status)).map((row) => [labelsOf(row), row.count] as const),
  };
  const age = (definition: Named): ScrapeGauge<OutboxCount> => ({
    ...definition,
    labelNames: ['target'],
    values(counts) {
      const oldest = new Map<string, number>();
      for (const row of counts) {
        if (row.status === 'failed' || row.oldestCreatedAt === null || row.oldestCreatedAt === undefined) continue;
        const target = row.target ?? '';
        oldest.set(target, Math.min(oldest.get(target) ?? Infinity, row.oldestCreatedAt));
      }
      return [...oldest].map(([target, createdAt]) => [{ target }, Math.max(0, (Date.now() - createdAt) / 1000)] as const);
    },
  });
  return { reader, read, gauges: oldestDue ? [rows, age(oldestDue)] : [rows] };
}
