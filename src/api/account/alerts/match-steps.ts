/**
 * The steps of a catalogue's match (matcher.ts): the saved searches of a catalogue with their buyers, the searches grouped by query
 * among the buyers who may get alerts, the alerts written a few hundred at a time with their told marks,
 * and the favourites' price drops. An item is named by its key: its catalogue's prefix and its own key.
 */
import type { Core } from '@strapi/strapi';
import { groupByQuery, type FoundAlert, type SearchSubject } from '../lib/alert-matching';
import { favoriteAlert, favoritesSubject, searchSubject, type ProjectChange, type Told } from '../lib/alert-rules';
import { alertDueAt, type AlertFrequency, type DigestSchedule } from '../lib/alert-schedule';
import { firstCatalogue } from '../../catalogues/services/registry';
import type { Catalogue } from '../lib/saved-search';
import { eligibleBuyers } from './recipients';
import type { AlertStore, NewAlert, ToldMark } from './store';

const SAVED_SEARCH_UID = 'api::account.saved-search';
const FAVORITE_UID = 'api::account.favorite';
const PAGE = 1000;
/** Alerts written per transaction. */
const FLUSH_AT = 500;

interface SavedSearchRow {
  id: number;
  name: string;
  query: string;
  frequency: AlertFrequency;
  buyer: { id: number } | null;
}

/** Every saved search of `catalogue` (a search saved before there were two searched the first), a page at a time. */
async function savedSearches(strapi: Core.Strapi, catalogue: Catalogue): Promise<Array<SavedSearchRow & { buyerId: number }>> {
  const where = catalogue === firstCatalogue().name ? { $or: [{ catalogue }, { catalogue: { $null: true } }] } : { catalogue };
  const all: Array<SavedSearchRow & { buyerId: number }> = [];
  for (let lastId = 0; ; ) {
    const rows = (await strapi.db.query(SAVED_SEARCH_UID).findMany({
      select: ['id', 'name', 'query', 'frequency'], where: { ...where, id: { $gt: lastId } }, orderBy: { id: 'asc' }, limit: PAGE, populate: { buyer: { select: ['id'] } },
    })) as SavedSearchRow[];
    for (const row of rows) if (row.buyer) all.push({ ...row, buyerId: row.buyer.id });
    if (rows.length < PAGE) return all;
    lastId = rows[rows.length - 1].id;
  }
}

/** The saved searches of `catalogue` grouped by query, those of buyers who may not get alerts, or muted, left out. */
export async function searchGroups(strapi: Core.Strapi, catalogue: Catalogue, muted: ReadonlySet<string>, pause: () => Promise<void>) {
  const searches = await savedSearches(strapi, catalogue);
  const eligible = await eligibleBuyers(strapi, new Set(searches.map((search) => search.buyerId)), pause);
  const subjects = searches.map((search): SearchSubject & { query: string } => ({
    subject: searchSubject(search.id), buyerId: search.buyerId, name: search.name, frequency: search.frequency, query: search.query,
  }));
  return groupByQuery(subjects, (search) => !eligible.has(search.buyerId) || muted.has(search.subject));
}

/** The alerts found, and their told marks, written a few hundred at a time. */
export function alertWriter(store: AlertStore, schedule: DigestSchedule, now: number, namesOf: (key: string) => Record<string, string>) {
  let alerts: NewAlert[] = [];
  let told: ToldMark[] = [];
  let written = 0;
  const flush = async () => {
    await store.record(alerts, told, now);
    written += alerts.length;
    alerts = [];
    told = [];
  };
  return {
    async add(found: FoundAlert): Promise<void> {
      alerts.push({
        buyer_id: found.buyerId, subject: found.subject, subject_name: found.name,
        batch: found.frequency === 'instant' ? `instant:${found.subject}` : 'digest',
        project_id: found.projectId, project_names: namesOf(found.projectId), kind: found.kind,
        price: found.price, previous_price: found.previousPrice, due_at: alertDueAt(found.frequency, now, schedule),
      });
      told.push({ subject: found.subject, project_id: found.projectId, price: found.price });
      if (alerts.length >= FLUSH_AT) await flush();
    },
    async done(): Promise<number> {
      await flush();
      return written;
    },
  };
}

export interface FavoriteDrops {
  /** The favourites' column naming the catalogue's items (`project_id`, `listing_reference`), and an item's key from it. */
  column: string;
  keyOf(value: string): string;
  /** The changed items listed before (their keys' column values). */
  values: readonly string[];
  change(key: string): ProjectChange;
  told(subject: string, key: string): Told | undefined;
  muted: ReadonlySet<string>;
}

/** Each favourite's price drop among the changed items, handed to `add`. */
export async function favoriteDrops(strapi: Core.Strapi, drops: FavoriteDrops, add: (found: FoundAlert) => Promise<void>, pause: () => Promise<void>): Promise<void> {
  for (let start = 0; start < drops.values.length; start += PAGE) {
    const favorites = (await strapi.db.query(FAVORITE_UID).findMany({
      select: ['id', drops.column], where: { [drops.column]: { $in: drops.values.slice(start, start + PAGE) } }, populate: { buyer: { select: ['id'] } },
    })) as Array<Record<string, string> & { buyer: { id: number } | null }>;
    const buyers = await eligibleBuyers(strapi, new Set(favorites.flatMap((favorite) => (favorite.buyer ? [favorite.buyer.id] : []))), pause);
    for (const favorite of favorites) {
      if (!favorite.buyer || !buyers.has(favorite.buyer.id)) continue;
      const subject = favoritesSubject(favorite.buyer.id);
      if (drops.muted.has(subject)) continue;
      const key = drops.keyOf(favorite[drops.column]);
      const change = drops.change(key);
      const kind = favoriteAlert(change, drops.told(subject, key));
      if (!kind) continue;
      await add({ subject, buyerId: favorite.buyer.id, name: null, frequency: 'instant', projectId: key, kind, price: change.price, previousPrice: change.previousPrice });
    }
  }
}
