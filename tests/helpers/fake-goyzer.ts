/**
 * The app's listings from a fake Goyzer over HTTP (scripts/fakes/providers.js), for a file's tests: the
 * plugin configured as an operator would, every page read on each sync, and given back as it was after.
 */
import type { Core } from '@strapi/strapi';
import { GOYZER_CREDENTIALS, startFakeGoyzer } from '../../scripts/fakes/providers';

export type FakeGoyzer = Awaited<ReturnType<typeof startFakeGoyzer>>;

/** A fake Goyzer holding `units`, and the plugin reading its listings from it until `restore()`. */
export async function listingsFromFakeGoyzer(strapi: Core.Strapi, units: { sales: unknown[]; rentals: unknown[] }): Promise<{ goyzer: FakeGoyzer; restore(): Promise<void> }> {
  const original = structuredClone(strapi.config.get('plugin::extsource'));
  const goyzer = await startFakeGoyzer({ pageSize: 100 });
  Object.assign(goyzer.state, { sales: units.sales, rentals: units.rentals });
  strapi.config.set('plugin::extsource', {
    ...structuredClone(original as object),
    detailRate: 0,
    listingsDriver: 'goyzer',
    goyzer: { baseUrl: goyzer.url, ...GOYZER_CREDENTIALS, incremental: false, fullSyncHours: 24, maxPages: 100, maxItems: 50000, maxBytes: 128 * 1024 * 1024 },
  });
  return {
    goyzer,
    async restore() {
      strapi.config.set('plugin::extsource', original);
      await goyzer.close();
    },
  };
}
