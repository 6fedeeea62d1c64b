/** The Reelly projects driver: the catalogue and each detail read in threads of their own, the developers here (reelly.ts reads the feed). */
import type { RequestObserver, RetryPolicy } from './http';
import { ProviderError } from './provider-error';
import { knownDevelopers, reellyReader, rememberDevelopers, type ReellyDefaults, type ReellyPage, type ReellySettings } from './reelly';
import { readCatalogueInThread } from './reelly-catalogue-reader';
import { readDetailInThread } from './reelly-detail-reader';
import type { ProjectsDriver } from './types';

export function reellyProjectsDriver(settings: ReellySettings, policy: RetryPolicy, defaults: ReellyDefaults, observe?: RequestObserver): ProjectsDriver {
  const { byteBudget, catalogueParams, directory, loadDevelopers } = reellyReader(settings, policy, defaults, observe);
  return {
    name: 'reelly',
    requestsPerDetail: 2,
    async fetchProjects(progress) {
      const { fetched, developers } = await readCatalogueInThread({ settings, policy, defaults, known: knownDevelopers(settings.baseUrl) }, observe, progress);
      if (developers) rememberDevelopers(settings.baseUrl, developers);
      return fetched;
    },
    async fetchProject(id, previous) {
      const { project, arabicRead } = await readDetailInThread({ settings, policy, defaults }, id, await directory(false), observe);
      if (!project) return null;
      // A detail whose Arabic half failed keeps the Arabic held before.
      const kept = arabicRead ? undefined : (await previous?.())?.translations;
      return kept ? { ...project, translations: kept } : project;
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
