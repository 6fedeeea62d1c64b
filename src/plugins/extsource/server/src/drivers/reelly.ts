/**
 * Reelly projects feed: JSON over HTTP with an `X-API-Key` header. `GET /projects` and `GET /developers`
 * are paged with limit/offset until `next` is null (we compute the next offset ourselves rather than
 * follow a URL the provider sends); `GET /projects/{id}` has the detail.
 *
 * The catalogue is international: every projects request asks for `country=United Arab Emirates`
 * (with `preferred_currency` and `preferred_area_unit`), and the mapping drops any project outside the
 * UAE that comes back anyway. Offset paging shifts when projects are added or removed while paging:
 * projects are deduplicated by id, and a pass during which the catalogue moved (its `count` changed,
 * or an id came twice) is read once more. Developers complete each project's developer (id, logo).
 * Arabic names and descriptions come from a second read of the same endpoints with `language=ar`
 * (decision 57); when it fails, the projects are kept in English and the run says so.
 *
 * The driver (reelly-driver.ts) reads the whole catalogue in a thread of its own
 * (reelly-catalogue-reader.ts, decision 184), and each detail in another (reelly-detail-reader.ts,
 * decision 186): the requests, their parsing and the mapping never take the visitors' thread.
 */
import { errorMessage } from '../errors';
import { developerDirectory, isOutsideUae, mapReellyDeveloper, mapReellyProject, type DeveloperDirectory, type ProjectDefaults, type ReellyRecord } from '../mapping/reelly';
import { partition } from '../mapping/rejected';
import type { Developer, NormalisedProject } from '../mapping/types';
import { number, text } from '../mapping/values';
import type { ExtsourceConfig } from '../config';
import { createHttpClient, getText, type RequestObserver, type RetryPolicy } from './http';
import { ProviderError } from './provider-error';
import type { Fetched, Progress } from './types';

/** A page of a list endpoint. */
export interface ReellyPage {
  count?: unknown;
  next?: string | null;
  results?: ReellyRecord[];
}

interface Pass {
  records: ReellyRecord[];
  /** The catalogue did not move while it was read. */
  stable: boolean;
}

export const UAE_COUNTRY = 'United Arab Emirates';

export function parseJson<T>(body: string, what: string): T {
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new ProviderError(`${what}: malformed JSON`);
  }
}

/** The developer directory read last, and until when it is used without asking again. */
export interface KnownDevelopers {
  directory: DeveloperDirectory;
  until: number;
}

/** Developers read last, per feed URL, shared by the short-lived driver objects (one per call). */
const directories = new Map<string, KnownDevelopers>();

/** The developers this thread read last from the feed at `baseUrl`, or another thread's read of them. */
export const knownDevelopers = (baseUrl: string) => directories.get(baseUrl);
export const rememberDevelopers = (baseUrl: string, known: KnownDevelopers) => directories.set(baseUrl, known);

/** The developers read last from the feed at `baseUrl` while they are used without asking again. */
export function freshDirectory(baseUrl: string): DeveloperDirectory | undefined {
  const known = directories.get(baseUrl);
  return known && Date.now() < known.until ? known.directory : undefined;
}

/** Records by id, to pair each English record with its Arabic one. */
export const recordsById = (records: ReellyRecord[]) => new Map(records.map((record) => [text(record.id), record]));

/** One record per id, the later read winning (ids are strings; records without one are kept for the mapping to reject). */
function byId(records: ReellyRecord[]): ReellyRecord[] {
  const seen = new Map<string, ReellyRecord>();
  const anonymous: ReellyRecord[] = [];
  for (const record of records) {
    const id = text(record.id);
    if (id) seen.set(id, record);
    else anonymous.push(record);
  }
  return [...seen.values(), ...anonymous];
}

export type ReellySettings = ExtsourceConfig['reelly'];
export type ReellyDefaults = ProjectDefaults & { developersTtlSeconds: number };

/** Settings without a feed's address are refused before anything else. */
export function checkedSettings(settings: ReellySettings): void {
  if (!settings.baseUrl) throw new ProviderError('Reelly: REELLY_BASE_URL is not set');
}

/** The requests of one feed: its pages, passes, developers and details. */
export function reellyReader(settings: ReellySettings, policy: RetryPolicy, defaults: ReellyDefaults, observe?: RequestObserver) {
  checkedSettings(settings);
  const client = createHttpClient(settings.baseUrl, policy, { 'X-API-Key': settings.apiKey, Accept: 'application/json' });
  const catalogueParams = { country: UAE_COUNTRY, preferred_currency: defaults.currency, preferred_area_unit: 'sqft' };

  /** Each pass may download at most REELLY_MAX_BYTES in all. */
  function byteBudget() {
    let left = settings.maxBytes;
    /** `endpoint`: the URL's pattern, for metrics (a project's id is never a label). */
    return async <T>(url: string, params: Record<string, unknown>, what: string, endpoint = url): Promise<T> => {
      const cap = { bytes: left, message: `the answers passed REELLY_MAX_BYTES (${settings.maxBytes} bytes); the download was stopped` };
      const { data } = await getText(client, url, { params }, policy, what, cap, observe && ((outcome, seconds) => observe(endpoint, outcome, seconds)));
      left -= Buffer.byteLength(data);
      return parseJson<T>(data, what);
    };
  }

  /** Every page of a list endpoint, in order, with whether its `count` held still throughout. */
  async function readAll(path: string, params: Record<string, unknown>, label: string, progress?: Progress): Promise<Pass> {
    const get = byteBudget();
    const records: ReellyRecord[] = [];
    const counts = new Set<number>();
    for (let pages = 0; ; pages += 1) {
      const offset = records.length;
      const what = `Reelly ${label} offset ${offset}`;
      if (pages >= settings.maxPages) throw new ProviderError(`${what}: more than REELLY_MAX_PAGES (${settings.maxPages}) pages`);
      const body = await get<ReellyPage | ReellyRecord[]>(path, { ...params, limit: settings.pageSize, offset }, what);
      // A bare list is the whole set in one answer.
      if (Array.isArray(body)) return { records: body, stable: true };
      if (!body || !Array.isArray(body.results)) throw new ProviderError(`${what}: no results list`);
      records.push(...body.results);
      const count = number(body.count);
      if (count !== null) counts.add(count);
      progress?.(records.length);
      if (!body.next || body.results.length === 0) break;
    }
    const unique = byId(records);
    return { records: unique, stable: counts.size <= 1 && unique.length === records.length };
  }

  /** A pass during which the catalogue moved is read again; if it moves again, both passes are merged. */
  async function readSettled(path: string, params: Record<string, unknown>, label: string, progress?: Progress): Promise<ReellyRecord[]> {
    const first = await readAll(path, params, label, progress);
    if (first.stable) return first.records;
    const second = await readAll(path, params, label, progress);
    return second.stable ? second.records : byId([...first.records, ...second.records]);
  }

  async function loadDevelopers(): Promise<Developer[]> {
    const developers = (await readSettled('/developers', {}, 'developers')).map(mapReellyDeveloper);
    directories.set(settings.baseUrl, { directory: developerDirectory(developers), until: Date.now() + defaults.developersTtlSeconds * 1000 });
    return developers;
  }

  /** The developer directory: cached, or read now; a projects read goes on without it when the feed fails. */
  async function directory(fresh: boolean): Promise<DeveloperDirectory | undefined> {
    const cached = fresh ? undefined : freshDirectory(settings.baseUrl);
    if (cached) return cached;
    try {
      await loadDevelopers();
    } catch {
      // Projects still name their developer; id and logo wait for the next read.
    }
    return directories.get(settings.baseUrl)?.directory;
  }

  /** The catalogue in Arabic, by id; empty (with a warning) when that read fails: the English one stands alone. */
  async function arabicCatalogue(warnings: string[]): Promise<Map<string, ReellyRecord>> {
    try {
      return recordsById(await readSettled('/projects', { ...catalogueParams, language: 'ar' }, 'projects (Arabic)'));
    } catch (error) {
      warnings.push(`the Arabic names were not read, the projects are kept in English: ${errorMessage(error)}`);
      return new Map();
    }
  }

  /** The detail in the provider's default language (English), or in `language`. */
  async function readDetail(id: string, language?: 'ar'): Promise<ReellyRecord> {
    const what = `Reelly project ${id}${language ? ' (Arabic)' : ''}`;
    const params = language ? { ...catalogueParams, language } : catalogueParams;
    const record = await byteBudget()<ReellyRecord>(`/projects/${encodeURIComponent(id)}`, params, what, '/projects/{id}');
    if (!record || typeof record !== 'object') throw new ProviderError(`${what}: not a project`);
    return record;
  }

  return { catalogueParams, byteBudget, readSettled, loadDevelopers, directory, arabicCatalogue, readDetail };
}

/** What a read of the whole catalogue brings: the projects, and the developers they were mapped with. */
export interface ReellyCatalogue {
  fetched: Fetched<NormalisedProject>;
  developers: KnownDevelopers | undefined;
}

/**
 * The whole catalogue, read and mapped (in the catalogue's thread): `known` is the directory the
 * visitors' thread holds, used when the developers cannot be read now.
 */
export async function readReellyCatalogue(
  settings: ReellySettings,
  policy: RetryPolicy,
  defaults: ReellyDefaults,
  known: KnownDevelopers | undefined,
  observe?: RequestObserver,
  progress?: Progress
): Promise<ReellyCatalogue> {
  if (known) rememberDevelopers(settings.baseUrl, known);
  const reader = reellyReader(settings, policy, defaults, observe);
  const developers = await reader.directory(true);
  const records = await reader.readSettled('/projects', reader.catalogueParams, 'projects', progress);
  const warnings: string[] = [];
  const arabic = await reader.arabicCatalogue(warnings);
  const results: ReturnType<typeof mapReellyProject>[] = [];
  // Each record is let go once mapped, so the thread holds the catalogue read or mapped, not both.
  const toMap = records.reverse();
  for (let record = toMap.pop(); record !== undefined; record = toMap.pop()) {
    const id = text(record.id);
    const mapped = mapReellyProject(record, defaults, developers, arabic.get(id));
    arabic.delete(id);
    if (!isOutsideUae(mapped)) results.push(mapped);
  }
  const mapped = partition<NormalisedProject>(results);
  return { fetched: warnings.length ? { ...mapped, warnings } : mapped, developers: knownDevelopers(settings.baseUrl) };
}
