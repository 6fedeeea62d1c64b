/**
 * The app's side of the extsource plugin's front door: the plugin's services, typed by its one public
 * entry, and what the app hands the plugin as its host (the app's cache, leases and instance id). No
 * other app module reaches into the plugin.
 */
import type { Core } from '@strapi/strapi';
import type { CatalogueService, ExtsourceHost, HostService, ProjectsService, SyncService } from '../plugins/extsource/server/src/public';
import { cache, declareCacheTagFamily, declareCacheTags, invalidate } from './cache';
import { INSTANCE_ID } from './cluster/instance';
import { leases } from './cluster/leases';
import { metrics } from './metrics';
import { inSpan } from './tracing';

const service = <T>(strapi: Core.Strapi, name: string) => strapi.plugin('extsource').service(name) as T;

export const projectsService = (strapi: Core.Strapi) => service<ProjectsService>(strapi, 'projects');
export const syncService = (strapi: Core.Strapi) => service<SyncService>(strapi, 'sync');
export const catalogueService = (strapi: Core.Strapi) => service<CatalogueService>(strapi, 'catalogue');

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
      providerRequest: (request) => metrics.providerRequest(request),
      syncRun: (run) => metrics.syncRun(run),
    },
    inSpan,
  };
}

/** Hands the plugin its host (at the app's register, before the plugin's bootstrap uses it). */
export function provideExtsourceHost(strapi: Core.Strapi): void {
  // Strapi skips a plugin whose server entry is missing, without a word.
  if (!strapi.plugin('extsource')) throw new Error('The extsource plugin is not loaded: its server is not built (npm run build:plugin)');
  service<HostService>(strapi, 'host').provide(hostFor(strapi));
}
