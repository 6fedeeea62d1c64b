import type { Core } from '@strapi/strapi';

/** A named, idempotent piece of first-run content. Each runs at most once per database. */
export interface Seeder {
  name: string;
  run(strapi: Core.Strapi): Promise<void>;
}

function seedingEnabled(): boolean {
  return !/^(false|0|no|off)$/i.test(process.env.SEED_DEMO?.trim() ?? '');
}

/**
 * Runs each seeder whose flag is not yet in the core store and sets the flag in the same transaction,
 * so a seeder either lands whole, exactly once, or not at all. Editors' later changes are therefore
 * never overwritten by a restart; SEED_DEMO=false skips seeding altogether.
 */
export async function seedDemoContent(strapi: Core.Strapi, seeders: Seeder[]): Promise<void> {
  if (!seedingEnabled()) return;
  const store = strapi.store({ type: 'core', name: 'demo-seed' });
  for (const seeder of seeders) {
    if (await store.get({ key: seeder.name })) continue;
    await strapi.db.transaction(async () => {
      await seeder.run(strapi);
      await store.set({ key: seeder.name, value: { seededAt: new Date().toISOString() } });
    });
    strapi.log.info(`seed: loaded demo ${seeder.name}`);
  }
}
