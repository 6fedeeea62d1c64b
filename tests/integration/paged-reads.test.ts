/**
 * Reads of every row of a kind, made a page at a time so none holds the loop (decision 185), on the
 * run's database: the held details' ids and read times past one page of rows, and slugs settled past
 * one page of the slug table, then settled again with nothing new to give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, getStrapi } from '../helpers/app';

type DetailRowsModule = typeof import('../../src/plugins/extsource/server/src/services/detail-rows');
type SlugStoreModule = typeof import('../../src/api/catalogues/services/slugs');

const DRIVER = 'paged-reads-test';
/** More than a page of each: 500 detail rows a query, 1,000 slug rows. */
const DETAILS = 1_234;
const OWNERS = 2_345;

let strapi: Core.Strapi;
const detailRows = () => appModule<DetailRowsModule>('src/plugins/extsource/server/src/services/detail-rows').detailRows(strapi, DRIVER);
const slugStore = () => appModule<SlugStoreModule>('src/api/catalogues/services/slugs').slugStore(strapi);
const owners = Array.from({ length: OWNERS }, (_, index) => ({ owner: `paged-${index}`, name: `Paged Reads Developer ${index}` }));

beforeAll(async () => {
  strapi = await getStrapi();
});

afterAll(async () => {
  await strapi.db.query(appModule<DetailRowsModule>('src/plugins/extsource/server/src/services/detail-rows').DETAIL_UID).deleteMany({ where: { driver: DRIVER } });
  await strapi.db.getConnection(appModule<SlugStoreModule>('src/api/catalogues/services/slugs').SLUG_MODEL.tableName).where('owner', 'like', 'paged-%').delete();
});

describe('reads of every row, a page at a time', () => {
  it('finds every held detail past the first page, with when each was read', async () => {
    const ids = Array.from({ length: DETAILS }, (_, index) => `paged-${index}`);
    await detailRows().saveMany(ids.map((id) => ({ id, project: null })));
    const stored = await detailRows().storedIds();
    expect(stored.size).toBe(DETAILS);
    expect(ids.every((id) => stored.has(id))).toBe(true);
    const changed = await detailRows().changedAt();
    expect(changed.size).toBe(DETAILS);
    expect([...changed.values()].every((at) => at > 0)).toBe(true);
  });

  it('settles slugs past the first page of the slug table, and settles them again without giving new ones', async () => {
    const first = await slugStore().settle('developer', owners);
    expect(first.slugOf.size).toBe(OWNERS);
    const again = await slugStore().settle('developer', owners);
    expect([...again.slugOf]).toEqual([...first.slugOf]);
    for (const { owner } of owners) expect(again.ownerOf.get(again.slugOf.get(owner)!)).toBe(owner);
  });
});
