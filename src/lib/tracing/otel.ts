/**
 * The one module that loads OpenTelemetry (required by ./index.ts only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set). The exporter reads the standard OTEL_* variables itself (endpoint, headers, timeout); the
 * batch processor its OTEL_BSP_* ones.
 */
import { context, propagation, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { errorMessage } from '../errors';

export interface Otel {
  inSpan<T>(name: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T>;
  currentTraceId(): string | undefined;
  inject(headers: Record<string, string>): void;
  shutdown(): Promise<void>;
}

export function startOtel(serviceName: string, env: NodeJS.ProcessEnv): Otel {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The global context manager (async hooks) and W3C trace-context propagator.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    // Scrapes and liveness probes are no requests of the site's.
    instrumentations: [new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => req.url === '/metrics' || req.url === '/_health' }), new PgInstrumentation()],
  });
  const tracer = provider.getTracer(serviceName);
  return {
    inSpan: (name, attributes, work) =>
      tracer.startActiveSpan(name, { attributes }, async (span) => {
        try {
          return await work();
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
          throw error;
        } finally {
          span.end();
        }
      }),
    currentTraceId: () => trace.getActiveSpan()?.spanContext().traceId,
    inject: (headers) => propagation.inject(context.active(), headers),
    shutdown: () => provider.shutdown(),
  };
}
