/**
 * The plugin's start: its admin permissions, the database's unique keys, the runs a stopped instance
 * left "running" marked failed, then the scheduled sync.
 */
import type { Core } from '@strapi/strapi';
import { ensureUniqueKeys } from './indexes';
import { registerPermissions } from './permissions';
import { startScheduledSync } from './schedule';
import { syncService } from './services/sync';

export default async function bootstrap({ strapi }: { strapi: Core.Strapi }): Promise<void> {
  await registerPermissions(strapi);
  await ensureUniqueKeys(strapi);
  await syncService(strapi).failStaleRuns();
  startScheduledSync(strapi);
}
