/**
 * kill -9 of the app (a real child process, SQLite with its WAL journal) while clients submit leads and
 * while a provider sync writes: every acknowledged lead survives, no record is half-written, no sync run
 * is left "running", and the next sync completes (once the killed run's lease has run out). And between
 * a lead's commit and its delivery to the CRM: after the restart the delivery is sent.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'timers/promises';
import { generatedData } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { productionEnvironment, sqliteFile, startAppProcess, type AppProcess } from '../helpers/app-process';
import { GOYZER_CREDENTIALS, startFakeGoyzer } from '../../scripts/fakes/providers';
import { startWebhookReceiver, WEBHOOK_SECRET } from '../helpers/webhook-receiver';
import { STALE_RUN_MS } from '../../src/plugins/extsource/server/src/services/sync';
import { recordFigures } from './figures';
import { compareLeads, storedLeads, submitLead, uniqueLead, type Outcome } from './leads';

const CLIENTS = 40;
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Polled often: a kill is timed by what the check sees. */
const OFTEN = { timeoutMs: 60_000, intervalMs: 5 };

/** Clients submitting leads back to back until told to stop; what each got back. */
function submitting(app: AppProcess, tag: string) {
  const outcomes: Outcome[] = [];
  let running = true;
  const base = `http://127.0.0.1:${app.port}`;
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    while (running) outcomes.push(await submitLead(base, `2001:db8:de4d::${client + 1}`, uniqueLead(tag)));
  });
  return {
    outcomes,
    acknowledged: () => outcomes.filter((outcome) => outcome.status === 201).length,
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}

/** Starts the next sync, retrying while the killed run's lease is still held (409), and waits for its end. */
async function nextSync(app: AppProcess): Promise<{ status: string; fetched: number }> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const finished = new Promise<{ status: string; fetched: number }>((resolve) => {
      const onMessage = (reply: { finished?: { status: string; fetched: number } }) => {
        if (!reply.finished) return;
        app.child.off('message', onMessage);
        resolve(reply.finished);
      };
      app.child.on('message', onMessage);
    });
    const started = await app.request<number | null>({ sync: 'all' }, 'started');
    if (started !== null) return finished;
    if (Date.now() > deadline) throw new Error('the next sync could not start within 90 s');
    await sleep(1000);
  }
}

function query<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

describe('kill -9', () => {
  it('during submissions, three times: every acknowledged lead is stored whole, once', async () => {
    const database = sqliteFile();
    cleanups.push(database.remove);
    const env = productionEnvironment(database.env, { TRUST_PROXY: 'true', CONTACT_RATE_LIMIT_MAX: '0' });
    const rounds = [];
    // Each round's restarted app is the next round's target: 3 kills, 4 starts.
    let app = await startAppProcess(env);
    for (let round = 1; round <= 3; round += 1) {
      const tag = `kill-${round}-${Date.now()}`;
      const load = submitting(app, tag);
      await eventually(() => expect(load.acknowledged()).toBeGreaterThanOrEqual(100 + 50 * round), OFTEN);
      await app.kill();
      await load.stop();

      app = await startAppProcess(env);
      const report = compareLeads(load.outcomes, storedLeads(database.env.DATABASE_FILENAME, tag));
      rounds.push({ round, sent: load.outcomes.length, ...report });
      expect(report).toMatchObject({ missing: [], duplicates: [], altered: [], halfWritten: [] });
      expect(report.stored).toBeGreaterThanOrEqual(report.acknowledged);
    }
    await app.stop();
    recordFigures('kill -9 during submissions', {
      rounds: rounds.map(({ round, sent, acknowledged, stored, missing, duplicates, halfWritten }) => ({
        round, sent, acknowledged, stored, unacknowledged_but_stored: stored - acknowledged, missing: missing.length, duplicates: duplicates.length, half_written: halfWritten.length,
      })),
    });
  });

  it('during a sync, while fetching and while writing: no run left running, nothing half-written, the next sync completes', async () => {
    const SALES = 3000;
    const RENTALS = 1000;
    const goyzer = await startFakeGoyzer({ pageSize: 200 });
    cleanups.push(goyzer.close);
    const data = generatedData({ projects: 0, sales: SALES, rentals: RENTALS });
    goyzer.state.sales = data.listings.sales;
    goyzer.state.rentals = data.listings.rentals;
    const database = sqliteFile();
    cleanups.push(database.remove);
    const env = productionEnvironment(database.env, {
      TRUST_PROXY: 'true',
      CONTACT_RATE_LIMIT_MAX: '0',
      EXTSOURCE_LISTINGS_DRIVER: 'goyzer',
      GOYZER_BASE_URL: goyzer.url,
      GOYZER_ACCESS_CODE: GOYZER_CREDENTIALS.accessCode,
      GOYZER_GROUP_CODE: GOYZER_CREDENTIALS.groupCode,
    });
    const file = database.env.DATABASE_FILENAME;
    const propertyCount = () => query<{ n: number }>(file, 'SELECT COUNT(*) AS n FROM extsource_properties')[0].n;
    const figures: Record<string, unknown>[] = [];

    const killedWhile = async (phase: 'fetching' | 'writing') => {
      goyzer.state.faults = phase === 'fetching' ? [{ path: 'SalesListings', delayMs: 150 }] : [];
      const pagesBefore = goyzer.pagesRequested('SalesListings');
      const app = await startAppProcess(env);
      const tag = `sync-kill-${phase}-${Date.now()}`;
      const load = submitting(app, tag);
      app.child.send({ sync: 'all' });
      const before = propertyCount();
      if (phase === 'fetching') await eventually(() => expect(goyzer.pagesRequested('SalesListings')).toBeGreaterThanOrEqual(pagesBefore + 4), OFTEN);
      else await eventually(() => expect(propertyCount()).toBeGreaterThan(before + 500), { ...OFTEN, timeoutMs: 120_000 });
      const writtenAtKill = propertyCount();
      await app.kill();
      const killedAt = Date.now();
      await load.stop();

      const restarted = await startAppProcess(env);
      const leads = compareLeads(load.outcomes, storedLeads(file, tag));
      // The killed run's lease and record wait out their time (a live run on another instance would
      // renew them), then the next sync takes over, marking the killed run failed.
      const restartedAt = Date.now();
      const next = await nextSync(restarted);
      const waitedMs = Date.now() - restartedAt;
      // Its record is marked failed by the first sync (or Property sync page) once it is stale.
      await sleep(Math.max(0, killedAt + STALE_RUN_MS + 1000 - Date.now()));
      const again = await nextSync(restarted);
      const runs = query<{ status: string; error: string | null }>(file, 'SELECT status, error FROM extsource_sync_runs ORDER BY id');
      const duplicateKeys = query<{ n: number }>(
        file,
        'SELECT COUNT(*) AS n FROM (SELECT provider, listing_type, reference FROM extsource_properties GROUP BY 1, 2, 3 HAVING COUNT(*) > 1)'
      )[0].n;
      const incomplete = query<{ n: number }>(
        file,
        "SELECT COUNT(*) AS n FROM extsource_properties WHERE reference IS NULL OR reference = '' OR provider IS NULL OR listing_type IS NULL OR status IS NULL"
      )[0].n;
      const stored = query<{ n: number }>(file, 'SELECT COUNT(*) AS n FROM extsource_properties')[0].n;
      const active = query<{ n: number }>(file, "SELECT COUNT(*) AS n FROM extsource_properties WHERE status = 'active'")[0].n;
      await restarted.stop();

      figures.push({
        killed_while: phase,
        listings_written_at_kill: writtenAtKill,
        next_sync_could_start_after_ms: waitedMs,
        runs_left_running: runs.filter((run) => run.status === 'running').length,
        interrupted_run_marked: runs.at(-3)?.status,
        sync_after_that: again.status,
        duplicate_keys: duplicateKeys,
        incomplete_rows: incomplete,
        leads_acknowledged: leads.acknowledged,
        leads_missing: leads.missing.length,
        next_sync: next.status,
        next_sync_fetched: next.fetched,
        stored_after: stored,
        active_after: active,
      });
      expect(runs.filter((run) => run.status === 'running')).toEqual([]);
      expect(runs.at(-3)).toMatchObject({ status: 'failed' });
      expect(again.status).toBe('succeeded');
      if (phase === 'writing') expect(writtenAtKill).toBeLessThan(SALES + RENTALS);
      expect(duplicateKeys).toBe(0);
      expect(incomplete).toBe(0);
      expect(leads).toMatchObject({ missing: [], duplicates: [], altered: [], halfWritten: [] });
      expect(next).toMatchObject({ status: 'succeeded', fetched: SALES + RENTALS });
      // Every listing once (the generated feed also has units the mapping keeps inactive, e.g. "Blocked").
      expect(stored).toBe(SALES + RENTALS);
      expect(active).toBeGreaterThan(0);
    };

    // Writing first, on an empty catalogue (a re-run of unchanged listings writes nothing).
    await killedWhile('writing');
    await killedWhile('fetching');
    recordFigures('kill -9 during a sync', { listings: SALES + RENTALS, rounds: figures });
  });
});

describe('kill -9 between a lead\'s commit and its delivery', () => {
  it('after the restart, the delivery under way is sent again with its idempotency key, and the one never started is sent', async () => {
    const crm = await startWebhookReceiver();
    cleanups.push(crm.close);
    const database = sqliteFile();
    cleanups.push(database.remove);
    const TIMEOUT_MS = 2000;
    const env = productionEnvironment(database.env, {
      TRUST_PROXY: 'true',
      LEAD_WEBHOOK_URL: crm.url,
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      LEAD_DELIVERY_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    const file = database.env.DATABASE_FILENAME;
    const deliveries = () =>
      query<{ contact_id: number; status: string; attempts: number; idempotency_key: string }>(file, 'SELECT contact_id, status, attempts, idempotency_key FROM app_lead_deliveries ORDER BY contact_id');
    const app = await startAppProcess(env);
    const base = `http://127.0.0.1:${app.port}`;

    // The CRM holds the first lead's request unanswered: the app is killed while it waits for the answer.
    const inFlight = uniqueLead('delivery-kill');
    crm.script(inFlight.email, ['hold']);
    expect((await submitLead(base, '2001:db8:dead::1', inFlight)).status).toBe(201);
    await crm.waitFor(inFlight.email, 1, 10_000);
    // The second is committed while the lane is busy with the first: killed before it was ever claimed.
    const committed = uniqueLead('delivery-kill');
    const second = await submitLead(base, '2001:db8:dead::2', committed);
    expect(second.status).toBe(201);
    await app.kill();
    const killedAt = Date.now();
    const atKill = deliveries();
    expect(atKill.map((row) => row.status)).toEqual(['pending', 'pending']);
    expect(atKill.map((row) => row.attempts)).toEqual([1, 0]);

    const restarted = await startAppProcess(env);
    await eventually(() => expect(crm.hooksFor(committed.email)).toHaveLength(1), { ...OFTEN, timeoutMs: 30_000 });
    await eventually(() => expect(deliveries().every((row) => row.status === 'delivered')).toBe(true), OFTEN);
    const resentAfterMs = Date.now() - killedAt;
    await restarted.stop();

    const [first, secondHooks] = [crm.hooksFor(inFlight.email), crm.hooksFor(committed.email)];
    expect(first.map((hook) => hook.answered)).toEqual(['hold', 200]);
    expect(new Set(first.map((hook) => hook.headers['idempotency-key']))).toEqual(new Set([atKill[0].idempotency_key]));
    expect(secondHooks.map((hook) => hook.headers['idempotency-key'])).toEqual([atKill[1].idempotency_key]);
    expect(deliveries().map((row) => row.attempts)).toEqual([2, 1]);
    recordFigures('kill -9 between commit and delivery', {
      claim_ms: TIMEOUT_MS + 10_000,
      in_flight_resent_after_kill_ms: resentAfterMs,
      requests_received: { in_flight_lead: first.length, unclaimed_lead: secondHooks.length },
    });
  });
});
