/** Builds the configured drivers (per call, from the current config, so a change takes effect at once). */
import path from 'path';
import type { Core } from '@strapi/strapi';
import { extsourceConfig, type ExtsourceConfig } from '../config';
import { goyzerListingsDriver } from './goyzer';
import { portalFeedDriver } from './portal-feed';
import { hostOf } from '../host';
import { LISTINGS_DRIVERS, namesAsChoice, PROJECTS_DRIVERS } from './names';
import type { RequestObserver, RetryPolicy } from './http';
import { ProviderError } from './provider-error';
import { reellyProjectsDriver } from './reelly-driver';
import { sampleListingsDriver, sampleProjectsDriver } from './sample';
import type { ListingsDriver, ProjectsDriver } from './types';

/** The host's metrics, told of each request to `provider` (none when the host keeps none). */
function observerOf(strapi: Core.Strapi, provider: string): RequestObserver | undefined {
  const metrics = hostOf(strapi).metrics;
  return metrics && ((endpoint, outcome, seconds) => metrics.providerRequest({ provider, endpoint, outcome, seconds }));
}

function sampleDir(strapi: Core.Strapi, config: ExtsourceConfig): string {
  return path.resolve(strapi.dirs.app.root, config.sampleDataDir);
}

/** The sample data's images are served by this service, under its public URL. */
const publicUrl = (strapi: Core.Strapi) => String(strapi.config.get('server.url'));

export function listingsDriver(strapi: Core.Strapi): ListingsDriver {
  const config = extsourceConfig(strapi);
  switch (config.listingsDriver) {
    case 'sample':
      return sampleListingsDriver(sampleDir(strapi, config), publicUrl(strapi));
    case 'goyzer':
      return goyzerListingsDriver(config.goyzer, config.http, observerOf(strapi, 'goyzer'));
    case 'pf-xml':
    case 'bayut-xml':
      return portalFeedDriver(config.listingsDriver, config.listingsFeed, config.http, observerOf(strapi, config.listingsDriver));
    default:
      throw new ProviderError(`Unknown listings driver "${config.listingsDriver}" (use ${namesAsChoice(LISTINGS_DRIVERS)})`);
  }
}

/** `retry`: overrides of the configured retry policy (a read on a visitor's behalf retries nothing). */
export function projectsDriver(strapi: Core.Strapi, retry: Partial<RetryPolicy> = {}): ProjectsDriver {
  const config = extsourceConfig(strapi);
  const defaults = { agent: config.agent, currency: config.currency, currencyRates: config.currencyRates };
  switch (config.projectsDriver) {
    case 'sample':
      return sampleProjectsDriver(sampleDir(strapi, config), defaults, publicUrl(strapi));
    case 'reelly':
      return reellyProjectsDriver(config.reelly, { ...config.http, ...retry }, { ...defaults, developersTtlSeconds: config.developersTtlSeconds }, observerOf(strapi, 'reelly'));
    default:
      throw new ProviderError(`Unknown projects driver "${config.projectsDriver}" (use ${namesAsChoice(PROJECTS_DRIVERS)})`);
  }
}
