/**
 * Traces on request: with OTEL_EXPORTER_OTLP_ENDPOINT set, OpenTelemetry records spans for requests
 * (incoming HTTP, the fast lane's too), PostgreSQL queries, provider calls (outgoing HTTP), syncs and
 * lead deliveries, and exports them over OTLP/HTTP (JSON) to that endpoint; `traceparent` goes with the
 * CRM webhook. Without it nothing of OpenTelemetry is even loaded (./otel.ts is required lazily, the
 * one module that imports it), and every call below is a plain pass-through.
 */
import type { Otel } from './otel';

let otel: Otel | undefined;

/**
 * Starts tracing if asked for, as `serviceName` (the tracer's name, and the service's unless
 * OTEL_SERVICE_NAME says otherwise); idempotent. Called as the app's entry module loads, before Strapi opens
 * its database connection, so the pg driver is patched when knex first requires it.
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): void {
  if (otel || !env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  // Lazily: without the endpoint, no OpenTelemetry module is ever required.
  otel = (require('./otel') as typeof import('./otel')).startOtel(serviceName, env);
}

/** Runs `work` in a span of its own (a child of the current one), ended with its outcome. */
export function inSpan<T>(name: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T> {
  return otel ? otel.inSpan(name, attributes, work) : work();
}

/** The current trace's id, for log lines; undefined without tracing or outside any span. */
export function currentTraceId(): string | undefined {
  return otel?.currentTraceId();
}

/** Adds `traceparent` (and `tracestate`) of the current span to outgoing request headers. */
export function propagate(headers: Record<string, string>): Record<string, string> {
  otel?.inject(headers);
  return headers;
}

/** Sends the spans still buffered (at shutdown). */
export async function stopTracing(): Promise<void> {
  const running = otel;
  otel = undefined;
  await running?.shutdown();
}
