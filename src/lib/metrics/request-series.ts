/**
 * HTTP request counts and latencies, kept in plain numbers and handed to prom-client at scrape time.
 * prom-client's own `labels(...).observe()` hashes its label object on every call (about 1.5 µs here),
 * a cost the fast lane (tens of microseconds a request) would feel; a pre-made series costs an array
 * increment. One collector serves both families: `http_requests_total` and
 * `http_request_duration_seconds`. Plain code, no Strapi.
 */
import type { Registry } from 'prom-client';

export const LATENCY_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type Lane = 'fast' | 'full';

/** One label set: counts per bucket (not cumulative; summed at scrape), their sum and total. */
export class Series {
  readonly buckets = new Float64Array(LATENCY_BUCKETS_S.length);
  count = 0;
  sum = 0;

  constructor(readonly labels: Readonly<Record<string, string>>) {}

  observe(seconds: number): void {
    this.count += 1;
    this.sum += seconds;
    for (let i = 0; i < LATENCY_BUCKETS_S.length; i += 1) {
      if (seconds <= LATENCY_BUCKETS_S[i]) {
        this.buckets[i] += 1;
        return;
      }
    }
  }
}

interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

export class RequestSeries {
  private readonly series = new Map<string, Series>();

  /** The series of one label set, made once (keep it: the fast lane pre-binds one per route and status). */
  of(route: string, method: string, status: number, lane: Lane): Series {
    const key = `${lane} ${method} ${status} ${route}`;
    let found = this.series.get(key);
    if (!found) {
      found = new Series({ route, method, status: String(status), lane });
      this.series.set(key, found);
    }
    return found;
  }

  register(registry: Registry): void {
    const all = () => [...this.series.values()];
    registry.registerMetric(collector('http_requests_total', 'HTTP requests answered, by route pattern, method, status and lane (fast: the fast lane, full: Strapi)', 'counter', () =>
      all().map((series) => ({ labels: { ...series.labels }, value: series.count }))
    ));
    registry.registerMetric(collector('http_request_duration_seconds', 'Time from the request to the end of its answer, by route pattern, method, status and lane', 'histogram', () =>
      all().flatMap(histogramSamples)
    ));
  }
}

function histogramSamples(series: Series): Sample[] {
  const name = 'http_request_duration_seconds';
  let cumulative = 0;
  const samples: Sample[] = LATENCY_BUCKETS_S.map((bound, i) => {
    cumulative += series.buckets[i];
    return { labels: { ...series.labels, le: bound }, value: cumulative, metricName: `${name}_bucket` };
  });
  samples.push({ labels: { ...series.labels, le: '+Inf' }, value: series.count, metricName: `${name}_bucket` });
  samples.push({ labels: { ...series.labels }, value: series.sum, metricName: `${name}_sum` });
  samples.push({ labels: { ...series.labels }, value: series.count, metricName: `${name}_count` });
  return samples;
}

/** A metric prom-client's registry renders like its own (it asks `get()` at each scrape). */
function collector(name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]) {
  const metric = { name, help, type, aggregator: 'sum' as const, get: async () => ({ name, help, type, aggregator: 'sum' as const, values: values() }) };
  return metric as unknown as Parameters<Registry['registerMetric']>[0];
}
