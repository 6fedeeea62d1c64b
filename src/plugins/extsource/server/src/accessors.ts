/**
 * The plugin's services as its host reaches them (`strapi.plugin('extsource').service(name)`), typed: the
 * one place the app spells their names. Types only besides, so the host loads none of the plugin's code.
 */
import type { Core } from '@strapi/strapi';
import type { HostService } from './host';
import type { CatalogueService } from './services/catalogue';
import type { ProjectsService } from './services/projects';
import type { SyncService } from './services/sync';

/** Each app's services, looked up once: Strapi makes each once, and the hot paths ask for one per request. */
const resolved = new WeakMap<Core.Strapi, Map<string, unknown>>();

function service<T>(strapi: Core.Strapi, name: string): T {
  let services = resolved.get(strapi);
  if (!services) resolved.set(strapi, (services = new Map()));
  let found = services.get(name);
  if (found === undefined) {
    found = strapi.plugin('extsource').service(name);
    services.set(name, found);
  }
  return found as T;
}

export const projectsService = (strapi: Core.Strapi) => service<ProjectsService>(strapi, 'projects');
export const syncService = (strapi: Core.Strapi) => service<SyncService>(strapi, 'sync');
export const catalogueService = (strapi: Core.Strapi) => service<CatalogueService>(strapi, 'catalogue');
export const hostService = (strapi: Core.Strapi) => service<HostService>(strapi, 'host');
