/** The plugin's configuration (set from env in config/plugins.ts): its defaults, its check, and reading it. */
import type { Core } from '@strapi/strapi';
import type { RetryPolicy } from './drivers/http';

export interface ExtsourceConfig {
  listingsDriver: string;
  projectsDriver: string;
  /** Folder of the sample datasets, relative to the app root. */
  sampleDataDir: string;
  goyzer: {
    baseUrl: string;
    accessCode: string;
    groupCode: string;
    /** Hard caps per listing type and run: pages, units, bytes downloaded. */
    maxPages: number;
    maxItems: number;
    maxBytes: number;
    /** Use the 24-hour change lists between full syncs. */
    incremental: boolean;
    /** With `incremental`: a full sync at least this often. */
    fullSyncHours: number;
  };
  /** A listings feed in a portal's XML format (the `pf-xml` and `bayut-xml` drivers). */
  listingsFeed: {
    url: string;
    /** Sent with every request (a token, basic auth). */
    headers: Record<string, string>;
    /** Hard caps per read of the file: bytes downloaded, records. */
    maxBytes: number;
    maxItems: number;
  };
  reelly: {
    baseUrl: string;
    apiKey: string;
    pageSize: number;
    /** Hard caps per read of the catalogue (or of the developers): pages, bytes downloaded. */
    maxPages: number;
    maxBytes: number;
  };
  http: RetryPolicy;
  /** Cron rule of the scheduled full sync; empty: off. */
  cron: string;
  projectsTtlSeconds: number;
  developersTtlSeconds: number;
  /** How soon a project's detail is read again after the provider did not know it or failed. */
  projectRetrySeconds: number;
  /** How long a project's detail read from the provider is good for: older ones are read again. */
  detailTtlSeconds: number;
  /**
   * Provider requests per second the read-ahead of details may make (each Reelly detail is two: English
   * and Arabic); 0: no read-ahead, a detail is read only when a visitor asks for the project.
   */
  detailRate: number;
  /** Detail reads of the read-ahead under way at once. */
  detailConcurrency: number;
  /** Shown as the contact on every off-plan card. */
  agent: { name: string; phone: string };
  /** The site's currency: provider prices are converted into it, and the listing converts from it. */
  currency: string;
  /**
   * How many of `currency` one unit of another currency is worth ({ USD: 3.6725 }): the one table for
   * provider prices into AED and for AED into the currency a visitor picks. Configured entries are added
   * to (or replace) the defaults.
   */
  currencyRates: Record<string, number>;
}

const MiB = 1024 * 1024;

export const defaultConfig: ExtsourceConfig = {
  listingsDriver: 'sample',
  projectsDriver: 'sample',
  sampleDataDir: 'src/plugins/extsource/data',
  goyzer: {
    baseUrl: '', accessCode: '', groupCode: '', maxPages: 500, maxItems: 50000, maxBytes: 128 * MiB, incremental: false, fullSyncHours: 24,
  },
  listingsFeed: { url: '', headers: {}, maxBytes: 1024 * MiB, maxItems: 250000 },
  reelly: { baseUrl: '', apiKey: '', pageSize: 100, maxPages: 1000, maxBytes: 64 * MiB },
  http: { timeoutMs: 15000, retries: 3, backoffMs: 500, maxDelayMs: 30000 },
  cron: '0 * * * *',
  projectsTtlSeconds: 3600,
  developersTtlSeconds: 3600,
  projectRetrySeconds: 60,
  detailTtlSeconds: 86400,
  detailRate: 4,
  detailConcurrency: 2,
  agent: { name: 'Off-Plan Desk', phone: '+971 4 123 4567' },
  currency: 'AED',
  // The dirham is pegged to the US dollar at 3.6725. GBP floats: 4.90 is about its 2025 level
  // (GBP/USD near 1.33 at the peg), a default to set from a current rate (docs/off-plan.md).
  currencyRates: { USD: 3.6725, GBP: 4.9 },
};

/** The current configuration (read per call, so a change takes effect at once). */
export function extsourceConfig(strapi: Core.Strapi): ExtsourceConfig {
  const config = (strapi.config.get('plugin::extsource') ?? {}) as Partial<ExtsourceConfig>;
  // Provider settings and rates merge one level deep, so a partial override keeps the other defaults.
  return {
    ...defaultConfig,
    ...config,
    goyzer: { ...defaultConfig.goyzer, ...config.goyzer },
    listingsFeed: { ...defaultConfig.listingsFeed, ...config.listingsFeed },
    reelly: { ...defaultConfig.reelly, ...config.reelly },
    currencyRates: { ...defaultConfig.currencyRates, ...config.currencyRates },
  };
}

/** What a visitor's ask for one project reads of the configuration. */
export type DetailSettings = Pick<ExtsourceConfig, 'detailRate' | 'detailTtlSeconds' | 'projectRetrySeconds'>;

/** Those settings as `extsourceConfig` has them (read per call too), without merging the whole configuration (0.8 µs). */
export function detailSettings(strapi: Core.Strapi): DetailSettings {
  const config = (strapi.config.get('plugin::extsource') ?? {}) as Partial<ExtsourceConfig>;
  return {
    detailRate: config.detailRate ?? defaultConfig.detailRate,
    detailTtlSeconds: config.detailTtlSeconds ?? defaultConfig.detailTtlSeconds,
    projectRetrySeconds: config.projectRetrySeconds ?? defaultConfig.projectRetrySeconds,
  };
}

function validator(config: ExtsourceConfig): void {
  for (const key of ['listingsDriver', 'projectsDriver'] as const) {
    if (typeof config[key] !== 'string' || config[key] === '') throw new Error(`extsource: ${key} must be a driver name`);
  }
}

export default { default: defaultConfig, validator };
