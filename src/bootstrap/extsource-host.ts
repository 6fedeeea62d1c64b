/**
 * What the app hands the extsource plugin as its host (the app's cache, leases, instance id, tracing and
 * metrics), at register. The plugin's own metrics are declared here, by the module that reports them
 * (src/lib names no domain: decision 202); their names and labels are what dashboards read. The app
 * reaches the plugin's services through its public entry's accessors.
 */
import type { Core } from '@strapi/strapi';
import { hostService, type ExtsourceHost } from '../plugins/extsource/server/src/public';
import { cache, declareCacheTagFamily, declareCacheTags, invalidate } from '../lib/cache';
import { INSTANCE_ID } from '../lib/cluster/instance';
import { leases } from '../lib/cluster/leases';
import { metrics, type ScrapeRead } from '../lib/metrics';
import { inSpan } from '../lib/tracing';

const syncRuns = metrics.counter<'type' | 'status'>({ name: 'extsource_sync_runs_total', help: 'Provider sync runs finished, by run type and status', labelNames: ['type', 'status'] });
const syncDuration = metrics.histogram<'type'>({ name: 'extsource_sync_duration_seconds', help: 'Duration of finished sync runs, by run type', labelNames: ['type'], buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600] });
const syncItems = metrics.counter<'type' | 'result'>({ name: 'extsource_sync_items_total', help: 'Listings handled by sync runs, by run type and what happened to them', labelNames: ['type', 'result'] });
const providerRequests = metrics.counter<'provider' | 'endpoint' | 'outcome'>({ name: 'extsource_provider_requests_total', help: 'HTTP requests to providers (each attempt), by provider, endpoint and outcome', labelNames: ['provider', 'endpoint', 'outcome'] });
const providerLatency = metrics.histogram<'provider' | 'endpoint'>({ name: 'extsource_provider_request_duration_seconds', help: 'Duration of provider HTTP requests (each attempt), by provider and endpoint', labelNames: ['provider', 'endpoint'], buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] });

/** The last successful sync of each type, from `read` (the sync service's) at each scrape. */
export const lastSyncGauge = (read: () => Promise<Array<{ type: string; finishedAt: number }>>): ScrapeRead<{ type: string; finishedAt: number }> => ({
  reader: 'sync',
  read,
  gauges: [{
    name: 'extsource_sync_last_success_timestamp_seconds',
    help: 'When the last successful sync run of each type finished (any instance or the CLI), Unix time',
    labelNames: ['type'],
    values: (rows) => rows.map((row) => [{ type: row.type }, row.finishedAt / 1000] as const),
  }],
});

function hostFor(strapi: Core.Strapi): ExtsourceHost {
  return {
    cache: {
      get: (key, build, options) => cache.get(key, build, options),
      peek: (key) => cache.peek(key),
      set: (key, value, options) => cache.set(key, value, options),
      invalidateHere: (tags) => cache.invalidate(tags),
      invalidateEverywhere: (tags) => invalidate(strapi, tags),
      declareTags: declareCacheTags,
      declareTagFamily: declareCacheTagFamily,
    },
    leases: leases(strapi),
    instanceId: INSTANCE_ID,
    metrics: {
      providerRequest: ({ provider, endpoint, outcome, seconds }) => {
        providerRequests.inc({ provider, endpoint, outcome });
        providerLatency.observe({ provider, endpoint }, seconds);
      },
      syncRun: (run) => {
        syncRuns.inc({ type: run.type, status: run.status });
        syncDuration.observe({ type: run.type }, run.seconds);
        for (const [result, count] of Object.entries(run.items)) syncItems.inc({ type: run.type, result }, count);
      },
    },
    inSpan,
  };
}

/** Hands the plugin its host (at the app's register, before the plugin's bootstrap uses it). */
export function provideExtsourceHost(strapi: Core.Strapi): void {
  // Strapi skips a plugin whose server entry is missing, without a word.
  if (!strapi.plugin('extsource')) throw new Error('The extsource plugin is not loaded: its server is not built (npm run build:plugin)');
  hostService(strapi).provide(hostFor(strapi));
}
