/**
 * Leases: named locks shared by every process on the database (instances, the sync CLI), in a table of
 * their own, on SQLite as on PostgreSQL. A lease is held for a time-to-live and renewed in the
 * background while its holder runs; a holder that crashes or stalls stops renewing, and the lease is
 * free again once its time is up. A holder that fails to renew in time learns it lost the lease
 * (`held()` turns false) and must stop doing what the lease protected.
 *
 * `claim` takes a name once for a fixed time and is never renewed: "this tick of the schedule is mine".
 * Building blocks for anything that must run once across instances (a sync, a scheduled job, a fetch,
 * a worker). Leases are written outside any transaction (they must be seen by others at once): never
 * take one inside `strapi.db.transaction` (on SQLite, whose one connection the transaction holds, it
 * would wait forever).
 */
import type { Core } from '@strapi/strapi';
import { errorMessage } from '../errors';
import { metrics } from '../metrics';
import { INSTANCE_ID } from './instance';

export const LEASE_TABLE = 'app_leases';

/** The table, registered with Strapi's own schema sync (src/index.ts). */
export const LEASE_MODEL = {
  uid: 'app::lease',
  singularName: 'lease',
  tableName: LEASE_TABLE,
  attributes: {
    id: { type: 'increments' },
    name: { type: 'string', column: { notNullable: true } },
    owner: { type: 'string', column: { notNullable: true } },
    expires_at: { type: 'biginteger', column: { notNullable: true } },
  },
  indexes: [{ name: `${LEASE_TABLE}_name_unique`, columns: ['name'], type: 'unique' }],
};

export const DEFAULT_LEASE_TTL_MS = 30_000;

export interface Lease {
  readonly name: string;
  /** False once released, or once a renewal failed to land before the time-to-live ran out. */
  held(): boolean;
  release(): Promise<void>;
}

export interface Leases {
  /** Takes the lease when it is free (or its holder's time is up); null when someone holds it. */
  tryAcquire(name: string, ttlMs?: number): Promise<Lease | null>;
  /** Takes `name` for `holdMs` when nobody has it; never renewed nor released. */
  claim(name: string, holdMs: number): Promise<boolean>;
  /** Which of `names` someone holds now (a read, for messages: it may change at once). */
  heldNow(names: string[]): Promise<string[]>;
}

let acquisitions = 0;
/** Each acquisition has its own owner token, so two holders in one process are told apart too. */
const newToken = () => `${INSTANCE_ID}#${(acquisitions += 1)}`;

export function leases(strapi: Core.Strapi): Leases {
  const table = () => strapi.db.getConnection(LEASE_TABLE);

  /** Inserts the row, or takes it over when expired; true when `token` holds it afterwards. */
  async function take(name: string, token: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    await table()
      .insert({ name, owner: token, expires_at: now + ttlMs })
      .onConflict('name')
      .merge({ owner: token, expires_at: now + ttlMs })
      .where(`${LEASE_TABLE}.expires_at`, '<', now);
    const row = (await table().where({ name }).first('owner')) as { owner: string } | undefined;
    return row?.owner === token;
  }

  function holdWithRenewal(name: string, token: string, ttlMs: number): Lease {
    let expiresAt = Date.now() + ttlMs;
    let state: 'held' | 'lost' | 'released' = 'held';
    metrics.leaseHeld(name, true);
    const lose = (why: string) => {
      state = 'lost';
      metrics.leaseHeld(name, false);
      clearInterval(timer);
      strapi.log.warn(`lease ${name}: lost (${why}); the work it protected must stop`);
    };
    const timer = setInterval(async () => {
      const renewedUntil = Date.now() + ttlMs;
      try {
        // Only a lease still in its time is renewed: once it ran out, another may take it at any moment.
        const count = await table().where({ name, owner: token }).andWhere('expires_at', '>=', Date.now()).update({ expires_at: renewedUntil });
        if (state !== 'held') return;
        if (Number(count) === 1) expiresAt = renewedUntil;
        else lose('its time ran out before a renewal landed, or another holder took it');
      } catch (error) {
        if (state === 'held' && Date.now() >= expiresAt) lose(`renewal failed: ${errorMessage(error)}`);
      }
    }, Math.max(100, Math.floor(ttlMs / 3)));
    timer.unref();

    return {
      name,
      held: () => state === 'held' && Date.now() < expiresAt,
      async release() {
        if (state === 'released') return;
        if (state === 'held') metrics.leaseHeld(name, false);
        state = 'released';
        clearInterval(timer);
        await table().where({ name, owner: token }).delete();
      },
    };
  }

  return {
    async tryAcquire(name, ttlMs = DEFAULT_LEASE_TTL_MS) {
      const token = newToken();
      return (await take(name, token, ttlMs)) ? holdWithRenewal(name, token, ttlMs) : null;
    },

    async claim(name, holdMs) {
      await table().where('expires_at', '<', Date.now()).delete();
      return take(name, newToken(), holdMs);
    },

    async heldNow(names) {
      const rows = (await table().whereIn('name', names).andWhere('expires_at', '>=', Date.now()).select('name')) as Array<{ name: string }>;
      return names.filter((name) => rows.some((row) => row.name === name));
    },
  };
}
