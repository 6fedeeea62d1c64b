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
  generation?: string;
  parts?: number;
  /** A snapshot stored whole, before parts. */
  projects?: NormalisedProject[];
}

const pointerKey = (driver: string) => `projects-snapshot:${driver}`;
const metaKey = (driver: string) => `projects-snapshot-meta:${driver}`;
const partKey = (driver: string, generation: string, part: number) => `projects-snapshot:${driver}:${generation}:${part}`;

export function projectSnapshots(strapi: Core.Strapi) {
  const store = () => strapi.store({ type: 'plugin', name: 'extsource' });

  async function readParts(driver: string, pointer: Pointer): Promise<NormalisedProject[] | undefined> {
    const pause = slicer();
    const projects: NormalisedProject[] = [];
    for (let part = 0; part < (pointer.parts ?? 0); part += 1) {
      const stored = (await store().get({ key: partKey(driver, pointer.generation!, part) })) as NormalisedProject[] | null;
      // Deleted by a newer snapshot's writer since the pointer was read.
      if (!stored) return undefined;
      for (const project of stored) projects.push(project);
      await pause();
    }
    return projects;
  }

  /** A part a statement, the loop given a turn between (on SQLite each delete frees a part's pages and syncs: 20 at once held it 126 ms). */
  async function deleteGeneration(driver: string, pointer: Pointer | null): Promise<void> {
    if (!pointer?.generation) return;
    const pause = slicer();
    for (let part = 0; part < (pointer.parts ?? 0); part += 1) {
      await store().delete({ key: partKey(driver, pointer.generation, part) });
      await pause();
    }
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
        if (pointer.projects) return { projects: pointer.projects, fetchedAt: pointer.fetchedAt };
        const projects = await readParts(driver, pointer);
        if (projects) return { projects, fetchedAt: pointer.fetchedAt };
      }
      return undefined;
    },

    /** Stores `projects` as the snapshot of `driver`, fetched at `fetchedAt`. */
    async write(driver: string, projects: NormalisedProject[], fetchedAt: string): Promise<void> {
      const pause = slicer();
      const generation = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const parts = Math.ceil(projects.length / PART_SIZE);
      for (let part = 0; part < parts; part += 1) {
        await store().set({ key: partKey(driver, generation, part), value: projects.slice(part * PART_SIZE, (part + 1) * PART_SIZE) });
        await pause();
      }
      const previous = (await store().get({ key: pointerKey(driver) })) as Pointer | null;
      await strapi.db.transaction(async () => {
        await store().set({ key: pointerKey(driver), value: { fetchedAt, generation, parts } satisfies Pointer });
        await store().set({ key: metaKey(driver), value: { fetchedAt } });
      });
      await deleteGeneration(driver, previous);
    },
  };
}
