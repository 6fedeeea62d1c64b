/**
 * The embedded default: datasets shipped in the repository (scripts/generate-sample-data.js), in the
 * shapes the real services send, read from disk and mapped exactly like the HTTP drivers' answers, so
 * a fresh clone shows a full site through the real mapping path.
 * Their images are served by the service itself (public/images/demo): the datasets name them by
 * service-relative URL, made absolute here against the public URL before mapping.
 */
import fs from 'fs/promises';
import path from 'path';
import { mapGoyzerUnit, type UnitDTO } from '../mapping/goyzer';
import { isRejected, partition } from '../mapping/rejected';
import { developerDirectory, isOutsideUae, mapReellyDeveloper, mapReellyProject, type ProjectDefaults, type ReellyRecord } from '../mapping/reelly';
import type { Developer, NormalisedListing, NormalisedProject } from '../mapping/types';
import { recordsById } from './reelly';
import type { ListingsDriver, ProjectsDriver } from './types';

const SERVICE_IMAGE = /^\/images\//;

/** The data with every service-relative image URL (`/images/...`) made absolute against `publicUrl`. */
export function withAbsoluteImageUrls<T>(data: T, publicUrl: string): T {
  const resolve = (value: unknown): unknown => {
    if (typeof value === 'string') return SERVICE_IMAGE.test(value) ? `${publicUrl.replace(/\/+$/, '')}${value}` : value;
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item)]));
    return value;
  };
  return resolve(data) as T;
}

async function readJson<T>(file: string, publicUrl: string): Promise<T> {
  return withAbsoluteImageUrls(JSON.parse(await fs.readFile(file, 'utf8')) as T, publicUrl);
}

export function sampleListingsDriver(dataDir: string, publicUrl: string): ListingsDriver {
  const file = path.join(dataDir, 'sample-listings.json');
  return {
    name: 'sample',
    async fetchListings(type, progress) {
      const data = await readJson<{ sales: UnitDTO[]; rentals: UnitDTO[] }>(file, publicUrl);
      const units = type === 'sale' ? data.sales : data.rentals;
      progress?.(units.length);
      return partition<NormalisedListing>(units.map((unit) => mapGoyzerUnit(unit, type)));
    },
    async test() {
      await fs.access(file);
    },
  };
}

export function sampleProjectsDriver(dataDir: string, defaults: ProjectDefaults, publicUrl: string): ProjectsDriver {
  const file = path.join(dataDir, 'sample-projects.json');
  /** The dataset holds Reelly's answers in English (`projects`) and with `language=ar` (`projects_ar`). */
  async function load() {
    const data = await readJson<{ developers: ReellyRecord[]; projects: ReellyRecord[]; projects_ar?: ReellyRecord[] }>(file, publicUrl);
    const developers = data.developers.map(mapReellyDeveloper);
    return { developers, directory: developerDirectory(developers), projects: data.projects, arabic: recordsById(data.projects_ar ?? []) };
  }
  return {
    name: 'sample',
    // The dataset's records are Reelly's detail answers.
    listsDetails: true,
    async fetchProjects(progress) {
      const { projects, directory, arabic } = await load();
      const shown = projects.map((project) => mapReellyProject(project, defaults, directory, arabic.get(String(project.id)))).filter((mapped) => !isOutsideUae(mapped));
      progress?.(shown.length);
      return partition<NormalisedProject>(shown);
    },
    async fetchProject(id) {
      const { projects, directory, arabic } = await load();
      const found = projects.find((project) => String(project.id) === id);
      const mapped = found ? mapReellyProject(found, defaults, directory, arabic.get(id)) : null;
      return mapped && !isRejected(mapped) ? mapped : null;
    },
    async fetchDevelopers(): Promise<Developer[]> {
      return (await load()).developers;
    },
    async test() {
      await fs.access(file);
    },
  };
}
