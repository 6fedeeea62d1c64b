/**
 * Turns the metrics on (config/metrics.ts) and wires what a scrape reads from the database: the lead
 * outbox, the buyers' alerts outbox and the last successful sync of each type. Served on the public port behind the token at
 * register (in front of the fast lane), on a port of their own from bootstrap.
 */
import type { Server } from 'http';
import type { Core } from '@strapi/strapi';
import { alertStore } from '../api/account/alerts/store';
import { alertGauges } from '../api/account/lib/metrics';
import { deliveryStore } from '../api/contact/deliveries/store';
import { deliveryGauges } from '../api/contact/lib/metrics';
import { syncService } from '../plugins/extsource/server/src/public';
import { lastSyncGauge } from './extsource-host';
import { serveOnPublicPort, startMetricsServer, type EndpointSettings } from '../lib/metrics/endpoint';
import { metrics } from '../lib/metrics';

interface MetricsSettings extends EndpointSettings {
  enabled: boolean;
}

const settingsOf = (strapi: Core.Strapi) => strapi.config.get('metrics') as MetricsSettings;

let server: Server | undefined;

/** At register, before the fast lane is installed (it takes its hooks then). */
export function enableMetrics(strapi: Core.Strapi): void {
  if (!settingsOf(strapi).enabled) return;
  metrics.enable([
    deliveryGauges(() => deliveryStore(strapi).backlog()),
    alertGauges(() => alertStore(strapi).counts()),
    lastSyncGauge(() => syncService(strapi).lastSucceeded()),
  ]);
}

/** At register, after the fast lane: the token's check answers before anything else. */
export function serveMetricsOnPublicPort(strapi: Core.Strapi): void {
  const settings = settingsOf(strapi);
  if (settings.enabled && settings.token) serveOnPublicPort(strapi.server.httpServer, settings.token);
}

export async function startMetricsListener(strapi: Core.Strapi): Promise<void> {
  const settings = settingsOf(strapi);
  if (!settings.enabled || !settings.port) return;
  server = await startMetricsServer(settings);
  strapi.log.info(`metrics: GET http://${settings.host}:${settings.port}/metrics`);
}

/** At destroy: the listener closes and the event loop's sampler stops (no timer outlives the app). */
export async function stopMetrics(): Promise<void> {
  metrics.stopSampling();
  const running = server;
  server = undefined;
  await new Promise((resolve) => (running ? running.close(resolve) : resolve(undefined)));
}
