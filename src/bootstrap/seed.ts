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

function seedingEnabled(): boolean {
  return !/^(false|0|no|off)$/i.test(process.env.SEED_DEMO?.trim() ?? '');
}

/**
 * Runs each seeder whose flag is not yet in the core store and sets the flag in the same transaction,
 * so a seeder either lands whole, exactly once, or not at all (seeders that commit their own work set
 * it after). Several instances starting together seed one at a time (the start-up lock, src/index.ts). Editors' later changes are therefore
 * never overwritten by a restart; SEED_DEMO=false skips seeding altogether.
 */
export async function seedDemoContent(strapi: Core.Strapi, seeders: Seeder[]): Promise<void> {
  if (!seedingEnabled()) return;
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
