/** The Reelly projects driver: the catalogue read in a thread of its own, each detail read here (reelly.ts reads the feed). */
import { mapReellyProject } from '../mapping/reelly';
import { isRejected } from '../mapping/rejected';
import type { RequestObserver, RetryPolicy } from './http';
import { ProviderError } from './provider-error';
import { knownDevelopers, reellyReader, rememberDevelopers, type ReellyDefaults, type ReellyPage, type ReellySettings } from './reelly';
import { readCatalogueInThread } from './reelly-catalogue-reader';
import type { ProjectsDriver } from './types';

export function reellyProjectsDriver(settings: ReellySettings, policy: RetryPolicy, defaults: ReellyDefaults, observe?: RequestObserver): ProjectsDriver {
  const { byteBudget, catalogueParams, directory, readDetail, loadDevelopers } = reellyReader(settings, policy, defaults, observe);
  return {
    name: 'reelly',
    requestsPerDetail: 2,
    async fetchProjects(progress) {
      const { fetched, developers } = await readCatalogueInThread({ settings, policy, defaults, known: knownDevelopers(settings.baseUrl) }, observe, progress);
      if (developers) rememberDevelopers(settings.baseUrl, developers);
      return fetched;
    },
    async fetchProject(id, previous) {
      try {
        // The Arabic read is a bonus: its failure leaves the detail in English, with the Arabic held before.
        const [record, arabic] = await Promise.all([readDetail(id), readDetail(id, 'ar').catch(() => null)]);
        const mapped = mapReellyProject(record, defaults, await directory(false), arabic ?? undefined);
        if (isRejected(mapped)) return null;
        const kept = arabic === null ? (await previous?.())?.translations : undefined;
        return kept ? { ...mapped, translations: kept } : mapped;
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return null;
        throw error;
      }
    },
    async fetchDevelopers() {
      return loadDevelopers();
    },
    async test() {
      const what = 'Reelly projects offset 0';
      const body = await byteBudget()<ReellyPage>('/projects', { ...catalogueParams, limit: 1, offset: 0 }, what);
      if (!body || !Array.isArray(body.results)) throw new ProviderError(`${what}: no results list`);
    },
  };
}
