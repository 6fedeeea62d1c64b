/**
 * The one owner of the service's metrics (Prometheus, prom-client): every other module reports through
 * the small calls below, one line at the place where something happens, and never touches prom-client.
 * What a domain counts is the domain's: it declares its counters beside what it counts (`counter`,
 * `histogram`) and its scrape-time gauges (`ScrapeRead`, handed to `enable`), so this module names none.
 * Off unless METRICS_ENABLED (config/metrics.ts): the calls then return at once, and nothing is served.
 *
 * Labels are bounded sets only: route patterns (never raw paths), methods, statuses, lanes, cache tags
 * (content types and locales), provider and endpoint names, run types and outcomes, lease names. No ids,
 * paths, e-mail addresses or query strings ever become a label.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { LOOP_DELAY_INTERVAL_MS, LoopDelaySampler } from './loop-delay';
import { RequestSeries, type Lane, type Series } from './request-series';

/**
 * A gauge read at each scrape, as its owner declares it: its name, help and labels, and its values from
 * the rows of its read.
 */
export interface ScrapeGauge<T> {
  name: string;
  help: string;
  labelNames: readonly string[];
  values(rows: readonly T[]): Iterable<readonly [Record<string, string>, number]>;
}

/** One cheap database read at each scrape and the gauges filled from it (see registerScrapeGauges). */
export interface ScrapeRead<T> {
  /** The read's name in `metrics_read_errors_total` when it fails. */
  reader: string;
  read(): Promise<T[]>;
  gauges: readonly ScrapeGauge<T>[];
}

/** A metric its owner declares beside what it counts: the name, help and labels are the owner's (bounded sets only). */
export interface MetricDefinition<L extends string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
}

export interface AppCounter<L extends string> {
  inc(labels?: Readonly<Record<L, string>>, value?: number): void;
}

export interface AppHistogram<L extends string> {
  observe(labels: Readonly<Record<L, string>>, value: number): void;
}

/** The fast lane's hooks: a clock, and one call per answer (pre-made series, no allocation). */
export interface FastLaneMetrics {
  clock(): number;
  served(route: string, status: number, began: number): void;
}

class AppMetrics {
  readonly registry = new Registry();
  private on = false;
  private readonly http = new RequestSeries();
  private readonly fastSeries = new Map<string, { ok: Series; notModified: Series }>();

  private readonly cacheLookups = new Counter({ name: 'cache_lookups_total', help: 'Cache reads by entry tag and result (hit: served from the cache, miss: built)', labelNames: ['tag', 'result'], registers: [this.registry] });
  private readonly busMessages = new Counter({ name: 'cache_invalidations_total', help: 'Cache invalidation messages on the bus between instances, by direction (sent, received)', labelNames: ['direction'], registers: [this.registry] });
  private readonly busUp = new Gauge({ name: 'cache_bus_connected', help: '1 while this instance listens to the other instances\' invalidations (PostgreSQL only), else 0', registers: [this.registry] });
  private readonly purges = new Counter({ name: 'cdn_purges_total', help: 'CDN purge requests by result: sent (answered 2xx), retried (failed, tried again), failed (given up)', labelNames: ['result'], registers: [this.registry] });
  private readonly leases = new Gauge({ name: 'leases_held', help: 'Leases this process holds now (renewed locks: syncs, catalogue fills), by lease name', labelNames: ['lease'], registers: [this.registry] });
  private readonly loopDelay = new Histogram({ name: 'nodejs_eventloop_delay_seconds', help: `How long the event loop kept work waiting, sampled every ${LOOP_DELAY_INTERVAL_MS} ms (a stall counts for each sample it held up)`, buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1], registers: [this.registry] });
  private readonly loopDelaySampler = new LoopDelaySampler((seconds) => this.loopDelay.observe(seconds));

  constructor() {
    this.http.register(this.registry);
  }

  get enabled(): boolean {
    return this.on;
  }

  /** Starts counting, with Node's process metrics, the event loop's delay and the gauges read from the database at each scrape. */
  enable(reads: readonly ScrapeRead<unknown>[]): void {
    // Before the check: an app made again in this process after a stopSampling samples again.
    this.loopDelaySampler.start();
    if (this.on) return;
    this.on = true;
    collectDefaultMetrics({ register: this.registry });
    registerScrapeGauges(this.registry, reads);
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

  /** A counter declared by its owner, registered now, counting once the metrics are on. */
  counter<L extends string = never>({ name, help, labelNames = [] }: MetricDefinition<L>): AppCounter<L> {
    const counter = new Counter({ name, help, labelNames: [...labelNames], registers: [this.registry] });
    return {
      inc: (labels, value = 1) => {
        if (this.on) (labels ? counter.inc(labels, value) : counter.inc(value));
      },
    };
  }

  /** A histogram declared by its owner, as `counter`. */
  histogram<L extends string = never>({ name, help, labelNames = [], buckets }: MetricDefinition<L> & { buckets: number[] }): AppHistogram<L> {
    const histogram = new Histogram({ name, help, labelNames: [...labelNames], buckets, registers: [this.registry] });
    return {
      observe: (labels, value) => {
        if (this.on) histogram.observe(labels, value);
      },
    };
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

/**
 * Each read's gauges: the first one's collect reads and fills them all (the registry asks them in the
 * order they were registered), so a scrape reads each table once.
 */
function registerScrapeGauges(registry: Registry, reads: readonly ScrapeRead<unknown>[]): void {
  const errors = new Counter({ name: 'metrics_read_errors_total', help: 'Database reads of a scrape that failed (their gauges were left out), by reader', labelNames: ['reader'], registers: [registry] });
  for (const { reader, read, gauges } of reads) {
    const filled: Gauge[] = [];
    gauges.forEach((definition, index) => {
      filled.push(new Gauge({
        name: definition.name, help: definition.help, labelNames: [...definition.labelNames], registers: [registry],
        ...(index === 0 && {
          async collect() {
            const rows = await readSafely(errors, reader, read);
            gauges.forEach((gauge, at) => {
              filled[at].reset();
              for (const [labels, value] of gauge.values(rows)) filled[at].set(labels, value);
            });
          },
        }),
      }));
    });
  }
}

export const metrics = new AppMetrics();
