import type { Core } from '@strapi/strapi';

/**
 * Prometheus metrics at GET /metrics (src/lib/metrics, docs/operations.md), never public by default:
 * off unless METRICS_ENABLED, and then served only on a listener of their own (METRICS_PORT, on
 * METRICS_HOST, loopback unless told otherwise) or on the public port behind a bearer token
 * (METRICS_TOKEN). Enabled with neither, the start is refused rather than left unscrapable.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => {
  const enabled = env.bool('METRICS_ENABLED', false);
  const port = env.int('METRICS_PORT', 0);
  const token = env('METRICS_TOKEN', '');
  if (enabled && !port && !token) throw new Error('METRICS_ENABLED=true needs METRICS_PORT (a listener of its own) or METRICS_TOKEN (on the public port, behind a bearer token)');
  if (token && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters (a long random value)');
  return { enabled, port, host: env('METRICS_HOST', '127.0.0.1'), token };
};
