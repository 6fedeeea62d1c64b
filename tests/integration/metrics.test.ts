/**
 * GET /metrics on the public port, behind METRICS_TOKEN (the harness turns metrics on): Prometheus text
 * with requests by route pattern, lane and status, cache lookups, the lead outbox read at scrape time,
 * sync runs, Node's process metrics and the event loop's delay; nothing for anyone without the token,
 * and no raw path, id or e-mail address in any label.
 */
import { describe, expect, it } from 'vitest';
import { apiToken, appModule, getStrapi, http, METRICS_TOKEN, newClientIp } from '../helpers/app';
import type { Core } from '@strapi/strapi';
import { sample } from '../helpers/metrics';

async function scrape(): Promise<string> {
  const res = await (await http()).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text;
}

describe('GET /metrics on the public port', () => {
  it('answers nothing without the token, or with a wrong one', async () => {
    const agent = await http();
    expect((await agent.get('/metrics')).status).toBe(404);
    expect((await agent.get('/metrics').set('Authorization', 'Bearer wrong-token-of-the-same-len')).status).toBe(404);
    expect((await agent.get('/metrics').set('Authorization', `Basic ${METRICS_TOKEN}`)).status).toBe(404);
  });

  it('counts requests by route pattern, method, status and lane', async () => {
    const agent = await http();
    const luxury = { route: '/api/v1/luxury', method: 'GET', status: '200' };
    const before = await scrape();
    // The first may build the page (full lane); the next ones are the fast lane's.
    for (let i = 0; i < 3; i += 1) expect((await agent.get('/api/v1/luxury')).status).toBe(200);
    await agent.get('/api/v1/no-such-thing-42');
    const after = await scrape();
    const delta = (labels: Record<string, string>) => sample(after, 'http_requests_total', labels) - sample(before, 'http_requests_total', labels);
    expect(delta({ ...luxury, lane: 'fast' }) + delta({ ...luxury, lane: 'full' })).toBe(3);
    expect(delta({ ...luxury, lane: 'fast' })).toBeGreaterThanOrEqual(2);
    expect(delta({ route: 'unmatched', method: 'GET', status: '404', lane: 'full' })).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_count', { ...luxury, lane: 'fast' })).toBe(sample(after, 'http_requests_total', { ...luxury, lane: 'fast' }));
    expect(after).not.toContain('no-such-thing-42');
  });

  it('labels a project read with its route pattern, never its id', async () => {
    const agent = await http();
    const listing = await agent.get('/api/v1/off-plan/projects');
    const id = String(listing.body.data.properties.data[0].id);
    for (let i = 0; i < 3; i += 1) expect((await agent.get(`/api/v1/off-plan/projects/${id}`)).status).toBe(200);
    // An unknown id is never the fast lane's: Strapi answers it, through the route with its parameter.
    expect((await agent.get('/api/v1/off-plan/projects/987654321')).status).toBe(404);
    const text = await scrape();
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]);
    expect(routes).toContain('/api/v1/off-plan/projects/:projectId');
    // The fast lane's answers and Strapi's are one route.
    expect(text).toMatch(/lane="fast"[^\n]*route="\/api\/v1\/off-plan\/projects\/:projectId"|route="\/api\/v1\/off-plan\/projects\/:projectId"[^\n]*lane="fast"/);
    expect(routes.filter((route) => route.includes(id) || route.includes('987654321'))).toEqual([]);
  });

  it('reports cache lookups per tag, the lead outbox and Node process metrics, with no e-mail in any label', async () => {
    const email = `metrics-${Date.now()}@example.com`;
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp())
      .send({ first_name: 'Mia', last_name: 'Metric', email, mobile: '+971501234567', method_of_contact: 'email', message: 'Counting' });
    expect(res.status).toBe(201);
    const text = await scrape();
    expect(text).toMatch(/^cache_lookups_total\{tag="[^"]+",result="(hit|miss)"\} \d+/m);
    expect(text).toMatch(/^# TYPE lead_deliveries gauge/m);
    expect(text).toMatch(/^# TYPE lead_delivery_oldest_pending_age_seconds gauge/m);
    // Leads by enquiry type and desk (decision 143): fixed types and the desks admins named, nothing of a visitor.
    expect(sample(text, 'leads_total', { enquiry_type: 'general', desk: 'default' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_delay_seconds_bucket\{le="0\.1"\} \d/m);
    expect(text).not.toContain(email);
  });

  it('counts a finished sync run with its duration and items', async () => {
    const token = await apiToken('full-access');
    const before = await scrape();
    const res = await (await http()).post('/api/extsource/sync/rentals').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBeLessThan(300);
    const after = await scrape();
    const runs = (text: string, status: string) => sample(text, 'extsource_sync_runs_total', { type: 'rentals', status });
    const finished = ['succeeded', 'partial', 'failed'].reduce((sum, status) => sum + runs(after, status) - runs(before, status), 0);
    expect(finished).toBe(1);
    expect(sample(after, 'extsource_sync_duration_seconds_count', { type: 'rentals' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'extsource_sync_items_total', { type: 'rentals', result: 'fetched' })).toBeGreaterThan(0);
    expect(sample(after, 'extsource_sync_last_success_timestamp_seconds', { type: 'rentals' })).toBeGreaterThan(Date.now() / 1000 - 600);
  });

  it('shows the leases this process holds, by name', async () => {
    const { leases } = appModule<{ leases(strapi: Core.Strapi): { tryAcquire(name: string): Promise<{ release(): Promise<void> } | null> } }>('src/lib/cluster/leases');
    const lease = await leases(await getStrapi()).tryAcquire('metrics-test');
    expect(lease).not.toBeNull();
    expect(sample(await scrape(), 'leases_held', { lease: 'metrics-test' })).toBe(1);
    await lease!.release();
    expect(sample(await scrape(), 'leases_held', { lease: 'metrics-test' })).toBe(0);
  });
});
