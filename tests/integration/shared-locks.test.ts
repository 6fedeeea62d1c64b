/**
 * What keeps instances from doing one thing twice, on the real database (SQLite and PostgreSQL): leases
 * and claims (src/lib/cluster/leases.ts), the sync lock and run records built on them, and the
 * scheduled sync's tick claim, and the outboxes' claims of their due rows (src/lib/outbox.ts). Two holders here are two owners, as two instances would be; the
 * multi-process suite (tests/cluster) runs the same paths across real processes.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { setTimeout as sleep } from 'timers/promises';
import { adminToken, apiToken, getStrapi, http } from '../helpers/app';
import { checked } from '../helpers/contract';
import { leases, LEASE_TABLE, type Lease } from '../../src/lib/cluster/leases';
import { outboxTable } from '../../src/lib/outbox';
import { DELIVERY_TABLE } from '../../src/api/contact/deliveries/store';
import { scheduledSync } from '../../src/plugins/extsource/server/src/schedule';
import { sharedSyncLock } from '../../src/plugins/extsource/server/src/services/lock';
import { RUN_UID, STALE_RUN_MS, syncService } from '../../src/plugins/extsource/server/src/services/sync';

let strapi: Core.Strapi;
const held: Lease[] = [];
const uniqueName = (what: string) => `test:${what}:${Date.now()}:${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  strapi = await getStrapi();
});
afterEach(async () => {
  while (held.length) await held.pop()!.release();
});

async function acquire(name: string, ttlMs?: number): Promise<Lease | null> {
  const lease = await leases(strapi).tryAcquire(name, ttlMs);
  if (lease) held.push(lease);
  return lease;
}

describe('leases', () => {
  it('have one holder at a time; releasing frees them', async () => {
    const name = uniqueName('lease');
    const first = await acquire(name);
    expect(first?.held()).toBe(true);
    expect(await acquire(name)).toBeNull();
    await first!.release();
    expect(first!.held()).toBe(false);
    expect((await acquire(name))?.held()).toBe(true);
  });

  it('are renewed while held, and a holder whose time ran out without renewal is replaced and learns it', async () => {
    const name = uniqueName('lease');
    const first = (await acquire(name, 300))!;
    await sleep(700);
    expect(first.held()).toBe(true);
    expect(await acquire(name, 300)).toBeNull();

    // As if the holder had stalled: its renewals stopped landing and its time ran out long ago. (Not
    // "a millisecond ago": a renewal already in flight compares with its own, earlier, clock and lands.)
    await strapi.db.getConnection(LEASE_TABLE).where({ name }).update({ expires_at: 0 });
    const second = await acquire(name, 300);
    expect(second?.held()).toBe(true);
    await sleep(300);
    expect(first.held()).toBe(false);
    expect(second!.held()).toBe(true);
  });

  it('claims are taken once', async () => {
    const name = uniqueName('claim');
    expect(await leases(strapi).claim(name, 60_000)).toBe(true);
    expect(await leases(strapi).claim(name, 60_000)).toBe(false);
    expect(await leases(strapi).claim(uniqueName('claim'), 60_000)).toBe(true);
  });
});

describe('the sync lock', () => {
  const sync = async (type: string) => checked((await http()).post(`/api/extsource/sync/${type}`).set('Authorization', `Bearer ${await apiToken('full-access')}`));

  it('refuses a run whose listing types another process holds (all overlaps both), with 409', async () => {
    await acquire('extsource:sync:sale');
    const refused = await sync('all');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error_code: 'SYNC_IN_PROGRESS', message: 'A sync of sales is already running' });
    expect((await sync('sales')).status).toBe(409);
    expect((await sync('rentals')).body.data.status).toBe('succeeded');
    await held.pop()!.release();
    expect((await sync('all')).body.data.status).toBe('succeeded');
  });

  it("refuses the admin page's sync with 409 and its message, an expected answer that is not logged as an error", async () => {
    await acquire('extsource:sync:sale');
    const logged: unknown[][] = [];
    const logError = strapi.log.error;
    strapi.log.error = ((...args: unknown[]) => {
      logged.push(args);
      return (logError as (...args: unknown[]) => unknown).apply(strapi.log, args);
    }) as typeof strapi.log.error;
    try {
      const token = await adminToken();
      const refused = await (await http()).post('/extsource/sync/sales').set('Authorization', `Bearer ${token}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ status: 409, message: 'A sync of sales is already running' });
      const unknown = await (await http()).post('/extsource/sync/weekly').set('Authorization', `Bearer ${token}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toMatchObject({ status: 404, message: 'Unknown sync type "weekly" (all, sales, rentals)' });
      expect(logged).toEqual([]);
    } finally {
      strapi.log.error = logError;
    }
  });

  it('gives exactly one of overlapping runs asking at once the lock, every time, whatever order their keys come in', async () => {
    const lock = sharedSyncLock(leases(strapi));
    for (let round = 0; round < 20; round += 1) {
      const results = await Promise.all([lock.acquire(['sale', 'rent']), lock.acquire(['rent', 'sale']), lock.acquire(['rent'])]);
      const winners = results.filter((result) => result.acquired);
      expect(winners).toHaveLength(1);
      for (const winner of winners) if (winner.acquired) await winner.hold.release();
    }
  });
});

describe('run records', () => {
  it('fails only runs whose process stopped heartbeating, never a live one', async () => {
    const runs = strapi.db.query(RUN_UID);
    const base = { run_type: 'sales', status: 'running', trigger: 'cli', started_at: new Date(), warnings: [] };
    const dead = await runs.create({ data: { ...base, owner: 'gone:1:aaaaaa', heartbeat_at: new Date(Date.now() - STALE_RUN_MS - 1000) } });
    const live = await runs.create({ data: { ...base, owner: 'elsewhere:2:bbbbbb', heartbeat_at: new Date() } });
    try {
      await syncService(strapi).failStaleRuns();
      expect((await runs.findOne({ where: { id: dead.id } })).status).toBe('failed');
      expect((await runs.findOne({ where: { id: live.id } })).status).toBe('running');
      expect((await syncService(strapi).running()).map((progress) => progress.run_id)).toEqual([live.id]);
    } finally {
      await runs.deleteMany({ where: { id: { $in: [dead.id, live.id] } } });
    }
  });
});

describe('the scheduled sync', () => {
  it('runs once per tick, even when another instance fires after the first run finished', async () => {
    const cronRuns = () => strapi.db.query(RUN_UID).count({ where: { trigger: 'cron' } });
    const before = await cronRuns();
    const tick = new Date(Date.UTC(2031, 0, 1, 10, 0, 0));
    await scheduledSync(strapi, tick);
    expect(await cronRuns()).toBe(before + 1);
    await scheduledSync(strapi, tick);
    expect(await cronRuns()).toBe(before + 1);
    await scheduledSync(strapi, new Date(Date.UTC(2031, 0, 1, 11, 0, 0)));
    expect(await cronRuns()).toBe(before + 2);
  });
});

describe('outbox claims', () => {
  // Rows of the lead outbox under a target no delivery lane reads, claimed at chosen times.
  const target = uniqueName('outbox');
  const outbox = () => outboxTable(strapi, DELIVERY_TABLE);
  const scope = (limit: number) => ({
    candidates: (due: any) => due.where('target', target).select('id').orderBy('next_attempt_at').limit(limit),
    rows: (query: any, found: Array<{ id: number }>) => query.whereIn('id', found.map((row) => row.id)),
  });
  const T = 2_000_000_000_000;

  async function rows(count: number, fields: Record<string, unknown> = {}): Promise<number[]> {
    const made = Array.from({ length: count }, () => ({
      contact_id: 0, target, idempotency_key: uniqueName('key'), status: 'pending', attempts: 0,
      next_attempt_at: T, created_at: T, round_started_at: T, updated_at: T, ...fields,
    }));
    await outbox().table().insert(made);
    return ((await outbox().table().where('target', target).orderBy('id').select('id')) as Array<{ id: number }>).map((row) => Number(row.id));
  }
  const row = async (id: number) => (await outbox().table().where({ id }).first()) as Record<string, unknown>;
  const ids = (claimed: Array<Record<string, unknown>>) => claimed.map((each) => Number(each.id)).sort((a, b) => a - b);
  afterEach(async () => {
    await outbox().table().where('target', target).delete();
  });

  it('give each due row to one claimant, counting the attempt, even when two claim at once', async () => {
    const made = await rows(6);
    const [one, other] = await Promise.all([outbox().claim(scope(4), 60_000, 'one', T), outbox().claim(scope(4), 60_000, 'other', T)]);
    expect(ids(one).filter((id) => ids(other).includes(id))).toEqual([]);
    expect(ids([...one, ...other])).toEqual(made);
    for (const id of made) expect(Number((await row(id)).attempts)).toBe(1);
  });

  it('leave rows not yet due, or no longer open, alone', async () => {
    await rows(1, { next_attempt_at: T + 1 });
    await rows(1, { status: 'failed' });
    await rows(1, { status: 'delivered' });
    expect(await outbox().claim(scope(10), 60_000, 'one', T)).toEqual([]);
  });

  it('keep a claimed row from others until the claim runs out; then only its new holder records the outcome', async () => {
    const [id] = await rows(1);
    expect(ids(await outbox().claim(scope(1), 1000, 'first', T))).toEqual([id]);
    expect(await outbox().claim(scope(1), 1000, 'second', T + 999)).toEqual([]);
    expect(ids(await outbox().claim(scope(1), 1000, 'second', T + 1001))).toEqual([id]);
    const settle = (token: string) => strapi.db.connection.transaction((trx: any) => outbox().settle(trx, [id], token, { status: 'delivered' }, T + 1002));
    expect(await settle('first')).toBe(0);
    expect((await row(id)).status).toBe('pending');
    expect(await settle('second')).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'delivered', claimed_by: null, claimed_until: null });
    expect(Number((await row(id)).attempts)).toBe(2);
  });
});
