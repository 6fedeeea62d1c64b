/**
 * Without OTEL_EXPORTER_OTLP_ENDPOINT (the integration app has none), none of OpenTelemetry's SDK is
 * loaded: tracing costs nothing when it is not asked for (src/lib/tracing).
 */
import { createRequire } from 'module';
import { describe, expect, it } from 'vitest';
import { http } from '../helpers/app';

describe('tracing off', () => {
  it('loads none of OpenTelemetry\'s SDK, exporter or instrumentations', async () => {
    const agent = await http();
    expect((await agent.get('/api/v1/luxury')).status).toBe(200);
    expect(process.env.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    const cached = Object.keys(createRequire(__filename).cache);
    // Strapi reads every dependency's package.json, and one of its own dependencies loads the no-op
    // @opentelemetry/api; the SDK, the exporter and the instrumentations are never loaded, nor our module that loads them.
    const loaded = cached.filter((file) => file.includes('@opentelemetry/') && !file.endsWith('package.json') && !file.includes('@opentelemetry/api/'));
    expect(loaded).toEqual([]);
    expect(cached.filter((file) => file.endsWith('lib/tracing/otel.js'))).toEqual([]);
  });
});
