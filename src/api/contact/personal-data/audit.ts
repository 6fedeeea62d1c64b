/**
 * The audit of who took personal data out of the service or erased it (decision 65): every CSV export,
 * person export and erasure, and each retention run. A record says who (the admin's id), when, what
 * filter (its kind and dates, never a name, address or number) and how many leads; it holds no personal
 * data itself, so it may be kept as long as the agency keeps its records.
 * A CSV export streams for a while and its client may leave half-way: it is recorded before its first
 * row goes out (`started`), then updated with the rows that went out and how it ended.
 * A table of its own (like the leases), registered with Strapi's schema sync in src/index.ts.
 */
import type { Core } from '@strapi/strapi';

export const AUDIT_TABLE = 'app_personal_data_audit';

export const AUDIT_MODEL = {
  uid: 'app::personal-data-audit',
  singularName: 'personal-data-audit',
  tableName: AUDIT_TABLE,
  attributes: {
    id: { type: 'increments' },
    action: { type: 'string', column: { notNullable: true } },
    /** The admin user; null for the service's own retention run. */
    admin_id: { type: 'integer' },
    at: { type: 'biginteger', column: { notNullable: true } },
    /** JSON: what was asked for, without personal values. */
    filter: { type: 'text' },
    rows: { type: 'integer', column: { notNullable: true } },
    /** How it ended (`AuditOutcome`); null in records older than the column. */
    outcome: { type: 'string' },
  },
  indexes: [{ name: `${AUDIT_TABLE}_at`, columns: ['at'] }],
};

export type AuditAction = 'csv-export' | 'person-export' | 'erasure' | 'retention';

/**
 * `started`: under way, or the process stopped before it ended; `aborted`: the client closed the
 * connection first; `failed`: the service could not finish it.
 */
export type AuditOutcome = 'started' | 'completed' | 'aborted' | 'failed';

export interface AuditRecord {
  id: number;
  action: AuditAction;
  admin_id: number | null;
  at: number;
  filter: Record<string, unknown>;
  rows: number;
  outcome: AuditOutcome | null;
}

const PAGE = 200;

function newRecord(action: AuditAction, adminId: number | undefined, filter: Record<string, unknown>, rows: number, outcome: AuditOutcome) {
  return { action, admin_id: adminId ?? null, at: Date.now(), filter: JSON.stringify(filter), rows, outcome };
}

export function personalDataAudit(strapi: Core.Strapi) {
  const table = () => strapi.db.getConnection(AUDIT_TABLE);
  return {
    /** Something already done. */
    async record(action: AuditAction, adminId: number | undefined, filter: Record<string, unknown>, rows: number): Promise<void> {
      await table().insert(newRecord(action, adminId, filter, rows, 'completed'));
    },

    /** Something that begins now; its id, for `finish`. */
    async start(action: AuditAction, adminId: number | undefined, filter: Record<string, unknown>): Promise<number> {
      const [inserted] = (await table().insert(newRecord(action, adminId, filter, 0, 'started'), ['id'])) as Array<number | { id: number }>;
      return Number(typeof inserted === 'object' ? inserted.id : inserted);
    },

    async finish(id: number, rows: number, outcome: Exclude<AuditOutcome, 'started'>): Promise<void> {
      await table().where({ id }).update({ rows, outcome });
    },

    /** The latest records, newest first. */
    async latest(limit = PAGE): Promise<AuditRecord[]> {
      const rows = (await table().orderBy('id', 'desc').limit(limit)) as Array<Record<string, unknown>>;
      return rows.map((row) => ({
        id: Number(row.id),
        action: row.action as AuditAction,
        admin_id: row.admin_id === null || row.admin_id === undefined ? null : Number(row.admin_id),
        at: Number(row.at),
        filter: JSON.parse(String(row.filter ?? '{}')) as Record<string, unknown>,
        rows: Number(row.rows),
        outcome: (row.outcome ?? null) as AuditOutcome | null,
      }));
    },
  };
}
