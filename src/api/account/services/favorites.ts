/**
 * A buyer's favourites: the items of each registered catalogue (decision 204), off-plan projects by the
 * feed's project id and sale and rent listings by reference, each in its catalogue's column, at most
 * MAX_FAVORITES in all, listed newest first with each catalogue's own cards; one that left its catalogue
 * stays listed, marked unavailable.
 * The set is held per instance under the buyer's cache tag (services/buyer.ts), with the catalogues'
 * answers already flagged for it, each kept beside the answer for everyone it was made from: a repeat
 * is a lookup, and a new answer for everyone (its own object: another version) is flagged anew.
 */
import type { Core } from '@strapi/strapi';
import LRUCache from 'lru-cache';
import { cache, invalidate } from '../../../lib/cache';
import { readKey } from '../../../lib/catalogue/keys';
import type { Locale } from '../../../lib/locale';
import { Representation } from '../../../lib/representation';
import { catalogueFavouriting, catalogues, firstCatalogue, type FavouriteItems } from '../../catalogues/services/registry';
import { withFavoriteFlags, type Favourited } from '../lib/favorite-flags';
import { buyerCacheTag, type BuyerAccount } from './buyer';

export const FAVORITE_UID = 'api::account.favorite';
export const MAX_FAVORITES = 500;

/** What a favourite names: an item of the catalogue that favourites this kind (`project`, `listing`), by its key. */
export type FavoriteKind = string;
export interface FavoriteTarget {
  kind: FavoriteKind;
  id: string;
}

/** A favourite's row: each catalogue's column (`project_id`, `listing_reference`), one of them set. */
interface FavoriteRow {
  id: number;
  createdAt: string;
  [column: string]: string | number | null;
}

/** A favourite as listed: its kind, each catalogue's field (its key under its own, null under the others), its card. */
export interface FavoriteItem {
  kind: FavoriteKind;
  favorited_at: string;
  /** Whether it is in its catalogue now; when not, `card` is null. */
  available: boolean;
  card: Record<string, unknown> | null;
  [column: string]: unknown;
}

/** How the catalogue that favourites `kind` keeps and shows it. */
const itemsOf = (kind: FavoriteKind): FavouriteItems => catalogueFavouriting(kind)!.favourites;
/** A row's item: the catalogue whose column it sets (none: the first's, keyless). */
function targetOf(row: FavoriteRow): FavoriteTarget {
  const items = catalogues().find(({ favourites }) => row[favourites.column])?.favourites;
  return items ? { kind: items.kind, id: String(row[items.column]) } : { kind: firstCatalogue().favourites.kind, id: '' };
}

export type Favoriting = { outcome: 'added' | 'kept'; favorited_at: string } | { outcome: 'unknown' } | { outcome: 'full' };

/** A buyer's favourites as held: each catalogue's keys, and the answers flagged for them by the answer for everyone. */
interface HeldFavorites {
  favourited: Favourited;
  flagged: LRUCache<Representation, Representation>;
}

/** The flagged answers kept per buyer (pages and projects they come back to). */
const FLAGGED_KEPT = 16;

const toIso = (value: string | Date) => new Date(value).toISOString();
const heldKey = (buyerId: number) => `account.favorites:${buyerId}`;

const createFavoritesService = ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(FAVORITE_UID);
  const ofBuyer = (buyerId: number) => ({ buyer: { id: buyerId } });

  const ofTarget = (buyerId: number, { kind, id }: FavoriteTarget) => ({ ...ofBuyer(buyerId), [itemsOf(kind).column]: id });

  async function find(buyerId: number, target: FavoriteTarget): Promise<FavoriteRow | null> {
    return (await rows().findOne({ where: ofTarget(buyerId, target) })) as FavoriteRow | null;
  }

  /** The cards of `ids` of a kind in its catalogue now, by id. */
  const cardsOf = (kind: FavoriteKind, ids: string[], locale: Locale): Promise<Map<string, Record<string, unknown>>> =>
    ids.length === 0 ? Promise.resolve(new Map()) : itemsOf(kind).cardsOf(strapi, ids, locale);

  /** Deletes the rows `where` matches (found first: a delete's where cannot follow a relation everywhere). */
  async function deleteWhere(where: Record<string, unknown>): Promise<void> {
    const found = (await rows().findMany({ select: ['id'], where })) as Array<{ id: number }>;
    if (found.length) await rows().deleteMany({ where: { id: { $in: found.map((row) => row.id) } } });
  }

  /** The buyer's own copy of `everyone`, flagged once per answer for everyone. */
  function flaggedIn(held: HeldFavorites, everyone: Representation): Representation {
    let own = held.flagged.get(everyone);
    if (!own) {
      own = new Representation(withFavoriteFlags(everyone.body, held.favourited), false);
      held.flagged.set(everyone, own);
    }
    return own;
  }

  const changed = (buyerId: number) => invalidate(strapi, [buyerCacheTag(buyerId)]);

  async function held(buyerId: number): Promise<HeldFavorites> {
    const build = async (): Promise<HeldFavorites> => {
      const kinds = catalogues().map(({ favourites }) => favourites);
      const found = (await rows().findMany({ select: kinds.map(({ column }) => column), where: ofBuyer(buyerId) })) as FavoriteRow[];
      const kept = (column: string) => new Set(found.flatMap((row) => (row[column] ? [String(row[column])] : [])));
      return { favourited: kinds.map(({ column, card }) => ({ card, keys: kept(column) })), flagged: new LRUCache({ max: FLAGGED_KEPT }) };
    };
    return (await cache.get(heldKey(buyerId), build, { tags: [buyerCacheTag(buyerId)] })).value;
  }

  async function addOnce(buyer: BuyerAccount, target: FavoriteTarget, locale: Locale): Promise<Favoriting> {
    const existing = await find(buyer.id, target);
    if (existing) return { outcome: 'kept', favorited_at: toIso(existing.createdAt) };
    if (!(await cardsOf(target.kind, [target.id], locale)).has(target.id)) return { outcome: 'unknown' };
    if ((await rows().count({ where: ofBuyer(buyer.id) })) >= MAX_FAVORITES) return { outcome: 'full' };
    const created = (await strapi.documents(FAVORITE_UID).create({ data: { buyer: buyer.documentId, [itemsOf(target.kind).column]: target.id } })) as unknown as FavoriteRow;
    // Two instances adding at once both find none and both create: the first row stays, the later ones go.
    const same = (await rows().findMany({ select: ['id', 'createdAt'], where: ofTarget(buyer.id, target), orderBy: { id: 'asc' } })) as FavoriteRow[];
    if (same.length > 1) await rows().deleteMany({ where: { id: { $in: same.slice(1).map((row) => row.id) } } });
    await changed(buyer.id);
    const kept = same[0] ?? created;
    return { outcome: kept.id === created.id ? 'added' : 'kept', favorited_at: toIso(kept.createdAt) };
  }

  /** Adds under way on this instance, by buyer and project. */
  const addsUnderWay = new Map<string, Promise<Favoriting>>();

  return {
    /** A listing or project answer for everyone with `is_favorited` on its cards, as the buyer sees it. */
    async flagged(buyerId: number, everyone: Representation): Promise<Representation> {
      return flaggedIn(await held(buyerId), everyone);
    },

    /** The same from what this instance holds, without a wait (the fast lane's), or undefined. */
    peekFlagged(buyerId: number, everyone: Representation): Representation | undefined {
      const kept = cache.peek<HeldFavorites>(heldKey(buyerId))?.value;
      return kept && flaggedIn(kept, everyone);
    },

    /** The buyer's favourites of every kind, newest first, each with its card in `locale` when it is in its catalogue. */
    async list(buyerId: number, locale: Locale): Promise<FavoriteItem[]> {
      const found = (await rows().findMany({ where: ofBuyer(buyerId), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })) as FavoriteRow[];
      const targets = found.map(targetOf);
      const idsOf = (kind: FavoriteKind) => targets.filter((target) => target.kind === kind).map((target) => target.id);
      const kinds = catalogues().map(({ favourites }) => favourites);
      const cards = new Map(await Promise.all(kinds.map(async ({ kind }) => [kind, await cardsOf(kind, idsOf(kind), locale)] as const)));
      return found.map((row, i) => {
        const { kind, id } = targets[i];
        const card = cards.get(kind)?.get(id);
        return {
          kind,
          ...Object.fromEntries(kinds.map((items) => [items.column, items.kind === kind ? id : null])),
          favorited_at: toIso(row.createdAt),
          available: card !== undefined,
          card: card ? { ...card, is_favorited: true } : null,
        };
      });
    },

    /**
     * Favourites the project or listing (again: nothing changes); unknown when its catalogue does not hold
     * it, full at the limit. The same PUTs at once on this instance share one add, so they answer one date.
     */
    add(buyer: BuyerAccount, target: FavoriteTarget, locale: Locale): Promise<Favoriting> {
      const key = `${buyer.id}:${target.kind}:${target.id}`;
      let adding = addsUnderWay.get(key);
      if (!adding) {
        adding = addOnce(buyer, target, locale).finally(() => addsUnderWay.delete(key));
        addsUnderWay.set(key, adding);
      }
      return adding;
    },

    /**
     * The project id or listing reference `key` names by the rule of decision 191 (another spelling, a
     * slug), as its catalogue holds it now; else `key` as read (one that left its catalogue keeps its own).
     */
    async idNamed(kind: FavoriteKind, key: string, locale: Locale): Promise<string> {
      return (await itemsOf(kind).keyNamed(strapi, key, locale)) ?? readKey(key);
    },

    /** Removes the favourite, if there is one. */
    async remove(buyerId: number, target: FavoriteTarget): Promise<void> {
      await deleteWhere(ofTarget(buyerId, target));
      await changed(buyerId);
    },

    async removeAll(buyerId: number): Promise<void> {
      await deleteWhere(ofBuyer(buyerId));
      await changed(buyerId);
    },
  };
};

export default createFavoritesService;
export type FavoritesService = ReturnType<typeof createFavoritesService>;
export const favoritesService = (strapi: Core.Strapi) => strapi.service('api::account.favorites') as FavoritesService;
