/**
 * A buyer's saved searches of a registered catalogue (the off-plan listing, the sale and rent listings): a
 * name, the catalogue, its listing query (normalised by that listing's own parser: lib/saved-search.ts)
 * and how often alerts go; at most MAX_SAVED_SEARCHES each.
 * Another buyer's search is, to this service, one that does not exist.
 */
import type { Core } from '@strapi/strapi';
import type { Locale } from '../../../lib/locale';
import { catalogueNamed, firstCatalogue } from '../../catalogues/services/registry';
import { savedSearchFields, type Catalogue, type Frequency, type SavedSearchFields, type SavedSearchResult } from '../lib/saved-search';
import type { BuyerAccount } from './buyer';

export const SAVED_SEARCH_UID = 'api::account.saved-search';
export const MAX_SAVED_SEARCHES = 50;

interface SavedSearchRow {
  id: number;
  name: string;
  catalogue: Catalogue | null;
  query: string;
  frequency: Frequency;
  createdAt: string;
  updatedAt: string;
}

export interface SavedSearchView {
  id: number;
  name: string;
  catalogue: Catalogue;
  query: string;
  frequency: Frequency;
  created_at: string;
  updated_at: string;
}

const view = (row: SavedSearchRow): SavedSearchView => ({
  id: row.id,
  name: row.name,
  // A search saved before there were other catalogues has none: it searched the first.
  catalogue: row.catalogue ?? firstCatalogue().name,
  query: row.query,
  frequency: row.frequency,
  created_at: new Date(row.createdAt).toISOString(),
  updated_at: new Date(row.updatedAt).toISOString(),
});

/** A saved search's body read with its catalogue's listing parser and messages in `locale` (`stored`: the search's catalogue, on a change). */
export const readSavedSearch = (body: Record<string, unknown>, locale: Locale, partial: boolean, stored?: Catalogue): SavedSearchResult =>
  savedSearchFields(body, locale, (query, catalogue) => (catalogueNamed(catalogue) ?? firstCatalogue()).checkQuery(query, locale), { partial, stored });

const createSavedSearchesService = ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(SAVED_SEARCH_UID);
  const ofBuyer = (buyerId: number) => ({ buyer: { id: buyerId } });

  async function own(buyerId: number, id: number): Promise<SavedSearchRow | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    return (await rows().findOne({ where: { ...ofBuyer(buyerId), id } })) as SavedSearchRow | null;
  }

  return {
    async list(buyerId: number): Promise<SavedSearchView[]> {
      const found = (await rows().findMany({ where: ofBuyer(buyerId), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })) as SavedSearchRow[];
      return found.map(view);
    },

    async find(buyerId: number, id: number): Promise<SavedSearchView | null> {
      const row = await own(buyerId, id);
      return row && view(row);
    },

    /** The new search, or 'full' at the limit. */
    async create(buyer: BuyerAccount, fields: Required<SavedSearchFields>): Promise<SavedSearchView | 'full'> {
      if ((await rows().count({ where: ofBuyer(buyer.id) })) >= MAX_SAVED_SEARCHES) return 'full';
      // The schema's enum of catalogues is the registry's names (tests/unit/catalogue-registry.test.ts).
      const data = { ...fields, buyer: buyer.documentId } as never;
      const created = (await strapi.documents(SAVED_SEARCH_UID).create({ data })) as unknown as SavedSearchRow;
      return view(created);
    },

    async update(buyerId: number, id: number, fields: SavedSearchFields): Promise<SavedSearchView | null> {
      const row = await own(buyerId, id);
      if (!row) return null;
      return view((await rows().update({ where: { id: row.id }, data: fields })) as SavedSearchRow);
    },

    /** Whether the buyer had that search. */
    async remove(buyerId: number, id: number): Promise<boolean> {
      const row = await own(buyerId, id);
      if (row) await rows().delete({ where: { id: row.id } });
      return row !== null;
    },

    async removeAll(buyerId: number): Promise<void> {
      const found = (await rows().findMany({ select: ['id'], where: ofBuyer(buyerId) })) as Array<{ id: number }>;
      if (found.length) await rows().deleteMany({ where: { id: { $in: found.map((row) => row.id) } } });
    },
  };
};

export default createSavedSearchesService;
export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
export const savedSearchesService = (strapi: Core.Strapi) => strapi.service('api::account.saved-searches') as SavedSearchesService;
