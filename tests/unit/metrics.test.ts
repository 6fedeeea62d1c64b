/**
 * The metrics module (src/lib/metrics) as Prometheus reads it, with the scrape-time gauges the domains
 * and the plugin's host declare, and the one-line hooks of plain modules that report to it: the CDN purger's results and the provider HTTP client's attempts, against real
 * node:http servers.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { setTimeout as sleep } from 'timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@strapi/utils';
import metricsConfig from '../../config/metrics';
import { alertGauges } from '../../src/api/account/lib/metrics';
import { deliveryGauges } from '../../src/api/contact/lib/metrics';
import { lastSyncGauge } from '../../src/bootstrap/extsource-host';
import { CdnPurger } from '../../src/lib/cdn-purge';
import { metrics } from '../../src/lib/metrics';
import { LOOP_DELAY_INTERVAL_MS, recordDelay } from '../../src/lib/metrics/loop-delay';
import { createHttpClient, getText } from '../../src/plugins/extsource/server/src/drivers/http';

/** Statuses to answer, in order; then 200. */
let answers: number[] = [];
let url = '';
const server = http.createServer((req, res) => {
  res.writeHead(answers.shift() ?? 200);
  res.end('ok');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  metrics.enable([
    deliveryGauges(async () => [
      { target: 'webhook', status: 'retrying', count: 3, oldestCreatedAt: Date.now() - 120_000 },
      { target: 'webhook', status: 'failed', count: 1, oldestCreatedAt: Date.now() - 999_000 },
    ]),
    alertGauges(async () => [{ status: 'failed', count: 2 }, { status: 'sent', count: 9 }]),
    lastSyncGauge(async () => [{ type: 'sales', finishedAt: 1_700_000_000_000 }]),
  ]);
});
afterAll(() => {
  metrics.stopSampling();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const line = (text: string, prefix: string) => text.split('\n').find((candidate) => candidate.startsWith(prefix));
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('metrics', () => {
  it('keeps the fast lane\'s requests in cumulative histogram buckets under the lane\'s route pattern', async () => {
    const lane = metrics.fastLane()!;
    const began = lane.clock() - 3; // 3 ms ago
    lane.served('/api/v1/off-plan/projects/{id}', 200, began);
    lane.served('/api/v1/off-plan/projects/{id}', 304, lane.clock());
    const text = await metrics.text();
    const labels = 'route="/api/v1/off-plan/projects/{id}",method="GET",status="200",lane="fast"';
    expect(line(text, `http_requests_total{${labels}}`)).toBe(`http_requests_total{${labels}} 1`);
    expect(line(text, `http_request_duration_seconds_bucket{${labels},le="0.0025"}`)).toMatch(/ 0$/);
    expect(line(text, `http_request_duration_seconds_bucket{${labels},le="0.005"}`)).toMatch(/ 1$/);
    expect(line(text, `http_request_duration_seconds_bucket{${labels},le="0.01"}`)).toMatch(/ 1$/);
    expect(line(text, `http_request_duration_seconds_bucket{${labels},le="+Inf"}`)).toMatch(/ 1$/);
    expect(line(text, `http_request_duration_seconds_count{${labels}}`)).toMatch(/ 1$/);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });

  it('reads the outbox and the last successful sync at scrape time', async () => {
    const text = await metrics.text();
    expect(line(text, 'lead_deliveries{target="webhook",status="retrying"}')).toMatch(/ 3$/);
    expect(line(text, 'lead_deliveries{target="webhook",status="failed"}')).toMatch(/ 1$/);
    expect(line(text, 'account_alerts{status="failed"}')).toMatch(/ 2$/);
    expect(text).not.toContain('account_alerts{status="sent"}');
    // The oldest open delivery, not the failed one.
    const age = Number(line(text, 'lead_delivery_oldest_pending_age_seconds{target="webhook"}')?.split(' ')[1]);
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(200);
    expect(line(text, 'extsource_sync_last_success_timestamp_seconds{type="sales"}')).toBe('extsource_sync_last_success_timestamp_seconds{type="sales"} 1700000000');
  });

  it('counts CDN purges sent, retried and given up', async () => {
    answers = [500, 500, 200, 503, 503];
    const purger = new CdnPurger({ urls: [url], method: 'PURGE', secretHeader: 'X', secret: '', retryDelaysMs: [5], timeoutMs: 2000 }, silent, (result) => metrics.cdnPurge(result));
    purger.purge(['a']);
    await purger.settle();
    purger.purge(['b']);
    await purger.settle();
    purger.purge(['c']);
    await purger.settle();
    const text = await metrics.text();
    expect(line(text, 'cdn_purges_total{result="sent"}')).toMatch(/ 1$/);
    expect(line(text, 'cdn_purges_total{result="retried"}')).toMatch(/ 2$/);
    expect(line(text, 'cdn_purges_total{result="failed"}')).toMatch(/ 2$/);
  });

  it('records a stall of the event loop in the delay histogram, for as long as it lasted', async () => {
    // Samples over `le`, in the last scrape.
    const over = (text: string, le: string) => Number(line(text, 'nodejs_eventloop_delay_seconds_count')?.split(' ')[1]) - Number(line(text, `nodejs_eventloop_delay_seconds_bucket{le="${le}"}`)?.split(' ')[1]);
    await sleep(LOOP_DELAY_INTERVAL_MS * 2);
    const before = await metrics.text();
    expect(before).toMatch(/^# TYPE nodejs_eventloop_delay_seconds histogram$/m);
    // prom-client's default gauge is still there beside it.
    expect(before).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    // Whatever the sampler's phase, one tick falls due in the stall's first 100 ms and the next 100 ms later.
    const end = performance.now() + 250;
    while (performance.now() < end);
    // The late tick runs as soon as the loop is free, before this timer.
    await sleep(20);
    const after = await metrics.text();
    // The late tick saw 150-250 ms, the tick due 100 ms later 50-150 ms.
    expect(over(after, '0.05') - over(before, '0.05')).toBeGreaterThanOrEqual(2);
    expect(over(after, '0.1') - over(before, '0.1')).toBeGreaterThanOrEqual(1);
  });

  it('counts the ticks a stall held up, each one interval less late', () => {
    const seen: number[] = [];
    recordDelay(250, 100, (seconds) => seen.push(seconds));
    expect(seen.map((seconds) => Math.round(seconds * 1000))).toEqual([250, 150, 50]);
    seen.length = 0;
    recordDelay(-0.4, 100, (seconds) => seen.push(seconds));
    expect(seen).toEqual([0]);
    seen.length = 0;
    recordDelay(3_600_000, 100, (seconds) => seen.push(seconds));
    expect(seen).toHaveLength(601);
  });

  it('tells the provider client\'s observer of every attempt, with a bounded outcome', async () => {
    answers = [503, 404];
    const seen: string[] = [];
    const client = createHttpClient(url, { timeoutMs: 2000, retries: 2, backoffMs: 1, maxDelayMs: 5 });
    await expect(getText(client, '/SalesListings', {}, { timeoutMs: 2000, retries: 2, backoffMs: 1, maxDelayMs: 5 }, 'Goyzer SalesListings page 1', undefined, (outcome, seconds) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      seen.push(outcome);
    })).rejects.toThrow(/HTTP 404/);
    expect(seen).toEqual(['http_5xx', 'http_4xx']);
    await getText(client, '/SalesListings', {}, { timeoutMs: 2000, retries: 0, backoffMs: 1, maxDelayMs: 5 }, 'page', undefined, (outcome) => seen.push(outcome));
    expect(seen.at(-1)).toBe('ok');
  });
});

describe('config/metrics.ts', () => {
  const names = ['METRICS_ENABLED', 'METRICS_PORT', 'METRICS_HOST', 'METRICS_TOKEN'];
  const configWith = (variables: Record<string, string>) => {
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    for (const name of names) delete process.env[name];
    Object.assign(process.env, variables);
    try {
      return metricsConfig({ env } as never);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  };

  it('is off by default, and served only on loopback when given a port', () => {
    expect(configWith({})).toEqual({ enabled: false, port: 0, host: '127.0.0.1', token: '' });
    expect(configWith({ METRICS_ENABLED: 'true', METRICS_PORT: '9464' })).toMatchObject({ enabled: true, port: 9464, host: '127.0.0.1' });
  });

  it('refuses to start enabled with nowhere private to serve them, or with a short token', () => {
    expect(() => configWith({ METRICS_ENABLED: 'true' })).toThrow(/METRICS_PORT .* or METRICS_TOKEN/);
    expect(() => configWith({ METRICS_ENABLED: 'true', METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
    expect(configWith({ METRICS_ENABLED: 'true', METRICS_TOKEN: 'a-long-enough-token-0123' })).toMatchObject({ enabled: true, token: 'a-long-enough-token-0123' });
  });
});
