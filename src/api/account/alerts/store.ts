/**
 * The alerts' tables (tables.ts) as the matcher and the sender use them. Alerts and their told marks are
 * written in one transaction: a committed alert was remembered as told, and a told mark always has its
 * alert (or was a quiet one). The outbox's rows move from pending to sent, or through retrying to
 * failed, or to cancelled (the buyer may no longer be written to); a sender claims a buyer's batch for
 * a limited time before it sends, and only the claim's holder records the outcome (src/lib/outbox.ts).
 */
import type { Core } from '@strapi/strapi';
import { OPEN_STATUSES, outboxTable, type Knex } from '../../../lib/outbox';
import { favoritesSubject, type AlertKind, type ProjectState } from '../lib/alert-rules';
import { USER_UID } from '../services/buyer';
import { ALERTS_TABLE, MUTES_TABLE, TOLD_TABLE } from './tables';

const SAVED_SEARCH_UID = 'api::account.saved-search';

export type AlertStatus = 'pending' | 'retrying' | 'sent' | 'failed' | 'cancelled';

export interface NewAlert {
  buyer_id: number;
  subject: string;
  subject_name: string | null;
  batch: string;
  project_id: string;
  project_names: Record<string, string>;
  kind: AlertKind;
  price: number | null;
  previous_price: number | null;
  due_at: number;
}

export interface ToldMark {
  subject: string;
  project_id: string;
  price: number | null;
}

export interface StoredAlert extends Omit<NewAlert, 'due_at'> {
  id: number;
  attempts: number;
  created_at: number;
}

export interface SeenRow extends ProjectState {
  project_id: string;
  record: string;
}

/** Rows per INSERT, and ids per IN (): well under SQLite's 999 variables. */
const CHUNK = 100;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function alertOf(row: Record<string, unknown>): StoredAlert {
  return {
    id: Number(row.id),
    buyer_id: Number(row.buyer_id),
    subject: String(row.subject),
    subject_name: (row.subject_name as string | null) ?? null,
    batch: String(row.batch),
    project_id: String(row.project_id),
    project_names: JSON.parse(String(row.project_names)) as Record<string, string>,
    kind: row.kind as AlertKind,
    price: number(row.price),
    previous_price: number(row.previous_price),
    attempts: Number(row.attempts),
    created_at: Number(row.created_at),
  };
}

export function alertStore(strapi: Core.Strapi) {
  const schema = strapi.db.getSchemaName();
  const table = (name: string, knex: Knex = strapi.db.connection) => (schema ? knex(name).withSchema(schema) : knex(name));
  const outbox = outboxTable(strapi, ALERTS_TABLE);

  return {
    /** The items as the last match of their catalogue saw them (without their records); `seen`: the catalogue's table. */
    async seenStates(seen: string): Promise<Map<string, ProjectState>> {
      const rows = (await table(seen).select('project_id', 'price', 'fingerprint')) as Array<Record<string, unknown>>;
      return new Map(rows.map((row) => [String(row.project_id), { price: number(row.price), fingerprint: String(row.fingerprint) }]));
    },

    /** The records the last match of the catalogue of table `seen` saw of `ids` (JSON). */
    async seenRecords(ids: readonly string[], seen: string): Promise<string[]> {
      const records: string[] = [];
      for (const part of chunks(ids)) {
        const rows = (await table(seen).select('record').whereIn('project_id', part)) as Array<{ record: string }>;
        records.push(...rows.map((row) => row.record));
      }
      return records;
    },

    /** After a match: the changed items as seen now, the items gone dropped. */
    async saveSeen(changed: readonly SeenRow[], goneIds: readonly string[], seen: string): Promise<void> {
      await strapi.db.connection.transaction(async (trx: Knex) => {
        for (const part of chunks(goneIds)) await table(seen, trx).whereIn('project_id', part).delete();
        for (const part of chunks(changed)) await table(seen, trx).insert(part).onConflict('project_id').merge(['price', 'fingerprint', 'record']);
      });
    },

    /** What was told of `projectIds`, by `subject|project`. */
    async toldOf(projectIds: readonly string[]): Promise<Map<string, { price: number | null }>> {
      const told = new Map<string, { price: number | null }>();
      for (const part of chunks(projectIds)) {
        const rows = (await table(TOLD_TABLE).select('subject', 'project_id', 'price').whereIn('project_id', part)) as Array<Record<string, unknown>>;
        for (const row of rows) told.set(`${row.subject}|${row.project_id}`, { price: number(row.price) });
      }
      return told;
    },

    /** Alerts and their told marks, in one transaction. */
    async record(alerts: readonly NewAlert[], told: readonly ToldMark[], now = Date.now()): Promise<void> {
      if (alerts.length === 0 && told.length === 0) return;
      await strapi.db.connection.transaction(async (trx: Knex) => {
        for (const part of chunks(told)) {
          await table(TOLD_TABLE, trx).insert(part.map((mark) => ({ ...mark, told_at: now }))).onConflict(['subject', 'project_id']).merge(['price', 'told_at']);
        }
        for (const part of chunks(alerts)) {
          await table(ALERTS_TABLE, trx).insert(
            part.map(({ due_at, project_names, ...alert }) => ({
              ...alert, project_names: JSON.stringify(project_names), status: 'pending', attempts: 0, next_attempt_at: due_at, created_at: now, updated_at: now,
            }))
          );
        }
      });
    },

    async mutedSubjects(): Promise<Set<string>> {
      return new Set(((await table(MUTES_TABLE).select('subject')) as Array<{ subject: string }>).map((row) => row.subject));
    },

    async isMuted(subject: string): Promise<boolean> {
      return Boolean(await table(MUTES_TABLE).where({ subject }).first('id'));
    },

    /** Stops the alerts of `subjects` (the buyer's): muted, and their alerts not sent yet cancelled. */
    async mute(buyerId: number, subjects: readonly string[], now = Date.now()): Promise<void> {
      await strapi.db.connection.transaction(async (trx: Knex) => {
        await table(MUTES_TABLE, trx).insert(subjects.map((subject) => ({ subject, buyer_id: buyerId, muted_at: now }))).onConflict('subject').ignore();
        await table(ALERTS_TABLE, trx).where('buyer_id', buyerId).whereIn('subject', subjects).whereIn('status', OPEN_STATUSES).update({ status: 'cancelled', updated_at: now });
      });
    },

    /** Whether any alert is due at `now` (a read, before a sender takes the lease). */
    async anyDue(now = Date.now()): Promise<boolean> {
      return Boolean(await table(ALERTS_TABLE).whereIn('status', OPEN_STATUSES).where('next_attempt_at', '<=', now).first('id'));
    },

    /** Takes the due alerts of one buyer's batch for `holdMs` under `token`, counting the attempt (src/lib/outbox.ts); none when nothing is due. */
    async claimBatch(holdMs: number, token: string, now = Date.now()): Promise<StoredAlert[]> {
      type Batch = { buyer_id: number; batch: string };
      const scope = {
        candidates: (due: ReturnType<typeof table>) => due.select('buyer_id', 'batch').orderBy('next_attempt_at').limit(1),
        rows: (query: ReturnType<typeof table>, [first]: Batch[]) => query.where({ buyer_id: first.buyer_id, batch: first.batch }),
      };
      return (await outbox.claim(scope, holdMs, token, now)).map(alertOf);
    },

    /** Records the outcome of one batch's attempt; false when the claim was lost. */
    async finish(ids: readonly number[], token: string, outcome: { status: AlertStatus; nextAttemptAt?: number; error?: string }, now = Date.now()): Promise<boolean> {
      const fields: Record<string, unknown> = { status: outcome.status, last_error: outcome.error ?? null };
      if (outcome.nextAttemptAt !== undefined) fields.next_attempt_at = outcome.nextAttemptAt;
      if (outcome.status === 'sent') fields.sent_at = now;
      let recorded = 0;
      await strapi.db.connection.transaction(async (trx: Knex) => {
        for (const part of chunks(ids)) recorded += await outbox.settle(trx, part, token, fields, now);
      });
      return recorded === ids.length;
    },

    /**
     * Deletes what nobody needs any more: settled alerts (sent, failed, cancelled) older than `before`;
     * every row of a buyer whose account is gone; told marks and mutes of searches deleted since.
     */
    async purge(before: number): Promise<number> {
      const ids = (uid: string, prefix?: string) => {
        const query = table(strapi.db.metadata.get(uid).tableName);
        return prefix ? query.select(strapi.db.connection.raw(`? || ??`, [prefix, 'id'])) : query.select('id');
      };
      const users = () => ids(USER_UID);
      let removed = Number(await table(ALERTS_TABLE).whereIn('status', ['sent', 'failed', 'cancelled']).where('updated_at', '<', before).delete());
      removed += Number(await table(ALERTS_TABLE).whereNotIn('buyer_id', users()).delete());
      removed += Number(await table(MUTES_TABLE).whereNotIn('buyer_id', users()).delete());
      for (const name of [TOLD_TABLE, MUTES_TABLE]) {
        removed += Number(await table(name).where('subject', 'like', 'search:%').whereNotIn('subject', ids(SAVED_SEARCH_UID, 'search:')).delete());
        removed += Number(await table(name).where('subject', 'like', 'favorites:%').whereNotIn('subject', ids(USER_UID, 'favorites:')).delete());
      }
      return removed;
    },

    /** Everything kept of a buyer whose account is erased, at once (the purge would take it within the hour). */
    async forgetBuyer(buyerId: number): Promise<void> {
      await strapi.db.connection.transaction(async (trx: Knex) => {
        await table(ALERTS_TABLE, trx).where('buyer_id', buyerId).delete();
        await table(MUTES_TABLE, trx).where('buyer_id', buyerId).delete();
        await table(TOLD_TABLE, trx).where('subject', favoritesSubject(buyerId)).delete();
      });
    },

    /** The outbox's rows per status (metrics, at each scrape). */
    async counts(): Promise<Array<{ status: string; count: number }>> {
      const rows = (await table(ALERTS_TABLE).select('status').count({ n: '*' }).groupBy('status')) as Array<{ status: string; n: number | string }>;
      return rows.map((row) => ({ status: row.status, count: Number(row.n) }));
    },

    /** Alerts sent since `since` (by when they went) and those given up on since (by their last try). */
    async countsSince(since: number): Promise<{ sent: number; failed: number }> {
      const count = async (status: string, column: string) =>
        Number(((await table(ALERTS_TABLE).where('status', status).where(column, '>=', since).count({ n: '*' })) as Array<{ n: number | string }>)[0]?.n ?? 0);
      return { sent: await count('sent', 'sent_at'), failed: await count('failed', 'updated_at') };
    },

    /** A buyer's alerts, newest first (their personal data export). */
    async ofBuyer(buyerId: number): Promise<Array<StoredAlert & { status: string; sent_at: number | null }>> {
      const rows = (await table(ALERTS_TABLE).where('buyer_id', buyerId).orderBy('id', 'desc')) as Array<Record<string, unknown>>;
      return rows.map((row) => ({ ...alertOf(row), status: String(row.status), sent_at: number(row.sent_at) }));
    },
  };
}

export type AlertStore = ReturnType<typeof alertStore>;
