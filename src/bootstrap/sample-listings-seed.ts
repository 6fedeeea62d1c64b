/** First run: the sample provider's listings are synced once, so a fresh clone has a catalogue. */
import type { Seeder } from './seed';
import { syncService } from '../lib/extsource';

export const sampleListingsSeeder: Seeder = {
  name: 'extsource-sample-listings',
  commitsItself: true,
  async run(strapi) {
    if (strapi.config.get('plugin::extsource.listingsDriver') !== 'sample') return;
    const run = await syncService(strapi).run('all', 'seed');
    strapi.log.info(`seed: sample listings synced (${run.created} created, status ${run.status})`);
  },
};
