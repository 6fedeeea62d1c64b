/**
 * When each project left its driver's collection (decision 228), so an editor's field that still holds
 * a project the feed dropped can say since when. Kept in the core store beside the snapshot, as one
 * small record per driver: the ids the last fetch listed and, for the projects that left since, when.
 * The ids are kept here rather than read from the collection before: that one is dropped from memory
 * when a refresh is forced, and reading the snapshot again costs 30 MB of JSON for a list of ids.
 */
import type { Core } from '@strapi/strapi';

/** A project that left more than this long ago is forgotten: the field then says only that it left. */
const KEPT_MS = 2 * 365 * 24 * 60 * 60 * 1000;

interface LeavesRecord {
  listed: string[];
  /** ISO time of each leave, by project id. */
  left: Record<string, string>;
}

const recordKey = (driver: string) => `projects-left:${driver}`;

export function projectLeaves(strapi: Core.Strapi) {
  const store = () => strapi.store({ type: 'plugin', name: 'extsource' });
  const read = async (driver: string) => (await store().get({ key: recordKey(driver) })) as LeavesRecord | null;

  return {
    /** A fetch at `fetchedAt` listed `ids`: those listed before and not now left then; those listed again are back. */
    async record(driver: string, ids: readonly string[], fetchedAt: string): Promise<void> {
      const before = await read(driver);
      const listed = new Set(ids);
      const forgetBefore = Date.parse(fetchedAt) - KEPT_MS;
      const left: Record<string, string> = {};
      for (const [id, at] of Object.entries(before?.left ?? {})) {
        if (!listed.has(id) && Date.parse(at) >= forgetBefore) left[id] = at;
      }
      for (const id of before?.listed ?? []) {
        if (!listed.has(id)) left[id] = fetchedAt;
      }
      await store().set({ key: recordKey(driver), value: { listed: [...listed], left } satisfies LeavesRecord });
    },

    /** When project `id` left the collection of `driver` (ISO), or null when it is listed, never was, or left long ago. */
    async leftAt(driver: string, id: string): Promise<string | null> {
      return (await read(driver))?.left[id] ?? null;
    },
  };
}
