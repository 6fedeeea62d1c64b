/** The Reelly projects driver: the catalogue and each detail read in threads of their own, the developers here (reelly.ts reads the feed). */
import type { RequestObserver, RetryPolicy } from './http';
import { ProviderError } from './provider-error';
import { checkedSettings, freshDirectory, knownDevelopers, reellyReader, rememberDevelopers, type ReellyDefaults, type ReellyPage, type ReellySettings } from './reelly';
import { readCatalogueInThread } from './reelly-catalogue-reader';
import { readDetailInThread } from './reelly-detail-reader';
import type { ProjectsDriver } from './types';

export function reellyProjectsDriver(settings: ReellySettings, policy: RetryPolicy, defaults: ReellyDefaults, observe?: RequestObserver): ProjectsDriver {
  checkedSettings(settings);
  // A driver is made per detail read, which runs in its thread and needs only the developers held here:
  // the reader, with its HTTP client, is made when this thread asks the feed itself.
  let reader: ReturnType<typeof reellyReader> | undefined;
  const feed = () => (reader ??= reellyReader(settings, policy, defaults, observe));
  return {
    name: 'reelly',
    requestsPerDetail: 2,
    async fetchProjects(progress, held) {
      const { fetched, developers } = await readCatalogueInThread({ settings, policy, defaults, known: knownDevelopers(settings.baseUrl) }, held, observe, progress);
      if (developers) rememberDevelopers(settings.baseUrl, developers);
      return fetched;
    },
    async fetchProject(id, previous) {
      const directory = freshDirectory(settings.baseUrl) ?? (await feed().directory(false));
      const { project, arabicRead } = await readDetailInThread({ settings, policy, defaults }, id, directory, observe);
      if (!project) return null;
      // A detail whose Arabic half failed keeps the Arabic held before.
      const kept = arabicRead ? undefined : (await previous?.())?.translations;
      return kept ? { ...project, translations: kept } : project;
    },
    async fetchDevelopers() {
      return feed().loadDevelopers();
    },
    async test() {
      const what = 'Reelly projects offset 0';
      const { byteBudget, catalogueParams } = feed();
      const body = await byteBudget()<ReellyPage>('/projects', { ...catalogueParams, limit: 1, offset: 0 }, what);
      if (!body || !Array.isArray(body.results)) throw new ProviderError(`${what}: no results list`);
    },
  };
}
