/**
 * Reelly-style projects feed: JSON over HTTP with an `X-API-Key` header. `GET /projects` is paged
 * with limit/offset until `next` is null (we compute the next offset ourselves rather than follow a
 * URL the provider sends), `GET /projects/{id}` has the detail, `GET /developers` the developers.
 */
import { mapReellyDeveloper, mapReellyProject, type ProjectDefaults, type ReellyRecord } from '../mapping/reelly';
import type { NormalisedProject } from '../mapping/types';
import type { ExtsourceConfig } from '../config';
import { createHttpClient, getText, ProviderError, type RetryPolicy } from './http';
import { isRejected, partition } from '../mapping/rejected';
import type { ProjectsDriver } from './types';

interface Page {
  count?: number;
  next?: string | null;
  results?: ReellyRecord[];
}

export function parseJson<T>(body: string, what: string): T {
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new ProviderError(`${what}: malformed JSON`);
  }
}

export function reellyProjectsDriver(settings: ExtsourceConfig['reelly'], policy: RetryPolicy, defaults: ProjectDefaults): ProjectsDriver {
  if (!settings.baseUrl) throw new ProviderError('Reelly: REELLY_BASE_URL is not set');
  const client = createHttpClient(settings.baseUrl, policy, { 'X-API-Key': settings.apiKey, Accept: 'application/json' });

  async function getJson<T>(url: string, params: Record<string, unknown>, what: string): Promise<T> {
    const response = await getText(client, url, { params }, policy, what);
    return parseJson<T>(response.data, what);
  }

  async function projectsPage(offset: number, limit: number): Promise<Page> {
    const page = await getJson<Page>('/projects', { limit, offset }, `Reelly projects offset ${offset}`);
    if (!page || !Array.isArray(page.results)) throw new ProviderError(`Reelly projects offset ${offset}: no results list`);
    return page;
  }

  return {
    name: 'reelly',
    async fetchProjects(progress) {
      const records: ReellyRecord[] = [];
      for (let pages = 0; pages < settings.maxPages; pages += 1) {
        const page = await projectsPage(records.length, settings.pageSize);
        records.push(...page.results!);
        progress?.(records.length);
        if (!page.next || page.results!.length === 0) return partition<NormalisedProject>(records.map((record) => mapReellyProject(record, defaults)));
      }
      throw new ProviderError(`Reelly projects: more than ${settings.maxPages} pages`);
    },
    async fetchProject(id) {
      try {
        const record = await getJson<ReellyRecord>(`/projects/${encodeURIComponent(id)}`, {}, `Reelly project ${id}`);
        const mapped = mapReellyProject(record, defaults);
        return isRejected(mapped) ? null : mapped;
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return null;
        throw error;
      }
    },
    async fetchDevelopers() {
      const body = await getJson<Page | ReellyRecord[]>('/developers', {}, 'Reelly developers');
      const list = Array.isArray(body) ? body : body.results ?? [];
      return list.map(mapReellyDeveloper);
    },
    async test() {
      await projectsPage(0, 1);
    },
  };
}
