/**
 * The slug service of the catalogues (decision 109): the slugs given so far, of every kind, in one table
 * (its names are its owner's: src/api/catalogues/services/slugs.ts): one row per slug ever given, never updated nor deleted, unique per kind. Settling a kind's slugs reads its
 * rows, plans the missing ones (slugs.ts) and inserts them, a slug another instance took in between losing
 * quietly (the unique constraint) and being planned again: instances settling the same owners end with
 * the same slugs.
 */
import type { Core } from '@strapi/strapi';
import { eachRowPaged, inSlices, slicer, type Pause } from '../../plugins/extsource/server/src/public';
import { planSlugsInSteps, slugBook, type Named, type SlugBook, type SlugKind, type SlugRow } from './slugs';

/** How Strapi knows the table: its model's uid and singular name, and the table's name. */
export interface SlugTableNames {
  uid: string;
  singularName: string;
  tableName: string;
}

/** The table's model, for Strapi's own schema sync (src/index.ts registers it). */
export const slugModel = ({ uid, singularName, tableName }: SlugTableNames) => ({
  uid,
  singularName,
  tableName,
  attributes: {
    id: { type: 'increments' },
    kind: { type: 'string', column: { notNullable: true } },
    slug: { type: 'string', column: { notNullable: true } },
    owner: { type: 'string', column: { notNullable: true } },
    base: { type: 'string', column: { notNullable: true } },
  },
  indexes: [{ name: `${tableName}_kind_slug_unique`, columns: ['kind', 'slug'], type: 'unique' }],
});

/** Rows per insert: well under SQLite's bound variables per statement. */
const INSERT_ROWS = 100;
/** Rows read per query: the slugs of 12,000 projects read at once held the loop for 20 to 30 ms (decision 185). */
const ROWS_PER_READ = 1000;
/** Each round either settles or meets slugs another instance took meanwhile; a few rounds are plenty. */
const ROUNDS = 5;

/** The slugs kept in `names`' table, of the kinds `K`. */
export function slugStore<K extends SlugKind>(strapi: Core.Strapi, names: SlugTableNames) {
  const table = () => strapi.db.getConnection(names.tableName);

  /** Every slug row of `kind`, a page at a time (decision 185). */
  async function rowsOf(kind: K, pause: Pause): Promise<SlugRow[]> {
    const rows: SlugRow[] = [];
    const readPage = async (after: number) =>
      (await table().where({ kind }).andWhere('id', '>', after).orderBy('id').limit(ROWS_PER_READ).select('id', 'kind', 'slug', 'owner', 'base')) as Array<SlugRow & { id: number }>;
    await eachRowPaged(readPage, ROWS_PER_READ, (row) => rows.push(row), pause);
    return rows;
  }

  return {
    /** Whose the slug of `kind` is or was, or undefined when it was never given (inside a write's transaction too). */
    async ownerOf(kind: K, slug: string): Promise<string | undefined> {
      const row = (await strapi.db.query(names.uid as never).findOne({ where: { kind, slug }, select: ['owner'] })) as { owner: string } | null;
      return row?.owner;
    },

    /**
     * Each owner's current slug (given now when it has none for its name) and every slug ever given of
     * the kind. Planned and inserted in slices (decision 93): a refresh bringing 2,000 new projects held
     * the loop for a fifth of a second here, planning 12,000 slugs twice and inserting the new ones.
     */
    async settle(kind: K, owners: readonly Named[], reserved?: (slug: string) => boolean): Promise<SlugBook> {
      const pause = slicer();
      for (let round = 1; ; round += 1) {
        const rows = await rowsOf(kind, pause);
        const plan = await inSlices(planSlugsInSteps(kind, owners, rows, reserved), pause);
        if (plan.added.length === 0) return slugBook(kind, rows, plan.current);
        if (round === ROUNDS) throw new Error(`${kind} slugs did not settle in ${ROUNDS} rounds`);
        for (let start = 0; start < plan.added.length; start += INSERT_ROWS) {
          await table().insert(plan.added.slice(start, start + INSERT_ROWS)).onConflict(['kind', 'slug']).ignore();
          await pause();
        }
      }
    },
  };
}
