/** Connection test of both feeds (decision 29): always an answer per feed, never an exception. */
import type { Core } from '@strapi/strapi';
import { extsourceConfig } from '../config';
import { listingsDriver, projectsDriver } from '../drivers';
import { errorMessage } from '../errors';

export interface FeedStatus {
  ok: boolean;
  driver: string;
  latency_ms: number;
  message: string;
}

async function probe(driverName: string, test: () => Promise<string | void>): Promise<FeedStatus> {
  const started = performance.now();
  try {
    const found = await test();
    return { ok: true, driver: driverName, latency_ms: Math.round(performance.now() - started), message: found ? `Connected: ${found}` : 'Connected' };
  } catch (error) {
    return { ok: false, driver: driverName, latency_ms: Math.round(performance.now() - started), message: errorMessage(error) };
  }
}

const createConnectionService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async test(): Promise<{ listings: FeedStatus; projects: FeedStatus }> {
    const config = extsourceConfig(strapi);
    const [listings, projects] = await Promise.all([
      probe(config.listingsDriver, () => listingsDriver(strapi).test()),
      probe(config.projectsDriver, () => projectsDriver(strapi).test()),
    ]);
    return { listings, projects };
  },
});

export default createConnectionService;
export type ConnectionService = ReturnType<typeof createConnectionService>;
export const connectionService = (strapi: Core.Strapi) => strapi.plugin('extsource').service('connection') as ConnectionService;
