/**
 * Project details as the provider last sent them, one row per projects driver and project id, in the
 * database every instance shares (decision 66): an instance that starts, or another one, answers a
 * detail read before without asking the provider. A row is written only when what the provider says
 * changed (its fingerprint): re-reading an unchanged detail writes nothing.
 */
import { createHash } from 'crypto';
import type { Core } from '@strapi/strapi';
import type { NormalisedProject } from '../mapping/types';

export const DETAIL_UID = 'plugin::extsource.project-detail';

/** A detail held: the project (null when the provider does not know it) and when it was read. */
export interface StoredDetail {
  project: NormalisedProject | null;
  readAt: number;
}

/** What a save did: a new row, a changed one, or nothing (the provider said the same again). */
export type SaveOutcome = 'created' | 'changed' | 'unchanged';

interface Row {
  id: number;
  project_id: string;
  /** JSON of the project, or "null" when the provider did not know it. */
  detail: string | null;
  fingerprint: string | null;
  read_at: string | Date | null;
}

const fingerprintOf = (json: string) => createHash('sha1').update(json).digest('base64url');
const millis = (value: string | Date | null) => (value ? new Date(value).getTime() : 0);

export function detailRows(strapi: Core.Strapi, driver: string) {
  const rows = () => strapi.db.query(DETAIL_UID);

  return {
    /** The detail held for `id`, or undefined when none was ever read. */
    async find(id: string): Promise<StoredDetail | undefined> {
      const row = (await rows().findOne({ select: ['detail', 'read_at'], where: { driver, project_id: id } })) as Row | null;
      return row ? { project: row.detail ? (JSON.parse(row.detail) as NormalisedProject | null) : null, readAt: millis(row.read_at) } : undefined;
    },

    /** The ids of the projects whose detail is held (without the details themselves). */
    async storedIds(): Promise<Set<string>> {
      const found = (await rows().findMany({ select: ['project_id'], where: { driver } })) as Row[];
      return new Set(found.map((row) => row.project_id));
    },

    /** When each held detail last changed (its row is written only then), by project id, epoch milliseconds. */
    async changedAt(): Promise<Map<string, number>> {
      const found = (await rows().findMany({ select: ['project_id', 'read_at'], where: { driver } })) as Row[];
      return new Map(found.map((row) => [row.project_id, millis(row.read_at)]));
    },

    /** Stores what the provider said about `id`, unless it said the same before. */
    async save(id: string, project: NormalisedProject | null): Promise<SaveOutcome> {
      const detail = JSON.stringify(project);
      const fingerprint = fingerprintOf(detail);
      const existing = (await rows().findOne({ select: ['id', 'fingerprint'], where: { driver, project_id: id } })) as Row | null;
      if (existing?.fingerprint === fingerprint) return 'unchanged';
      const data = { detail, fingerprint, read_at: new Date() };
      if (existing) await rows().update({ where: { id: existing.id }, data });
      else await rows().create({ data: { driver, project_id: id, ...data } });
      return existing ? 'changed' : 'created';
    },
  };
}
