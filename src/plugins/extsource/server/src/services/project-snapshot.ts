/**
 * The last good project collection of each projects driver, persisted in Strapi's core store (decision
 * 27), beside a small record of when it was fetched and when a fetch last failed.
 *
 * Stored in parts of PART_SIZE projects (decisions 93, 185): 10,000 projects are 30 MB of JSON, whose one
 * JSON.stringify or JSON.parse held the event loop for a quarter of a second, and a part of 500 still
 * 30 to 60 ms (made into text and inserted in one turn). The parts of a snapshot
 * are written first, under a generation of their own; then one small transaction points the snapshot
 * at them; then the parts of the generation before are deleted. A reader follows the pointer, so it
 * sees one whole snapshot or the one before, never a mix; a snapshot written before parts existed
 * (`projects` in the pointer itself) is still read.
 *
 * A part this instance wrote for the snapshot in place is kept, not written again, when the new
 * collection fills it with the same project objects in the same order (decision 241): a refresh keeps
 * the objects of the projects it did not change, and a held project is never changed, so the stored
 * part is what writing it again would store. The pointer then names its parts by key, of whichever
 * generation first wrote each.
 */
import type { Core } from '@strapi/strapi';
import type { NormalisedProject } from '../mapping/types';
import { slicer } from '../slices';

const PART_SIZE = 50;

export interface SnapshotMeta {
  fetchedAt?: string;
  failedAt?: string;
}

export interface Snapshot {
  projects: NormalisedProject[];
  fetchedAt: string;
}

interface Pointer {
  fetchedAt: string;
  /** Each part's key, in order. */
  keys?: string[];
  /** Parts named by their generation and number, before keys. */
  generation?: string;
  parts?: number;
  /** A snapshot stored whole, before parts. */
  projects?: NormalisedProject[];
}

/** A part this instance wrote: its key and the project objects it stored. */
interface WrittenPart {
  key: string;
  projects: readonly NormalisedProject[];
}

const pointerKey = (driver: string) => `projects-snapshot:${driver}`;
const metaKey = (driver: string) => `projects-snapshot-meta:${driver}`;
const partKey = (driver: string, generation: string, part: number) => `projects-snapshot:${driver}:${generation}:${part}`;

/** The keys of a pointer's parts, whichever way it names them. */
function keysOf(driver: string, pointer: Pointer | null): string[] {
  if (pointer?.keys) return pointer.keys;
  if (!pointer?.generation) return [];
  return Array.from({ length: pointer.parts ?? 0 }, (_, part) => partKey(driver, pointer.generation!, part));
}

const sameProjects = (one: readonly NormalisedProject[], other: readonly NormalisedProject[]) =>
  one.length === other.length && one.every((project, position) => project === other[position]);

export function projectSnapshots(strapi: Core.Strapi) {
  const store = () => strapi.store({ type: 'plugin', name: 'extsource' });
  /** Per driver, the parts of the last snapshot this instance wrote, while its pointer is the one stored. */
  const written = new Map<string, WrittenPart[]>();

  async function readParts(keys: string[]): Promise<NormalisedProject[] | undefined> {
    const pause = slicer();
    const projects: NormalisedProject[] = [];
    for (const key of keys) {
      const stored = (await store().get({ key })) as NormalisedProject[] | null;
      // Deleted by a newer snapshot's writer since the pointer was read.
      if (!stored) return undefined;
      for (const project of stored) projects.push(project);
      await pause();
    }
    return projects;
  }

  /** A part a statement, the loop given a turn between (on SQLite each delete frees a part's pages and syncs: 20 at once held it 126 ms). */
  async function deleteParts(keys: string[]): Promise<void> {
    const pause = slicer();
    for (const key of keys) {
      await store().delete({ key });
      await pause();
    }
  }

  /** The parts this instance wrote for `pointer`, when it is the last one it wrote; none otherwise. */
  function writtenFor(driver: string, pointer: Pointer | null): WrittenPart[] {
    const parts = written.get(driver) ?? [];
    const keys = keysOf(driver, pointer);
    return keys.length === parts.length && parts.every((part, position) => part.key === keys[position]) ? parts : [];
  }

  return {
    async meta(driver: string): Promise<SnapshotMeta> {
      return ((await store().get({ key: metaKey(driver) })) as SnapshotMeta | null) ?? {};
    },

    async recordFailure(driver: string, meta: SnapshotMeta): Promise<void> {
      await store().set({ key: metaKey(driver), value: { ...meta, failedAt: new Date().toISOString() } });
    },

    /** The snapshot of `driver`, or undefined when none is stored. */
    async read(driver: string): Promise<Snapshot | undefined> {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const pointer = (await store().get({ key: pointerKey(driver) })) as Pointer | null;
        if (!pointer) return undefined;
        // Another instance's snapshot: the parts remembered here are of a collection no longer held.
        if (writtenFor(driver, pointer).length === 0) written.delete(driver);
        if (pointer.projects) return { projects: pointer.projects, fetchedAt: pointer.fetchedAt };
        const projects = await readParts(keysOf(driver, pointer));
        if (projects) return { projects, fetchedAt: pointer.fetchedAt };
      }
      return undefined;
    },

    /** Stores `projects` as the snapshot of `driver`, fetched at `fetchedAt`. */
    async write(driver: string, projects: NormalisedProject[], fetchedAt: string): Promise<void> {
      const pause = slicer();
      const previous = (await store().get({ key: pointerKey(driver) })) as Pointer | null;
      // By its first project: a part is kept only whole, its members the same objects in the same order.
      const kept = new Map(writtenFor(driver, previous).map((part) => [part.projects[0], part]));
      const generation = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const parts: WrittenPart[] = [];
      for (let part = 0; part * PART_SIZE < projects.length; part += 1) {
        const members = projects.slice(part * PART_SIZE, (part + 1) * PART_SIZE);
        const same = kept.get(members[0]);
        if (same && sameProjects(same.projects, members)) {
          parts.push(same);
          continue;
        }
        const key = partKey(driver, generation, part);
        await store().set({ key, value: members });
        parts.push({ key, projects: members });
        await pause();
      }
      const keys = parts.map((part) => part.key);
      await strapi.db.transaction(async () => {
        await store().set({ key: pointerKey(driver), value: { fetchedAt, keys } satisfies Pointer });
        await store().set({ key: metaKey(driver), value: { fetchedAt } });
      });
      written.set(driver, parts);
      const inUse = new Set(keys);
      await deleteParts(keysOf(driver, previous).filter((key) => !inUse.has(key)));
    },
  };
}
