/**
 * The audit of who took personal data out of the service or erased it (decision 65): every CSV export,
 * person export and erasure, and each retention run. A record says who (the admin's id), when, what
 * filter (its kind and dates, never a name, address or number) and how many leads; it holds no personal
 * data itself, so it may be kept as long as the agency keeps its records.
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
  },
  indexes: [{ name: `${AUDIT_TABLE}_at`, columns: ['at'] }],
};

export type AuditAction = 'csv-export' | 'person-export' | 'erasure' | 'retention';

export interface AuditRecord {
  id: number;
  action: AuditAction;
  admin_id: number | null;
  at: number;
  filter: Record<string, unknown>;
  rows: number;
}

const PAGE = 200;

export function personalDataAudit(strapi: Core.Strapi) {
  const table = () => strapi.db.getConnection(AUDIT_TABLE);
  return {
    async record(action: AuditAction, adminId: number | undefined, filter: Record<string, unknown>, rows: number): Promise<void> {
      await table().insert({ action, admin_id: adminId ?? null, at: Date.now(), filter: JSON.stringify(filter), rows });
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
      }));
    },
  };
}
