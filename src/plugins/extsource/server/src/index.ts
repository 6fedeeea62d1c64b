/** The extsource plugin, server side: provider drivers, listings sync, project collection, routes. */
import type { Core } from '@strapi/strapi';
import { defaultConfig, type ExtsourceConfig } from './config';
import contentTypes from './content-types';
import controllers from './controllers';
import { errorMessage } from './errors';
import { hostOf } from './host';
import routes from './routes';
import { scheduleSync } from './schedule';
import services from './services';
import { ensureDetailKey } from './services/project-details';
import type { ProjectsService } from './services/projects';
import { PROPERTY_UID, syncService } from './services/sync';

interface ActionProvider {
  registerMany(actions: Array<{ section: string; displayName: string; uid: string; pluginName: string }>): Promise<void>;
}

async function registerPermissions(strapi: Core.Strapi) {
  const { actionProvider } = strapi.service('admin::permission') as unknown as { actionProvider: ActionProvider };
  await actionProvider.registerMany([
    { section: 'plugins', displayName: 'Read sync status and statistics', uid: 'read', pluginName: 'extsource' },
    { section: 'plugins', displayName: 'Run syncs', uid: 'sync', pluginName: 'extsource' },
  ]);
}

/** The upsert key (provider, listing type, reference) is unique in the database itself. */
async function ensureUniqueKey(strapi: Core.Strapi) {
  const table = strapi.db.metadata.get(PROPERTY_UID).tableName;
  await strapi.db.connection.raw(
    `CREATE UNIQUE INDEX IF NOT EXISTS extsource_properties_source_key ON ${table} (provider, listing_type, reference)`
  );
}

/** A tick's claim outlives any clock difference between instances, and is then cleared. */
const TICK_CLAIM_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled full sync of one tick, once across instances: every instance's cron fires, the first
 * to claim the tick (its scheduled time, the same everywhere) runs it, the others skip it, even after
 * it finished.
 */
export async function scheduledSync(strapi: Core.Strapi, tick: Date): Promise<void> {
  try {
    if (!(await hostOf(strapi).leases.claim(`extsource:cron:${tick.toISOString()}`, TICK_CLAIM_MS))) return;
    await syncService(strapi).run('all', 'cron');
  } catch (error) {
    strapi.log.warn(`extsource: scheduled sync skipped: ${errorMessage(error)}`);
  }
}

export default {
  config: {
    default: defaultConfig,
    validator(config: ExtsourceConfig) {
      for (const key of ['listingsDriver', 'projectsDriver'] as const) {
        if (typeof config[key] !== 'string' || config[key] === '') throw new Error(`extsource: ${key} must be a driver name`);
      }
    },
  },
  contentTypes,
  controllers,
  routes,
  services,

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await registerPermissions(strapi);
    await ensureUniqueKey(strapi);
    await ensureDetailKey(strapi);
    await syncService(strapi).failStaleRuns();
    scheduleSync(strapi, String(strapi.config.get('plugin::extsource.cron', '')), (tick) => scheduledSync(strapi, tick));
  },

  destroy({ strapi }: { strapi: Core.Strapi }) {
    (strapi.plugin('extsource').service('projects') as ProjectsService).stop();
  },
};
