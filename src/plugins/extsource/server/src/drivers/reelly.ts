/**
 * The Reelly projects driver (the feed's reads: reelly-feed.ts). The collection is read in a reading
 * thread (decision 177): its pages in both languages parsed and mapped there, only the mapped projects
 * sent back, and the developers it read kept here for the details, which are read on this thread.
 */
import type { RequestObserver } from './http';
import { withReadingThread } from './reading-thread';
import { knownDevelopers, reellyFeed, rememberDevelopers, type CatalogueRead, type ReellySpec } from './reelly-feed';
import type { ProjectsDriver } from './types';

export function reellyProjectsDriver(spec: ReellySpec, observe?: RequestObserver): ProjectsDriver {
  const feed = reellyFeed(spec, observe);
  return {
    name: 'reelly',
    requestsPerDetail: 2,
    async fetchProjects(progress) {
      const read = await withReadingThread((thread) =>
        thread.call<CatalogueRead>({ kind: 'reelly-catalogue', spec, known: knownDevelopers(spec.settings.baseUrl) }, [], (event) => {
          if ('progress' in event) progress?.(event.progress);
          else observe?.(...event.observe);
        })
      );
      if (read.developers) rememberDevelopers(spec.settings.baseUrl, read.developers, spec.defaults.developersTtlSeconds);
      return read.fetched;
    },
    fetchProject: feed.fetchProject,
    fetchDevelopers: feed.fetchDevelopers,
    test: feed.test,
  };
}
