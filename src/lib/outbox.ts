/**
 * An outbox table's claims (lead deliveries, alert e-mails): rows wait as pending or retrying until
 * `next_attempt_at`; a sender claims due rows for a limited time under a token before it sends
 * (`claimed_by`, `claimed_until`, the attempt counted), and only the claim's holder records the outcome,
 * which releases the rows. A sender that dies loses nothing: its claims run out and the rows are due
 * again. The rows' own statuses and fields are their domain's.
 */
import type { Core } from '@strapi/strapi';

/** A knex instance or transaction (Strapi does not export knex's types). */
export type Knex = Core.Strapi['db']['connection'];
type Query = ReturnType<Knex>;

/** How long a row waits after a failed attempt: `backoffMs` doubled per attempt, capped at `maxBackoffMs`. */
export interface Backoff {
  backoffMs: number;
  maxBackoffMs: number;
}

/**
 * The wait after the `attempt`-th failed attempt, drawn at random from the upper half of its step so
 * instances that failed together (a CRM or mail outage) do not all come back at the same moment.
 */
export function backoffDelay(backoff: Backoff, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.maxBackoffMs, backoff.backoffMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * The columns every outbox table has, whatever its domain (spread into the table's model): the row's
 * status, its attempts and when the next is due, the claim (holder and end), the last error, and its times
 * (milliseconds since the epoch). The statuses beyond the open ones, and the other columns, are the domain's.
 */
export const OUTBOX_ATTRIBUTES = {
  id: { type: 'increments' },
  status: { type: 'string', column: { notNullable: true } },
  attempts: { type: 'integer', column: { notNullable: true } },
  next_attempt_at: { type: 'biginteger', column: { notNullable: true } },
  claimed_by: { type: 'string' },
  claimed_until: { type: 'biginteger' },
  last_error: { type: 'text' },
  created_at: { type: 'biginteger', column: { notNullable: true } },
  updated_at: { type: 'biginteger', column: { notNullable: true } },
} as const;

/** The statuses of rows still to be sent. */
export const OPEN_STATUSES = ['pending', 'retrying'] as const;

/** What a claim takes: of the due rows, the candidates (selected, ordered, limited), and the rows they name. */
export interface ClaimScope<Candidate> {
  candidates(due: Query): Query;
  rows(query: Query, candidates: Candidate[]): Query;
}

export function outboxTable(strapi: Core.Strapi, name: string) {
  const schema = strapi.db.getSchemaName();
  const table = (knex: Knex = strapi.db.connection): Query => (schema ? knex(name).withSchema(schema) : knex(name));
  const isPostgres = strapi.config.get('database.connection.client') === 'postgres';
  const due = (query: Query, now: number): Query =>
    query
      .whereIn('status', OPEN_STATUSES)
      .where('next_attempt_at', '<=', now)
      .where((free: Knex) => free.whereNull('claimed_until').orWhere('claimed_until', '<', now));

  return {
    table,

    /**
     * Takes the due rows `scope` names for `holdMs` under `token`, counting the attempt; none when nothing
     * is due. On PostgreSQL the candidates are locked with SKIP LOCKED, so instances claiming at the same
     * moment take different rows; SQLite has one writer. The update checks the rows are still free and only
     * those this token got are returned, so a row is never claimed twice even so.
     */
    async claim<Candidate>(scope: ClaimScope<Candidate>, holdMs: number, token: string, now: number): Promise<Array<Record<string, unknown>>> {
      return strapi.db.connection.transaction(async (trx: Knex) => {
        let candidates = scope.candidates(due(table(trx), now));
        if (isPostgres) candidates = candidates.forUpdate().skipLocked();
        const found = (await candidates) as Candidate[];
        if (found.length === 0) return [];
        await due(scope.rows(table(trx), found), now).update({ claimed_by: token, claimed_until: now + holdMs, attempts: trx.raw('?? + 1', ['attempts']), updated_at: now });
        return (await scope.rows(table(trx), found).where('claimed_by', token).whereIn('status', OPEN_STATUSES).orderBy('id')) as Array<Record<string, unknown>>;
      });
    },

    /** Records `outcome` on the rows of `ids` this token still holds, releasing them (inside `trx`); how many it recorded. */
    async settle(trx: Knex, ids: readonly number[], token: string, outcome: Record<string, unknown>, now: number): Promise<number> {
      const released = { ...outcome, claimed_by: null, claimed_until: null, updated_at: now };
      return Number(await table(trx).whereIn('id', ids).where('claimed_by', token).update(released));
    },
  };
}
