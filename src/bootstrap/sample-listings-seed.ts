/** First run: the sample provider's listings are synced once, so a fresh clone has a catalogue. */
import { setTimeout as sleep } from 'timers/promises';
import type { Seeder } from '../lib/seeding/seed';
import { syncService } from '../plugins/extsource/server/src/public';

const BUSY_RETRY_MS = 500;
// A stuck lease expires well within this; past it the start fails loudly instead of hanging.
const BUSY_GIVE_UP_MS = 10 * 60 * 1000;

const isSyncInProgress = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SYNC_IN_PROGRESS';

export const sampleListingsSeeder: Seeder = {
  name: 'extsource-sample-listings',
  commitsItself: true,
  async run(strapi) {
    if (strapi.config.get('plugin::extsource.listingsDriver') !== 'sample') return;
    // The hourly schedule can fire while a first start is still seeding: wait for that run, then ours.
    const giveUpAt = Date.now() + BUSY_GIVE_UP_MS;
    for (;;) {
      try {
        const run = await syncService(strapi).run('all', 'seed');
        strapi.log.info(`seed: sample listings synced (${run.created} created, status ${run.status})`);
        return;
      } catch (error) {
        if (!isSyncInProgress(error) || Date.now() > giveUpAt) throw error;
        await sleep(BUSY_RETRY_MS);
      }
    }
  },
};
