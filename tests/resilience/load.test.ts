/** Load without loss: 2,000 submissions from 100 clients at once, against the app in production mode. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnvironment, sqliteFile, startAppProcess, type AppProcess } from '../helpers/app-process';
import { percentile, recordFigures } from './figures';
import { compareLeads, storedLeads, submitLead, uniqueLead, type Outcome } from './leads';

const CLIENTS = 100;
const PER_CLIENT = 20;

const database = sqliteFile();
let app: AppProcess;
beforeAll(async () => {
  app = await startAppProcess(
    productionEnvironment(database.env, { TRUST_PROXY: 'true', CONTACT_RATE_LIMIT_MAX: String(PER_CLIENT), CONTACT_RATE_LIMIT_WINDOW_S: '600' })
  );
});
afterAll(async () => {
  await app?.stop();
  database.remove();
});

describe('load without loss', () => {
  it(`stores all ${CLIENTS * PER_CLIENT} submissions of ${CLIENTS} concurrent clients, each 201 with its row, no 5xx`, async () => {
    const base = `http://127.0.0.1:${app.port}`;
    const tag = `load-${Date.now()}`;
    const started = performance.now();
    const perClient = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const outcomes: Outcome[] = [];
        for (let i = 0; i < PER_CLIENT; i += 1) outcomes.push(await submitLead(base, `2001:db8:10ad::${client + 1}`, uniqueLead(tag)));
        return outcomes;
      })
    );
    const seconds = (performance.now() - started) / 1000;
    const outcomes = perClient.flat();
    const report = compareLeads(outcomes, storedLeads(database.env.DATABASE_FILENAME, tag));
    const latencies = outcomes.map((outcome) => outcome.ms);
    const statuses = Object.fromEntries(
      [...new Set(outcomes.map((outcome) => String(outcome.status)))].map((status) => [status, outcomes.filter((o) => String(o.status) === status).length])
    );

    recordFigures('load', {
      submissions: outcomes.length,
      clients: CLIENTS,
      statuses,
      stored: report.stored,
      missing: report.missing.length,
      duplicates: report.duplicates.length,
      altered: report.altered.length,
      half_written: report.halfWritten.length,
      seconds: Number(seconds.toFixed(1)),
      per_second: Math.round(outcomes.length / seconds),
      p50_ms: Math.round(percentile(latencies, 50)),
      p99_ms: Math.round(percentile(latencies, 99)),
    });
    expect(statuses).toEqual({ 201: CLIENTS * PER_CLIENT });
    expect(report).toMatchObject({ stored: CLIENTS * PER_CLIENT, missing: [], duplicates: [], altered: [], halfWritten: [] });
  });
});
