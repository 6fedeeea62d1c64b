/**
 * The one owner of the service's metrics (Prometheus, prom-client): every other module reports through
 * the small calls below, one line at the place where something happens, and never touches prom-client.
 * Off unless METRICS_ENABLED (config/metrics.ts): the calls then return at once, and nothing is served.
 *
 * Labels are bounded sets only: route patterns (never raw paths), methods, statuses, lanes, cache tags
 * (content types and locales), provider and endpoint names, run types and outcomes, lease names. No ids,
 * paths, e-mail addresses or query strings ever become a label.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { LOOP_DELAY_INTERVAL_MS, LoopDelaySampler } from './loop-delay';
import { RequestSeries, type Lane, type Series } from './request-series';

/** What a scrape reads from the database (see scrape-gauges.ts); one cheap query each. */
export interface ScrapeReaders {
  outbox(): Promise<Array<{ target: string; status: string; count: number; oldestCreatedAt: number | null }>>;
  lastSyncSuccess(): Promise<Array<{ type: string; finishedAt: number }>>;
  /** Buyers' alerts in their outbox, per status. */
  alerts(): Promise<Array<{ status: string; count: number }>>;
}

/** The fast lane's hooks: a clock, and one call per answer (pre-made series, no allocation). */
export interface FastLaneMetrics {
  clock(): number;
  served(route: string, status: number, began: number): void;
}

const DELIVERY_STATUSES = ['pending', 'retrying', 'failed'];

class AppMetrics {
  readonly registry = new Registry();
  private on = false;
  private readonly http = new RequestSeries();
  private readonly fastSeries = new Map<string, { ok: Series; notModified: Series }>();

  private readonly cacheLookups = new Counter({ name: 'cache_lookups_total', help: 'Cache reads by entry tag and result (hit: served from the cache, miss: built)', labelNames: ['tag', 'result'], registers: [this.registry] });
  private readonly busMessages = new Counter({ name: 'cache_invalidations_total', help: 'Cache invalidation messages on the bus between instances, by direction (sent, received)', labelNames: ['direction'], registers: [this.registry] });
  private readonly busUp = new Gauge({ name: 'cache_bus_connected', help: '1 while this instance listens to the other instances\' invalidations (PostgreSQL only), else 0', registers: [this.registry] });
  private readonly purges = new Counter({ name: 'cdn_purges_total', help: 'CDN purge requests by result: sent (answered 2xx), retried (failed, tried again), failed (given up)', labelNames: ['result'], registers: [this.registry] });
  private readonly syncRuns = new Counter({ name: 'extsource_sync_runs_total', help: 'Provider sync runs finished, by run type and status', labelNames: ['type', 'status'], registers: [this.registry] });
  private readonly syncDuration = new Histogram({ name: 'extsource_sync_duration_seconds', help: 'Duration of finished sync runs, by run type', labelNames: ['type'], buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600], registers: [this.registry] });
  private readonly syncItems = new Counter({ name: 'extsource_sync_items_total', help: 'Listings handled by sync runs, by run type and what happened to them', labelNames: ['type', 'result'], registers: [this.registry] });
  private readonly providerRequests = new Counter({ name: 'extsource_provider_requests_total', help: 'HTTP requests to providers (each attempt), by provider, endpoint and outcome', labelNames: ['provider', 'endpoint', 'outcome'], registers: [this.registry] });
  private readonly providerLatency = new Histogram({ name: 'extsource_provider_request_duration_seconds', help: 'Duration of provider HTTP requests (each attempt), by provider and endpoint', labelNames: ['provider', 'endpoint'], buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers: [this.registry] });
  private readonly buyerSignups = new Counter({ name: 'buyer_signups_total', help: 'Buyer accounts registered on the website (POST /api/auth/local/register answered 200)', registers: [this.registry] });
  private readonly buyerSigninsFailed = new Counter({ name: 'buyer_signins_failed_total', help: 'Buyer sign-ins refused (POST /api/auth/local answered 400: wrong password, unknown, unconfirmed or blocked account, malformed body)', registers: [this.registry] });
  private readonly alertSends = new Counter({ name: 'account_alerts_sent_total', help: 'Buyer alerts by what their send came to: sent, retried (failed, tried again), failed (given up); an e-mail may carry several', labelNames: ['result'], registers: [this.registry] });
  private readonly leads = new Counter({ name: 'leads_total', help: 'Leads stored (repeats included), by enquiry type and the desk their routing rule named (default: none matched)', labelNames: ['enquiry_type', 'desk'], registers: [this.registry] });
  private readonly leases = new Gauge({ name: 'leases_held', help: 'Leases this process holds now (renewed locks: syncs, project fills), by lease name', labelNames: ['lease'], registers: [this.registry] });
  private readonly loopDelay = new Histogram({ name: 'nodejs_eventloop_delay_seconds', help: `How long the event loop kept work waiting, sampled every ${LOOP_DELAY_INTERVAL_MS} ms (a stall counts for each sample it held up)`, buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1], registers: [this.registry] });
  private readonly loopDelaySampler = new LoopDelaySampler((seconds) => this.loopDelay.observe(seconds));

  constructor() {
    this.http.register(this.registry);
  }

  get enabled(): boolean {
    return this.on;
  }

  /** Starts counting, with Node's process metrics, the event loop's delay and the gauges read from the database at each scrape. */
  enable(readers: ScrapeReaders): void {
    // Before the check: an app made again in this process after a stopSampling samples again.
    this.loopDelaySampler.start();
    if (this.on) return;
    this.on = true;
    collectDefaultMetrics({ register: this.registry });
    registerScrapeGauges(this.registry, readers);
  }

  /** At shutdown: the sampler's timer goes; what it counted is still served. */
  stopSampling(): void {
    this.loopDelaySampler.stop();
  }

  /** The text a scrape gets (Prometheus exposition format). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** For the fast lane (src/lib/fast-lane.ts): undefined when off, so an answer there costs nothing. */
  fastLane(): FastLaneMetrics | undefined {
    if (!this.on) return undefined;
    return {
      clock: () => performance.now(),
      served: (route, status, began) => this.fastLaneSeries(route, status).observe((performance.now() - began) / 1000),
    };
  }

  private fastLaneSeries(route: string, status: number): Series {
    let pair = this.fastSeries.get(route);
    if (!pair) {
      pair = { ok: this.http.of(route, 'GET', 200, 'fast'), notModified: this.http.of(route, 'GET', 304, 'fast') };
      this.fastSeries.set(route, pair);
    }
    if (status === 200) return pair.ok;
    return status === 304 ? pair.notModified : this.http.of(route, 'GET', status, 'fast');
  }

  /** A request Strapi answered (src/middlewares/request-metrics.ts). */
  request(route: string, method: string, status: number, lane: Lane, seconds: number): void {
    if (this.on) this.http.of(route, method, status, lane).observe(seconds);
  }

  cacheLookup(tags: readonly string[], hit: boolean): void {
    if (!this.on) return;
    for (const tag of tags) this.cacheLookups.inc({ tag, result: hit ? 'hit' : 'miss' });
  }

  invalidation(direction: 'sent' | 'received'): void {
    if (this.on) this.busMessages.inc({ direction });
  }

  busConnected(up: boolean): void {
    if (this.on) this.busUp.set(up ? 1 : 0);
  }

  cdnPurge(result: 'sent' | 'retried' | 'failed'): void {
    if (this.on) this.purges.inc({ result });
  }

  syncRun(run: { type: string; status: string; seconds: number; items: Record<string, number> }): void {
    if (!this.on) return;
    this.syncRuns.inc({ type: run.type, status: run.status });
    this.syncDuration.observe({ type: run.type }, run.seconds);
    for (const [result, count] of Object.entries(run.items)) this.syncItems.inc({ type: run.type, result }, count);
  }

  providerRequest(request: { provider: string; endpoint: string; outcome: string; seconds: number }): void {
    if (!this.on) return;
    this.providerRequests.inc({ provider: request.provider, endpoint: request.endpoint, outcome: request.outcome });
    this.providerLatency.observe({ provider: request.provider, endpoint: request.endpoint }, request.seconds);
  }

  buyerSignup(): void {
    if (this.on) this.buyerSignups.inc();
  }

  buyerSigninFailed(): void {
    if (this.on) this.buyerSigninsFailed.inc();
  }

  /** A lead was stored; the labels are the form's fixed enquiry types and the desks admins named, never a visitor's text. */
  leadStored(enquiryType: string, desk: string): void {
    if (this.on) this.leads.inc({ enquiry_type: enquiryType, desk });
  }

  alertsSent(result: 'sent' | 'retried' | 'failed', count: number): void {
    if (this.on) this.alertSends.inc({ result }, count);
  }

  leaseHeld(name: string, held: boolean): void {
    if (this.on) this.leases.inc({ lease: name }, held ? 1 : -1);
  }
}

/**
 * The database read of a scrape, or nothing when it fails: the gauges go absent, counted in
 * `metrics_read_errors_total`, and every other metric is still served.
 */
function readSafely<T>(errors: Counter, reader: string, read: () => Promise<T[]>): Promise<T[]> {
  return read().catch(() => {
    errors.inc({ reader });
    return [];
  });
}

function registerScrapeGauges(registry: Registry, readers: ScrapeReaders): void {
  const errors = new Counter({ name: 'metrics_read_errors_total', help: 'Database reads of a scrape that failed (their gauges were left out), by reader', labelNames: ['reader'], registers: [registry] });
  new Gauge({
    name: 'lead_deliveries', help: 'Lead deliveries in the outbox by target and status (pending, retrying, failed); the same on every instance', labelNames: ['target', 'status'], registers: [registry],
    async collect() {
      this.reset();
      const oldest = new Map<string, number>();
      for (const row of await readSafely(errors, 'outbox', readers.outbox)) {
        if (DELIVERY_STATUSES.includes(row.status)) this.set({ target: row.target, status: row.status }, row.count);
        if (row.status !== 'failed' && row.oldestCreatedAt !== null) oldest.set(row.target, Math.min(oldest.get(row.target) ?? Infinity, row.oldestCreatedAt));
      }
      outboxAge.reset();
      for (const [target, createdAt] of oldest) outboxAge.set({ target }, Math.max(0, (Date.now() - createdAt) / 1000));
    },
  });
  // Filled by lead_deliveries' collect, from the same read (the registry asks them in this order).
  const outboxAge = new Gauge({ name: 'lead_delivery_oldest_pending_age_seconds', help: 'Age of the oldest lead delivery still pending or retrying, by target (absent when none)', labelNames: ['target'], registers: [registry] });
  new Gauge({
    name: 'account_alerts', help: 'Buyer alerts in their outbox by status (pending, retrying, failed); the same on every instance', labelNames: ['status'], registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readSafely(errors, 'alerts', readers.alerts)) if (DELIVERY_STATUSES.includes(row.status)) this.set({ status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'extsource_sync_last_success_timestamp_seconds', help: 'When the last successful sync run of each type finished (any instance or the CLI), Unix time', labelNames: ['type'], registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readSafely(errors, 'sync', readers.lastSyncSuccess)) this.set({ type: row.type }, row.finishedAt / 1000);
    },
  });
}

export const metrics = new AppMetrics();
