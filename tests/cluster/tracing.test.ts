/**
 * Traces on request: an instance on PostgreSQL with OTEL_EXPORTER_OTLP_ENDPOINT set exports, to a
 * local OTLP/HTTP receiver, spans for requests, their database queries, a sync and its provider calls,
 * and a lead's delivery, whose webhook request carries the delivery's `traceparent`; its log lines
 * during a request name the request and the trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, agent, createApiToken, freePort, freshDatabase, instanceBaseEnv, startInstance, type Instance } from '../helpers/cluster';
import { eventually } from '../helpers/eventually';
import { generatedData } from '../helpers/app';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver';
import { startWebhookReceiver, WEBHOOK_SECRET, type WebhookReceiver } from '../helpers/webhook-receiver';
import { GOYZER_CREDENTIALS, startFakeGoyzer } from '../../scripts/fakes/providers';

const data = generatedData({ projects: 5, sales: 2, rentals: 3 });

let database: Awaited<ReturnType<typeof freshDatabase>>;
let goyzer: Awaited<ReturnType<typeof startFakeGoyzer>>;
let receiver: OtlpReceiver;
let crm: WebhookReceiver;
let app: Instance;
let apiToken: string;

beforeAll(async () => {
  database = await freshDatabase();
  receiver = await startOtlpReceiver();
  crm = await startWebhookReceiver();
  goyzer = await startFakeGoyzer({ pageSize: 2 });
  goyzer.state.rentals = data.listings.rentals;
  app = await startInstance({
    name: 'traced',
    port: await freePort(),
    env: {
      ...instanceBaseEnv(database.url),
      LOG_LEVEL: 'info',
      CONTACT_NOTIFY_EMAIL: '',
      LEAD_WEBHOOK_URL: crm.url,
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      LEAD_DELIVERY_POLL_MS: '100',
      EXTSOURCE_CRON: '',
      EXTSOURCE_LISTINGS_DRIVER: 'goyzer',
      GOYZER_BASE_URL: goyzer.url,
      GOYZER_ACCESS_CODE: GOYZER_CREDENTIALS.accessCode,
      GOYZER_GROUP_CODE: GOYZER_CREDENTIALS.groupCode,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'luxury-backend-test',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
  });
  apiToken = await createApiToken(app, await adminLogin(app));
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await Promise.all([receiver?.close(), crm?.close(), goyzer?.close()]);
  await database?.drop();
}, 60_000);

const inTrace = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);

/** The spans of trace `traceId` (the one the test's `traceparent` named), once `has` holds of them. */
async function traceOf(traceId: string, has: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  await eventually(() => expect(has(inTrace(traceId)), `spans of trace ${traceId}`).toBe(true), { timeoutMs: 15_000 });
  return inTrace(traceId);
}

const newTraceId = () => [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
const traceparent = (traceId: string) => `00-${traceId}-${'1'.repeat(16)}-01`;

describe('traces with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('a request: a server span, with its database queries beneath, in the caller\'s trace', async () => {
    const traceId = newTraceId();
    // The health check runs a real query.
    const res = await agent(app).get('/api/v1/health').set('traceparent', traceparent(traceId));
    expect(res.status).toBe(200);
    const spans = await traceOf(traceId, (found) => found.some((span) => span.kind === 2) && found.some((span) => 'db.system' in span.attributes || 'db.system.name' in span.attributes));
    expect(spans.every((span) => span.service === 'luxury-backend-test')).toBe(true);
    const server = spans.find((span) => span.kind === 2)!;
    expect(server.parentSpanId).toBe('1'.repeat(16));
  });

  it('a sync: its span, with the provider requests beneath it', async () => {
    const traceId = newTraceId();
    const res = await agent(app).post('/api/extsource/sync/rentals').set('Authorization', `Bearer ${apiToken}`).set('traceparent', traceparent(traceId));
    expect(res.status).toBe(200);
    const spans = await traceOf(traceId, (found) => found.some((span) => span.name === 'extsource.sync') && found.some((span) => span.kind === 3 && String(span.attributes['url.full'] ?? span.attributes['http.url'] ?? '').includes('RentListings')));
    const sync = spans.find((span) => span.name === 'extsource.sync')!;
    expect(sync.attributes['sync.type']).toBe('rentals');
    const providerCalls = spans.filter((span) => span.kind === 3 && span.parentSpanId === sync.spanId);
    expect(providerCalls.length).toBeGreaterThanOrEqual(1);
  });

  it('a lead: its delivery is a span, and the webhook carries that trace\'s traceparent', async () => {
    const traceId = newTraceId();
    const email = `traced-${Date.now()}@example.com`;
    const res = await agent(app).post('/api/v1/contact-us').set('traceparent', traceparent(traceId))
      .send({ first_name: 'Tracy', last_name: 'Span', email, mobile: '+971501234567', method_of_contact: 'email', message: 'Follow me' });
    expect(res.status).toBe(201);
    const [hook] = await crm.waitFor(email, 1);
    const header = String(hook.headers.traceparent ?? '');
    expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    const deliveryTrace = header.split('-')[1];
    const spans = await traceOf(deliveryTrace, (found) => found.some((span) => span.name === 'lead.delivery'));
    const delivery = spans.find((span) => span.name === 'lead.delivery')!;
    expect(delivery.attributes['delivery.target']).toBe('webhook');
    expect(header.split('-')[2]).toBe(delivery.spanId);
  });

  it('log lines during a request name the request and the trace', async () => {
    const traceId = newTraceId();
    // A failing provider: the sync's failure is logged while the API request waits for it.
    goyzer.state.faults = [{ path: 'RentListings', status: 500, times: 20 }];
    const res = await agent(app).post('/api/extsource/sync/rentals').set('Authorization', `Bearer ${apiToken}`)
      .set('traceparent', traceparent(traceId)).set('X-Request-Id', 'trace-log-check');
    goyzer.state.faults = [];
    expect(res.body.data.status).toBe('failed');
    const line = app.lines.find((candidate) => candidate.includes('sync run') && candidate.includes('failed'));
    expect(line).toContain('[request trace-log-check]');
    expect(line).toContain(`[trace ${traceId}]`);
  });
});
