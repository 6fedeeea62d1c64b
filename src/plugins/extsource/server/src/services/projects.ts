/**
 * The off-plan project collection (decision 27): fetched from the projects driver once per cache fill
 * (concurrent requests share the one fetch), fresh for `projectsTtlSeconds`, and the last good
 * collection persisted in Strapi's core store, so a provider outage or a restart keeps serving it.
 * After expiry the stale collection is served while one refresh runs in the background.
 */
import type { Core } from '@strapi/strapi';
import { ApiError } from '../../../../../lib/envelope';
import { extsourceConfig, projectsDriver } from '../drivers';
import type { Developer, NormalisedProject } from '../mapping/types';

export interface ProjectCollection {
  projects: NormalisedProject[];
  /** When the provider answered; survives restarts with the snapshot. */
  fetchedAt: string;
  /** Changes whenever the collection object changes, so consumers can key derived indexes on it. */
  version: number;
  source: 'provider' | 'snapshot';
}

/** One snapshot per projects driver, so switching drivers never serves the other provider's projects. */
const snapshotKey = (driver: string) => `projects-snapshot:${driver}`;

const createProjectsService = ({ strapi }: { strapi: Core.Strapi }) => {
  let current: ProjectCollection | undefined;
  let freshUntil = 0;
  let skipSnapshot = false;
  let refreshing: Promise<ProjectCollection> | undefined;
  let filling: Promise<ProjectCollection> | undefined;
  let version = 0;
  let developers: { list: Developer[]; until: number } | undefined;
  const detailCache = new Map<string, { project: NormalisedProject; until: number }>();

  const store = () => strapi.store({ type: 'plugin', name: 'extsource' });
  const ttlMs = () => extsourceConfig(strapi).projectsTtlSeconds * 1000;
  const driverName = () => extsourceConfig(strapi).projectsDriver;

  async function loadSnapshot(): Promise<ProjectCollection | undefined> {
    const saved = (await store().get({ key: snapshotKey(driverName()) })) as { projects: NormalisedProject[]; fetchedAt: string } | null;
    if (!saved?.projects) return undefined;
    version += 1;
    return { projects: saved.projects, fetchedAt: saved.fetchedAt, version, source: 'snapshot' };
  }

  async function fetchFromProvider(): Promise<ProjectCollection> {
    const driver = projectsDriver(strapi);
    const { records, rejected } = await driver.fetchProjects();
    if (rejected.length) strapi.log.warn(`extsource: ${rejected.length} project(s) skipped: ${rejected.slice(0, 5).map((item) => `${item.reference} (${item.reason})`).join(', ')}`);
    version += 1;
    const collection: ProjectCollection = { projects: records, fetchedAt: new Date().toISOString(), version, source: 'provider' };
    await store().set({ key: snapshotKey(driver.name), value: { projects: records, fetchedAt: collection.fetchedAt } });
    detailCache.clear();
    return collection;
  }

  /** One refresh at a time; on failure the previous collection stays and is retried after a minute. */
  function refresh(): Promise<ProjectCollection> {
    refreshing ??= fetchFromProvider()
      .then((collection) => {
        current = collection;
        freshUntil = Date.now() + ttlMs();
        return collection;
      })
      .catch(async (error: unknown) => {
        strapi.log.warn(`extsource: projects refresh failed, serving the last good collection: ${error instanceof Error ? error.message : String(error)}`);
        current ??= await loadSnapshot();
        if (!current) throw new ApiError(503, 'PROVIDER_UNAVAILABLE', 'Off-plan projects are unavailable: the provider does not answer and no earlier data is stored');
        freshUntil = Date.now() + Math.min(60_000, ttlMs());
        return current;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function fill(): Promise<ProjectCollection> {
    const snapshot = skipSnapshot ? undefined : await loadSnapshot();
    skipSnapshot = false;
    if (!snapshot) return refresh();
    current = snapshot;
    freshUntil = new Date(snapshot.fetchedAt).getTime() + ttlMs();
    if (Date.now() >= freshUntil) void refresh().catch(() => undefined);
    return current;
  }

  return {
    /**
     * Fresh: from memory. Stale: from memory, with one refresh in the background. Nothing in memory
     * (a restart): the persisted snapshot at once, refreshed in the background once it is older than
     * the TTL; with no snapshot either, the first read waits for the provider.
     */
    async collection(): Promise<ProjectCollection> {
      if (current && Date.now() < freshUntil) return current;
      if (current) {
        void refresh().catch(() => undefined);
        return current;
      }
      // Nothing in memory: every concurrent reader shares one fill.
      filling ??= fill().finally(() => {
        filling = undefined;
      });
      return filling;
    },

    /**
     * The collection in memory, synchronously, for hot paths: undefined when nothing is loaded yet.
     * A stale collection is returned as is, with one refresh started in the background.
     */
    peek(): ProjectCollection | undefined {
      if (current && Date.now() >= freshUntil) void refresh().catch(() => undefined);
      return current;
    },

    /** The next read fetches from the provider (and waits for it); the snapshot stays the fallback. */
    invalidate(): void {
      current = undefined;
      freshUntil = 0;
      skipSnapshot = true;
      detailCache.clear();
      developers = undefined;
    },

    /** A project with its detail: from the provider's detail endpoint (cached), else from the collection. */
    async project(id: string): Promise<NormalisedProject | null> {
      const cached = detailCache.get(id);
      if (cached && Date.now() < cached.until) return cached.project;
      const fromCollection = (await this.collection()).projects.find((project) => project.id === id) ?? null;
      try {
        const detail = await projectsDriver(strapi).fetchProject(id);
        if (detail) detailCache.set(id, { project: detail, until: Date.now() + ttlMs() });
        return detail ?? fromCollection;
      } catch (error) {
        strapi.log.warn(`extsource: project ${id} detail unavailable, using the collection: ${error instanceof Error ? error.message : String(error)}`);
        return fromCollection;
      }
    },

    /** Developers, cached for `developersTtlSeconds`; from the provider, else derived from the collection. */
    async developers(): Promise<Developer[]> {
      if (developers && Date.now() < developers.until) return developers.list;
      let list: Developer[];
      try {
        list = await projectsDriver(strapi).fetchDevelopers();
      } catch {
        const byId = new Map((await this.collection()).projects.map((project) => [project.developer.id, project.developer]));
        list = [...byId.values()];
      }
      developers = { list, until: Date.now() + extsourceConfig(strapi).developersTtlSeconds * 1000 };
      return list;
    },
  };
};

export default createProjectsService;
export type ProjectsService = ReturnType<typeof createProjectsService>;
export const projectsService = (strapi: Core.Strapi) => strapi.plugin('extsource').service('projects') as ProjectsService;
