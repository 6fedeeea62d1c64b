/** The plugin's configuration (set from env in config/plugins.ts) and its defaults. */
import type { RetryPolicy } from './drivers/http';

export interface ExtsourceConfig {
  listingsDriver: string;
  projectsDriver: string;
  /** Folder of the sample datasets, relative to the app root. */
  sampleDataDir: string;
  goyzer: { baseUrl: string; accessCode: string; groupCode: string; maxPages: number };
  reelly: { baseUrl: string; apiKey: string; pageSize: number; maxPages: number };
  http: RetryPolicy;
  /** Cron rule of the scheduled full sync; empty: off. */
  cron: string;
  projectsTtlSeconds: number;
  developersTtlSeconds: number;
  /** Shown as the contact on every off-plan card. */
  agent: { name: string; phone: string };
  currency: string;
}

export const defaultConfig: ExtsourceConfig = {
  listingsDriver: 'sample',
  projectsDriver: 'sample',
  sampleDataDir: 'src/plugins/extsource/data',
  goyzer: { baseUrl: '', accessCode: '', groupCode: '', maxPages: 1000 },
  reelly: { baseUrl: '', apiKey: '', pageSize: 100, maxPages: 1000 },
  http: { timeoutMs: 15000, retries: 3, backoffMs: 500, maxDelayMs: 30000 },
  cron: '0 * * * *',
  projectsTtlSeconds: 3600,
  developersTtlSeconds: 3600,
  agent: { name: 'Off-Plan Desk', phone: '+971 4 123 4567' },
  currency: 'AED',
};
