/**
 * Scheduled publications: one row per entry, locale, action (publish or unpublish) and time. A row is
 * `scheduled` until due, then claimed by one instance for a limited time (`claimed_until`, a single
 * conditional UPDATE, so two instances never both take it), and ends `done`, `failed` (with the
 * reason) or `cancelled` by an editor. A claim whose holder died runs out and the row is due again:
 * publishing twice publishes the same draft, so at-least-once is safe.
 *
 * A table of its own (like the leases), registered with Strapi's schema sync in src/index.ts; times are
 * milliseconds since the epoch, as in the leases table.
 */
import type { Core } from '@strapi/strapi';

export const SCHEDULE_TABLE = 'app_scheduled_publications';

export const SCHEDULE_MODEL = {
  uid: 'app::scheduled-publication',
  singularName: 'scheduled-publication',
  tableName: SCHEDULE_TABLE,
  attributes: {
    id: { type: 'increments' },
    content_type: { type: 'string', column: { notNullable: true } },
    document_id: { type: 'string', column: { notNullable: true } },
    locale: { type: 'string', column: { notNullable: true } },
    action: { type: 'string', column: { notNullable: true } },
    run_at: { type: 'biginteger', column: { notNullable: true } },
    status: { type: 'string', column: { notNullable: true } },
    claimed_by: { type: 'string' },
    claimed_until: { type: 'biginteger' },
    last_error: { type: 'text' },
    /** The admin user who scheduled it (an id: nothing personal is copied here). */
    created_by: { type: 'integer' },
    created_at: { type: 'biginteger', column: { notNullable: true } },
    done_at: { type: 'biginteger' },
  },
  indexes: [
    { name: `${SCHEDULE_TABLE}_due`, columns: ['status', 'run_at'] },
    { name: `${SCHEDULE_TABLE}_entry`, columns: ['content_type', 'document_id', 'locale'] },
  ],
};

export const SCHEDULE_ACTIONS = ['publish', 'unpublish'] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];
export type ScheduleStatus = 'scheduled' | 'done' | 'failed' | 'cancelled';

export interface ScheduledPublication {
  id: number;
  content_type: string;
  document_id: string;
  locale: string;
  action: ScheduleAction;
  run_at: number;
  status: ScheduleStatus;
  last_error: string | null;
  done_at: number | null;
}

export interface EntryRef {
  uid: string;
  documentId: string;
  locale: string;
}

/** PostgreSQL returns bigint columns as strings. */
function fromRow(row: Record<string, unknown>): ScheduledPublication {
  return {
    id: Number(row.id),
    content_type: String(row.content_type),
    document_id: String(row.document_id),
    locale: String(row.locale),
    action: row.action as ScheduleAction,
    run_at: Number(row.run_at),
    status: row.status as ScheduleStatus,
    last_error: (row.last_error as string | null) ?? null,
    done_at: row.done_at === null || row.done_at === undefined ? null : Number(row.done_at),
  };
}

/** Finished rows kept beside an entry's schedule in the admin. */
const HISTORY = 5;

export function scheduleStore(strapi: Core.Strapi) {
  const table = () => strapi.db.getConnection(SCHEDULE_TABLE);

  return {
    async add(entry: EntryRef, action: ScheduleAction, runAt: number, createdBy: number | undefined): Promise<ScheduledPublication> {
      const row = { content_type: entry.uid, document_id: entry.documentId, locale: entry.locale, action, run_at: runAt, status: 'scheduled', created_by: createdBy ?? null, created_at: Date.now() };
      // Strapi's query engine gets the new id back on SQLite and PostgreSQL alike.
      const created = (await strapi.db.query(SCHEDULE_MODEL.uid as never).create({ data: row })) as { id: number };
      return (await this.find(created.id))!;
    },

    async find(id: number): Promise<ScheduledPublication | undefined> {
      const row = (await table().where({ id }).first()) as Record<string, unknown> | undefined;
      return row && fromRow(row);
    },

    /** An entry's rows still to run, by time, then its last finished ones. */
    async ofEntry(entry: EntryRef): Promise<ScheduledPublication[]> {
      const where = { content_type: entry.uid, document_id: entry.documentId, locale: entry.locale };
      const [pending, finished] = await Promise.all([
        table().where(where).andWhere('status', 'scheduled').orderBy('run_at'),
        table().where(where).andWhereNot('status', 'scheduled').orderBy('id', 'desc').limit(HISTORY),
      ]);
      return [...(pending as Array<Record<string, unknown>>), ...(finished as Array<Record<string, unknown>>)].map(fromRow);
    },

    /** True when the row was still to run (and is now cancelled). */
    async cancel(id: number): Promise<boolean> {
      return Number(await table().where({ id, status: 'scheduled' }).andWhere(free(Date.now())).update({ status: 'cancelled', done_at: Date.now() })) === 1;
    },

    /** Ids of the rows due at `now` that nobody holds, oldest first. */
    async due(now: number, limit: number): Promise<number[]> {
      const rows = await table().where('status', 'scheduled').andWhere('run_at', '<=', now).andWhere(free(now)).orderBy('run_at').limit(limit).select('id');
      return (rows as Array<{ id: number }>).map((row) => Number(row.id));
    },

    /** Takes the row for `holdMs` when it is still due and free; the row when taken, undefined when another instance has it. */
    async claim(id: number, owner: string, holdMs: number, now = Date.now()): Promise<ScheduledPublication | undefined> {
      const taken = await table().where({ id, status: 'scheduled' }).andWhere(free(now)).update({ claimed_by: owner, claimed_until: now + holdMs });
      return Number(taken) === 1 ? this.find(id) : undefined;
    },

    /** Records the outcome, if `owner` still holds the row. */
    async finish(id: number, owner: string, error?: string): Promise<void> {
      await table()
        .where({ id, claimed_by: owner })
        .update({ status: error ? 'failed' : 'done', last_error: error ?? null, done_at: Date.now(), claimed_by: null, claimed_until: null });
    },
  };
}

/** Nobody holds the row, or their claim has run out. */
const free = (now: number) => (query: Core.Strapi['db']['connection']) => query.whereNull('claimed_until').orWhere('claimed_until', '<', now);

export type ScheduleStore = ReturnType<typeof scheduleStore>;
