/**
 * Project details as the provider last sent them, one row per projects driver and project id, in the
 * database every instance shares (decision 66): an instance that starts, or another one, answers a
 * detail read before without asking the provider. A row is written only when what the provider says
 * changed (its fingerprint): re-reading an unchanged detail writes nothing.
 */
import { createHash } from 'crypto';
import type { Core } from '@strapi/strapi';
import { newDocumentIds } from '../document-ids';
import type { NormalisedProject } from '../mapping/types';
import { eachRowPaged } from '../slices';

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

/**
 * Rows read per query when every row of a driver is read: 10,000 at once held the loop for 40 to 50 ms
 * at the start of each read-ahead (decision 185).
 */
const ROWS_PER_PAGE = 500;

export function detailRows(strapi: Core.Strapi, driver: string) {
  const rows = () => strapi.db.query(DETAIL_UID);

  /** `keep` of every row of the driver, `select`ed, a page at a time (decision 185). */
  const eachRow = (select: Array<keyof Row>, keep: (row: Row) => void) =>
    eachRowPaged(
      async (after) => (await rows().findMany({ select: ['id', ...select], where: { driver, id: { $gt: after } }, orderBy: [{ id: 'asc' }], limit: ROWS_PER_PAGE })) as Row[],
      ROWS_PER_PAGE,
      keep
    );

  return {
    /** The detail held for `id`, or undefined when none was ever read. */
    async find(id: string): Promise<StoredDetail | undefined> {
      const row = (await rows().findOne({ select: ['detail', 'read_at'], where: { driver, project_id: id } })) as Row | null;
      return row ? { project: row.detail ? (JSON.parse(row.detail) as NormalisedProject | null) : null, readAt: millis(row.read_at) } : undefined;
    },

    /** The ids of the projects whose detail is held (without the details themselves). */
    async storedIds(): Promise<Set<string>> {
      const ids = new Set<string>();
      await eachRow(['project_id'], (row) => ids.add(row.project_id));
      return ids;
    },

    /** When each held detail last changed (its row is written only then), by project id, epoch milliseconds. */
    async changedAt(): Promise<Map<string, number>> {
      const changed = new Map<string, number>();
      await eachRow(['project_id', 'read_at'], (row) => changed.set(row.project_id, millis(row.read_at)));
      return changed;
    },

    /**
     * Stores what the provider said about each project, unless it said the same before, in one
     * transaction (issue 41); the outcomes in the order of `details`. Tried once more when it fails:
     * another instance may have written one of them since they were looked up.
     */
    async saveMany(details: ReadonlyArray<{ id: string; project: NormalisedProject | null }>): Promise<SaveOutcome[]> {
      const fresh = details.map(({ id, project }) => {
        const detail = JSON.stringify(project);
        return { id, detail, fingerprint: fingerprintOf(detail) };
      });
      const attempt = async (): Promise<SaveOutcome[]> => {
        const found = (await rows().findMany({ select: ['id', 'project_id', 'fingerprint'], where: { driver, project_id: { $in: fresh.map(({ id }) => id) } } })) as Row[];
        const existing = new Map(found.map((row) => [row.project_id, row]));
        const outcomes = fresh.map(({ id, fingerprint }): SaveOutcome => {
          const row = existing.get(id);
          return !row ? 'created' : row.fingerprint === fingerprint ? 'unchanged' : 'changed';
        });
        const readAt = new Date();
        const data = (index: number) => ({ detail: fresh[index].detail, fingerprint: fresh[index].fingerprint, read_at: readAt });
        const createdIndexes = outcomes.flatMap((outcome, index) => (outcome === 'created' ? [index] : []));
        const documentIds = newDocumentIds(createdIndexes.length);
        const created = createdIndexes.map((index, at) => ({ driver, project_id: fresh[index].id, documentId: documentIds[at], ...data(index) }));
        const changed = outcomes.flatMap((outcome, index) => (outcome === 'changed' ? [index] : []));
        if (created.length === 0 && changed.length === 0) return outcomes;
        await strapi.db.transaction(async () => {
          if (created.length) await rows().createMany({ data: created });
          for (const index of changed) await rows().update({ where: { id: existing.get(fresh[index].id)!.id }, data: data(index) });
        });
        return outcomes;
      };
      return attempt().catch(attempt);
    },
  };
}
