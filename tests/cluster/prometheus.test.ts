/**
 * A real Prometheus scrapes two instances (each on its own METRICS_PORT) on one PostgreSQL database,
 * with the shipped alert rules loaded; after known traffic (page reads on each instance, an editor's
 * publish on one (an invalidation sent there and received by the other), a lead whose
 * CRM target refuses connections, a rentals sync against a fake Goyzer whose first page fails once, an
 * off-plan read from a fake Reelly), the figures read back through its HTTP API are those of the
 * traffic, summed over instances as a dashboard sums them, and every query of the shipped Grafana
 * dashboard (deploy/grafana) runs.
 */
import fs from 'fs';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'timers/promises';
import { adminLogin, agent, createApiToken, freePort, freshDatabase, instanceBaseEnv, startInstance, type Instance } from '../helpers/cluster';
import { eventually } from '../helpers/eventually';
import { startPrometheus, type Prometheus } from '../helpers/prometheus';
import { generatedData } from '../helpers/app';
import { GOYZER_CREDENTIALS, REELLY_API_KEY, startFakeGoyzer, startFakeReelly } from '../../scripts/fakes/providers';
import { WEBHOOK_SECRET } from '../helpers/webhook-receiver';

const DASHBOARD = path.resolve(__dirname, '..', '..', 'deploy', 'grafana', 'luxury-backend.json');
const data = generatedData({ projects: 10, sales: 4, rentals: 3 });

let database: Awaited<ReturnType<typeof freshDatabase>>;
let goyzer: Awaited<ReturnType<typeof startFakeGoyzer>>;
let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
let a: Instance;
let b: Instance;
let prometheus: Prometheus;
const metricsPorts = new Map<Instance, number>();
const metricsPortOf = (instance: Instance) => metricsPorts.get(instance);
let apiToken: string;
let adminToken: string;

function instanceEnv(metricsPort: number, crmPort: number): Record<string, string> {
  return {
    ...instanceBaseEnv(database.url),
    METRICS_ENABLED: 'true',
    METRICS_PORT: String(metricsPort),
    // The CRM: nothing listens there, so every attempt fails and is retried.
    CONTACT_NOTIFY_EMAIL: '',
    LEAD_WEBHOOK_URL: `http://127.0.0.1:${crmPort}/crm`,
    LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
    LEAD_DELIVERY_POLL_MS: '100',
    LEAD_DELIVERY_BACKOFF_MS: '200',
    EXTSOURCE_CRON: '',
    EXTSOURCE_LISTINGS_DRIVER: 'goyzer',
    GOYZER_BASE_URL: goyzer.url,
    GOYZER_ACCESS_CODE: GOYZER_CREDENTIALS.accessCode,
    GOYZER_GROUP_CODE: GOYZER_CREDENTIALS.groupCode,
    EXTSOURCE_HTTP_RETRIES: '2',
    EXTSOURCE_HTTP_BACKOFF_MS: '10',
    EXTSOURCE_PROJECTS_DRIVER: 'reelly',
    REELLY_BASE_URL: reelly.url,
    REELLY_API_KEY,
  };
}

beforeAll(async () => {
  database = await freshDatabase();
  goyzer = await startFakeGoyzer({ pageSize: 2 });
  goyzer.state.rentals = data.listings.rentals;
  reelly = await startFakeReelly();
  reelly.state.projects = data.projects.projects;
  reelly.state.projectsAr = data.projects.projects_ar;
  reelly.state.developers = data.projects.developers;
  const [portA, portB, metricsA, metricsB, crmPort, prometheusPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()]);
  [a, b] = await Promise.all([
    startInstance({ name: 'a', port: portA, env: instanceEnv(metricsA, crmPort) }),
    startInstance({ name: 'b', port: portB, env: instanceEnv(metricsB, crmPort) }),
  ]);
  metricsPorts.set(a, metricsA).set(b, metricsB);
  prometheus = await startPrometheus({ port: prometheusPort, targets: [`127.0.0.1:${metricsA}`, `127.0.0.1:${metricsB}`] });
  adminToken = await adminLogin(a);
  apiToken = await createApiToken(a, adminToken);
}, 300_000);

afterAll(async () => {
  await Promise.all([prometheus?.stop(), a?.stop(), b?.stop()]);
  await Promise.all([goyzer?.close(), reelly?.close()]);
  await database?.drop();
}, 60_000);

/** Waits until Prometheus has scraped `query` to a value `accept` takes; returns it. */
async function scraped(query: string, accept: (value: number) => boolean): Promise<number> {
  let last: number | undefined;
  await eventually(async () => {
    last = await prometheus.value(query);
    expect(last !== undefined && accept(last), `${query} (last: ${last})`).toBe(true);
  }, { timeoutMs: 20_000 });
  return last!;
}

describe('Prometheus scraping two instances', () => {
  it('scrapes both, with the alert rules loaded', async () => {
    expect(await scraped('count(up{job="luxury-backend"} == 1)', (value) => value === 2)).toBe(2);
    const rules = (await (await fetch(`${prometheus.url}/api/v1/rules`)).json()) as { data: { groups: Array<{ rules: unknown[] }> } };
    // Every rule the shipped file holds (tests/tools checks them one by one).
    const shipped = fs.readFileSync(path.join(__dirname, '../../deploy/prometheus/alerts.yml'), 'utf8').match(/^\s*- alert:/gm)?.length;
    expect(shipped).toBeGreaterThan(0);
    expect(rules.data.groups.flatMap((group) => group.rules)).toHaveLength(shipped!);
    expect(await scraped('min(cache_bus_connected)', (value) => value === 1)).toBe(1);
  });

  it('sums the page reads of both instances, whichever lane answered', async () => {
    // Each instance's own count, read from it: a start's asks of its lanes (decision 182) count too.
    const ownReads = async (instance: Instance) => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPortOf(instance)}/metrics`)).text();
      return text.split('\n').filter((line) => line.startsWith('http_requests_total{') && line.includes('route="/api/v1/luxury"')
        && line.includes('method="GET"') && line.includes('status="200"')).reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    };
    const [beforeA, beforeB] = [await ownReads(a), await ownReads(b)];
    for (let i = 0; i < 5; i += 1) expect((await agent(a).get('/api/v1/luxury')).status).toBe(200);
    for (let i = 0; i < 7; i += 1) expect((await agent(b).get('/api/v1/luxury')).status).toBe(200);
    const [afterA, afterB] = [await ownReads(a), await ownReads(b)];
    expect([afterA - beforeA, afterB - beforeB]).toEqual([5, 7]);
    expect(await scraped('sum(http_requests_total{route="/api/v1/luxury",method="GET",status="200"})', (value) => value >= afterA + afterB)).toBe(afterA + afterB);
    expect(await prometheus.value('sum(http_requests_total{route="/api/v1/luxury",lane="fast"})')).toBeGreaterThanOrEqual(8);
    expect(await prometheus.value('count(count by (instance) (http_requests_total{route="/api/v1/luxury"}))')).toBe(2);
  });

  it('counts an editor\'s publish on A as an invalidation sent by A and received by B', async () => {
    const sent = async () => (await prometheus.value(`sum(cache_invalidations_total{direction="sent",instance="127.0.0.1:${metricsPortOf(a)}"})`)) ?? 0;
    const received = async () => (await prometheus.value(`sum(cache_invalidations_total{direction="received",instance="127.0.0.1:${metricsPortOf(b)}"})`)) ?? 0;
    const [sentBefore, receivedBefore] = [await sent(), await received()];
    const res = await agent(a).post('/content-manager/single-types/api::luxury.luxury-hero/actions/publish').set('Authorization', `Bearer ${adminToken}`).send({ title: 'Counted on A' });
    expect(res.status).toBe(200);
    await eventually(async () => expect((await sent()) > sentBefore && (await received()) > receivedBefore, 'the publish scraped on both').toBe(true), { timeoutMs: 20_000 });
  });

  it('shows a lead whose CRM refuses connections waiting in the outbox', async () => {
    const res = await agent(a).post('/api/v1/contact-us').set('Content-Type', 'application/json')
      .send({ first_name: 'Prom', last_name: 'Etheus', email: 'prometheus@example.com', mobile: '+971501234567', method_of_contact: 'email', message: 'Scrape me' });
    expect(res.status).toBe(201);
    expect(await scraped('max(lead_deliveries{target="webhook",status="retrying"})', (value) => value >= 1)).toBe(1);
    expect(await scraped('max(lead_delivery_oldest_pending_age_seconds{target="webhook"})', (value) => value > 0)).toBeLessThan(120);
  });

  it('counts a sync run and its provider requests, a failed attempt included', async () => {
    goyzer.state.faults = [{ path: 'RentListings', status: 503, times: 1 }];
    const res = await agent(b).post('/api/extsource/sync/rentals').set('Authorization', `Bearer ${apiToken}`);
    // The API's sync answers when the run is over.
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('succeeded');
    expect(await scraped('sum(extsource_sync_runs_total{type="rentals",status="succeeded"})', (value) => value >= 1)).toBe(1);
    expect(await scraped('sum(extsource_sync_items_total{type="rentals",result="fetched"})', (value) => value > 0)).toBe(3);
    expect(await scraped('sum(extsource_provider_requests_total{provider="goyzer",endpoint="RentListings",outcome="http_5xx"})', (value) => value >= 1)).toBe(1);
    expect(await scraped('sum(extsource_provider_requests_total{provider="goyzer",endpoint="RentListings",outcome="ok"})', (value) => value >= 2)).toBeGreaterThanOrEqual(2);
    const lastSuccess = await scraped('max(extsource_sync_last_success_timestamp_seconds{type="rentals"})', (value) => value > 0);
    expect(Math.abs(lastSuccess - Date.now() / 1000)).toBeLessThan(120);
  });

  it('counts the provider requests of an off-plan read, by endpoint pattern', async () => {
    expect((await agent(a).get('/api/v1/off-plan/projects')).status).toBe(200);
    expect(await scraped('sum(extsource_provider_requests_total{provider="reelly",endpoint="/projects",outcome="ok"})', (value) => value >= 1)).toBeGreaterThanOrEqual(1);
  });

  it('runs every query of the shipped Grafana dashboard', async () => {
    // Rates need two scrapes after the traffic.
    await sleep(2500);
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
    const empty: string[] = [];
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        const expr = target.expr.replaceAll('$job', '.+');
        const res = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(expr)}`);
        expect(res.status, `${panel.title}: ${expr}`).toBe(200);
        const body = (await res.json()) as { data: { result: unknown[] } };
        if (body.data.result.length === 0) empty.push(panel.title);
      }
    }
    // What this traffic leaves without data: no purge target, no leases held now, no 5xx answered yet.
    expect(empty.filter((title) => !['CDN purges', 'Leases held'].includes(title))).toEqual([]);
  });
});
