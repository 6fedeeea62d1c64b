/**
 * The extsource plugin's settings reading the fake Reelly at `url` (the integration files that swap the
 * running app's driver): `original`'s with the Reelly driver, no retries, a fast detail pace, and `patch`.
 */
import { REELLY_API_KEY } from '../../scripts/fakes/providers';

export const reellyConfig = (original: unknown, url: string, patch: Record<string, unknown> = {}) => ({
  ...structuredClone(original as object),
  projectsDriver: 'reelly',
  reelly: { baseUrl: url, apiKey: REELLY_API_KEY, pageSize: 100, maxPages: 10, maxBytes: 64 * 1024 * 1024 },
  http: { timeoutMs: 3000, retries: 0, backoffMs: 5, maxDelayMs: 50 },
  detailRate: 1000,
  detailConcurrency: 3,
  ...patch,
});
