/**
 * The lead delivery outbox: one row per lead and target, written in the transaction that stores the
 * lead, so a committed lead always has its deliveries and a rolled-back one has none. Rows move from
 * pending to delivered, or through retrying to failed; a worker claims a row for a limited time before
 * it sends, and only the claim's holder may record the outcome (src/lib/outbox.ts).
 *
 * A table of its own (like the leases), registered with Strapi's schema sync in src/index.ts; times are
 * milliseconds since the epoch, as in the leases table.
 */
import { randomUUID } from 'crypto';
import type { Core } from '@strapi/strapi';
import { OPEN_STATUSES, OUTBOX_ATTRIBUTES, outboxTable, type Knex } from '../../../lib/outbox';
import type { DeliveryEvent, DeliveryStatus, DeliveryTarget, NextStep } from '../lib/delivery-policy';
import { CONTACT_UID } from '../lib/lead-type';

export const DELIVERY_TABLE = 'app_lead_deliveries';

export const DELIVERY_MODEL = {
  uid: 'app::lead-delivery',
  singularName: 'lead-delivery',
  tableName: DELIVERY_TABLE,
  attributes: {
    ...OUTBOX_ATTRIBUTES,
    contact_id: { type: 'integer', column: { notNullable: true } },
    target: { type: 'string', column: { notNullable: true } },
    /** What is sent: the lead (null, as in rows from before erasure events), or its erasure (`lead.erased`). */
    event: { type: 'string' },
    idempotency_key: { type: 'string', column: { notNullable: true } },
    /** Start of the current round of attempts (the lead's arrival, or an editor's retry): the age limit counts from it. */
    round_started_at: { type: 'biginteger', column: { notNullable: true } },
    delivered_at: { type: 'biginteger' },
  },
  indexes: [
    { name: `${DELIVERY_TABLE}_key_unique`, columns: ['idempotency_key'], type: 'unique' },
    { name: `${DELIVERY_TABLE}_due`, columns: ['status', 'target', 'next_attempt_at'] },
    { name: `${DELIVERY_TABLE}_contact`, columns: ['contact_id'] },
  ],
};

export interface Delivery {
  id: number;
  contact_id: number;
  target: DeliveryTarget;
  event: DeliveryEvent;
  idempotency_key: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  round_started_at: number;
  delivered_at: number | null;
}

/** PostgreSQL returns bigint columns as strings. */
function fromRow(row: Record<string, unknown>): Delivery {
  const time = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    id: Number(row.id),
    contact_id: Number(row.contact_id),
    target: row.target as DeliveryTarget,
    event: (row.event as DeliveryEvent | null) ?? 'lead.created',
    idempotency_key: String(row.idempotency_key),
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    next_attempt_at: Number(row.next_attempt_at),
    last_error: (row.last_error as string | null) ?? null,
    created_at: Number(row.created_at),
    round_started_at: Number(row.round_started_at),
    delivered_at: time(row.delivered_at),
  };
}

export function deliveryStore(strapi: Core.Strapi) {
  const schema = strapi.db.getSchemaName();
  const outbox = outboxTable(strapi, DELIVERY_TABLE);
  const { table } = outbox;
  /** A subquery: the ids of the stored leads. */
  const leadIds = () => {
    const contacts = strapi.db.connection(strapi.db.metadata.get(CONTACT_UID).tableName);
    return (schema ? contacts.withSchema(schema) : contacts).select('id');
  };

  return {
    /** Inside the transaction `trx` that stores lead `contactId`: one pending row per target (a repeat's event is `lead.repeated`). */
    async record(trx: Knex, contactId: number, targets: readonly DeliveryTarget[], now = Date.now(), event: DeliveryEvent = 'lead.created'): Promise<void> {
      if (targets.length === 0) return;
      await table(trx).insert(
        targets.map((target) => ({
          contact_id: contactId, target, ...(event === 'lead.created' ? {} : { event }), idempotency_key: randomUUID(), status: 'pending', attempts: 0,
          next_attempt_at: now, created_at: now, round_started_at: now, updated_at: now,
        }))
      );
    },

    /** The erasure of lead `contactId`, for the CRM webhook (decision 64): sent, and retried, as a lead is. */
    async recordErasure(trx: Knex, contactId: number, now = Date.now()): Promise<void> {
      await table(trx).insert({
        contact_id: contactId, target: 'webhook', event: 'lead.erased', idempotency_key: randomUUID(), status: 'pending', attempts: 0,
        next_attempt_at: now, created_at: now, round_started_at: now, updated_at: now,
      });
    },

    /** Cancels the lead deliveries of `contactIds` still to be sent (their person was erased); how many. */
    async cancelOpen(trx: Knex, contactIds: number[], now = Date.now()): Promise<number> {
      if (contactIds.length === 0) return 0;
      const count = await table(trx)
        .whereIn('contact_id', contactIds)
        .whereIn('status', [...OPEN_STATUSES, 'failed'])
        .where((lead: Knex) => lead.whereNull('event').orWhereIn('event', ['lead.created', 'lead.repeated']))
        .update({ status: 'cancelled', claimed_by: null, claimed_until: null, updated_at: now });
      return Number(count);
    },

    /** Takes up to `limit` due rows of `target` for `holdMs` under `token`, counting the attempt (src/lib/outbox.ts). */
    async claim(target: DeliveryTarget, limit: number, holdMs: number, token: string, now = Date.now()): Promise<Delivery[]> {
      const scope = {
        candidates: (due: ReturnType<typeof table>) => due.where('target', target).select('id').orderBy('next_attempt_at').limit(limit),
        rows: (query: ReturnType<typeof table>, candidates: Array<{ id: number }>) => query.whereIn('id', candidates.map((row) => row.id)),
      };
      return (await outbox.claim(scope, holdMs, token, now)).map(fromRow);
    },

    /**
     * Records the outcomes of attempts, in one transaction (one commit for many on SQLite); for each,
     * false when its claim was lost (its time ran out and another worker took it).
     */
    async finish(outcomes: Array<{ delivery: Delivery; token: string; step: NextStep }>, now = Date.now()): Promise<boolean[]> {
      return strapi.db.connection.transaction(async (trx: Knex) => {
        const recorded: boolean[] = [];
        for (const { delivery, token, step } of outcomes) {
          const outcome = {
            status: step.status,
            last_error: step.error ?? null,
            next_attempt_at: step.nextAttemptAt ?? delivery.next_attempt_at,
            delivered_at: step.status === 'delivered' ? now : null,
          };
          recorded.push((await outbox.settle(trx, [delivery.id], token, outcome, now)) === 1);
        }
        return recorded;
      });
    },

    /** An editor's retry of a failed delivery: a new round of attempts, due now. False unless it was failed. */
    async retry(id: number, now = Date.now()): Promise<boolean> {
      const count = await table()
        .where({ id, status: 'failed' })
        .update({ status: 'pending', attempts: 0, next_attempt_at: now, round_started_at: now, last_error: null, updated_at: now });
      return Number(count) === 1;
    },

    async find(id: number): Promise<Delivery | undefined> {
      const row = (await table().where({ id }).first()) as Record<string, unknown> | undefined;
      return row && fromRow(row);
    },

    async ofLeads(contactIds: number[]): Promise<Delivery[]> {
      if (contactIds.length === 0) return [];
      return ((await table().whereIn('contact_id', contactIds).orderBy('id')) as Array<Record<string, unknown>>).map(fromRow);
    },

    /** How many deliveries have `status`, of the leads `contactIds` (every stored lead when omitted). */
    async count(status: DeliveryStatus | DeliveryStatus[], contactIds?: number[]): Promise<number> {
      const query = table()
        .whereIn('status', Array.isArray(status) ? status : [status])
        .whereIn('contact_id', contactIds ?? leadIds());
      const row = (await query.count({ n: '*' }).first()) as { n: number | string } | undefined;
      return Number(row?.n ?? 0);
    },

    /** The outbox's open and failed rows per target and status, with the oldest's arrival (metrics, at each scrape; the due index covers it). */
    async backlog(): Promise<Array<{ target: string; status: string; count: number; oldestCreatedAt: number | null }>> {
      const rows = (await table()
        .select('target', 'status')
        .count({ n: '*' })
        .min({ oldest: 'created_at' })
        .whereIn('status', [...OPEN_STATUSES, 'failed'])
        .groupBy('target', 'status')) as Array<{ target: string; status: string; n: number | string; oldest: number | string | null }>;
      return rows.map((row) => ({ target: row.target, status: row.status, count: Number(row.n), oldestCreatedAt: row.oldest === null ? null : Number(row.oldest) }));
    },

    /**
     * Deletes delivered rows delivered before `before`, and the rows of leads deleted since (in one
     * statement each; the outbox's rows are small).
     */
    async purge(before: number): Promise<number> {
      const delivered = await table().where('status', 'delivered').where('delivered_at', '<', before).delete();
      // An erasure outlives its lead (deleted erasures): it goes once delivered, by the rule above.
      const orphans = await table()
        .whereNotIn('contact_id', leadIds())
        .where((lead: Knex) => lead.whereNull('event').orWhereIn('event', ['lead.created', 'lead.repeated']))
        .delete();
      return Number(delivered) + Number(orphans);
    },
  };
}

export type DeliveryStore = ReturnType<typeof deliveryStore>;
