/**
 * The first lead of each person and subject (decision 144), in a table of its own with a unique key
 * on (person, subject): the lead that takes a key is the first, one that finds it taken within the
 * window is a repeat of the lead it names. Taken inside the transaction that stores the lead, so two
 * identical submissions at once are one first and one repeat on every database and instance: on
 * PostgreSQL the second insert waits for the first transaction and then finds its row; SQLite has one
 * writer. A key older than the window is handed to the new lead by an update that only one of two
 * racing transactions can make.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from '../../../lib/outbox';
import type { RepeatKey } from '../lib/lead-repeat';

export const REPEAT_TABLE = 'app_lead_firsts';

/** Registered with Strapi's schema sync in src/index.ts; times are milliseconds since the epoch. */
export const REPEAT_MODEL = {
  uid: 'app::lead-first',
  singularName: 'lead-first',
  tableName: REPEAT_TABLE,
  attributes: {
    id: { type: 'increments' },
    person: { type: 'string', column: { notNullable: true } },
    subject: { type: 'string', column: { notNullable: true } },
    lead_id: { type: 'integer', column: { notNullable: true } },
    first_at: { type: 'biginteger', column: { notNullable: true } },
  },
  indexes: [
    { name: `${REPEAT_TABLE}_key_unique`, columns: ['person', 'subject'], type: 'unique' },
    { name: `${REPEAT_TABLE}_lead`, columns: ['lead_id'] },
  ],
};

interface FirstRow {
  lead_id: number | string;
  first_at: number | string;
}

export function repeatStore(strapi: Core.Strapi) {
  const schema = strapi.db.getSchemaName();
  const table = (knex: Knex = strapi.db.connection) => (schema ? knex(REPEAT_TABLE).withSchema(schema) : knex(REPEAT_TABLE));

  /** The keys `leadId` took now: a lead's first keys are all taken by one insert (no read back). */
  async function take(trx: Knex, keys: readonly RepeatKey[], leadId: number, now: number): Promise<Set<string>> {
    const rows = keys.map((key) => ({ ...key, lead_id: leadId, first_at: now }));
    const taken = (await table(trx).insert(rows).onConflict(['person', 'subject']).ignore().returning(['person'])) as Array<{ person: string }>;
    return new Set(taken.map((row) => row.person));
  }

  /** The first lead under a key another lead holds: it, within the window; else `leadId`, once the stale key is handed over. */
  async function firstFor(trx: Knex, key: RepeatKey, leadId: number, now: number, since: number): Promise<number> {
    for (;;) {
      const row = (await table(trx).where(key).first('lead_id', 'first_at')) as FirstRow;
      if (Number(row.first_at) >= since) return Number(row.lead_id);
      const handedOver = await table(trx).where(key).where('first_at', '<', since).update({ lead_id: leadId, first_at: now });
      if (Number(handedOver) === 1) return leadId;
    }
  }

  return {
    /**
     * Inside the transaction storing lead `leadId`: the earlier lead it repeats (its keys within the
     * window since `since`), or undefined when it is the first. A repeat's keys all name the first.
     */
    async claim(trx: Knex, keys: readonly RepeatKey[], leadId: number, since: number, now = Date.now()): Promise<number | undefined> {
      const taken = await take(trx, keys, leadId, now);
      const firsts: number[] = [];
      for (const key of keys) firsts.push(taken.has(key.person) ? leadId : await firstFor(trx, key, leadId, now, since));
      const earlier = firsts.filter((id) => id !== leadId);
      if (earlier.length === 0) return undefined;
      const first = Math.min(...earlier);
      await table(trx).where('lead_id', leadId).update({ lead_id: first });
      return first;
    },

    /** Forgets the keys of erased leads: they name a person. */
    async forget(trx: Knex, leadIds: readonly number[]): Promise<void> {
      if (leadIds.length > 0) await table(trx).whereIn('lead_id', leadIds).delete();
    },

    /** Deletes keys older than the window: they can no longer make a repeat. */
    async purge(since: number): Promise<number> {
      return Number(await table().where('first_at', '<', since).delete());
    },
  };
}
