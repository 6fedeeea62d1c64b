import type { Core } from '@strapi/strapi';

/** A named, idempotent piece of first-run content. Each runs at most once per database. */
export interface Seeder {
  name: string;
  run(strapi: Core.Strapi): Promise<void>;
  /**
   * The seeder commits its own work (a sync, with its leases and batches) and is idempotent: it runs
   * outside the flag's transaction, so a crash before its flag is set only means it runs again.
   */
  commitsItself?: boolean;
}

/**
 * Demo content (the seeders below, the sample provider) is for development: elsewhere only with
 * SEED_DEMO=true. SEED_DEMO=false turns it off in development too.
 */
export function demoContentEnabled(environment: string, setting = process.env.SEED_DEMO?.trim() ?? ''): boolean {
  if (/^(true|1|yes|on)$/i.test(setting)) return true;
  if (/^(false|0|no|off)$/i.test(setting)) return false;
  return environment === 'development';
}

/**
 * Runs each seeder whose flag is not yet in the core store and sets the flag in the same transaction,
 * so a seeder either lands whole, exactly once, or not at all (seeders that commit their own work set
 * it after). Several instances starting together seed one at a time (the start-up lock, src/index.ts). Editors' later changes are therefore
 * never overwritten by a restart. Only when demo content is enabled (above).
 */
export async function seedDemoContent(strapi: Core.Strapi, seeders: Seeder[]): Promise<void> {
  if (!demoContentEnabled(String(strapi.config.get('environment')))) return;
  const store = strapi.store({ type: 'core', name: 'demo-seed' });
  for (const seeder of seeders) {
    if (await store.get({ key: seeder.name })) continue;
    const setFlag = () => store.set({ key: seeder.name, value: { seededAt: new Date().toISOString() } });
    if (seeder.commitsItself) {
      await seeder.run(strapi);
      await setFlag();
    } else {
      await strapi.db.transaction(async () => {
        await seeder.run(strapi);
        await setFlag();
      });
    }
    strapi.log.info(`seed: loaded demo ${seeder.name}`);
  }
}
