/**
 * A buyer's favourite off-plan projects: kept by project id (the feed's), at most MAX_FAVORITES each,
 * listed with the listing's own cards; a project that left the feed stays listed, marked unavailable.
 * The set is held per instance under the buyer's cache tag (services/buyer.ts), with the off-plan
 * answers already flagged for it, each kept beside the answer for everyone it was made from: a repeat
 * is a lookup, and a new answer for everyone (its own object: another version) is flagged anew.
 */
import type { Core } from '@strapi/strapi';
import LRUCache from 'lru-cache';
import { cache, invalidate } from '../../../lib/cache';
import type { Locale } from '../../../lib/locale';
import { Representation } from '../../../lib/representation';
import { offPlanService } from '../../off-plan/services/off-plan';
import { buyerCacheTag, type BuyerAccount } from './buyer';

export const FAVORITE_UID = 'api::account.favorite';
export const MAX_FAVORITES = 500;

interface FavoriteRow {
  id: number;
  project_id: string;
  createdAt: string;
}

export interface FavoriteItem {
  project_id: string;
  favorited_at: string;
  /** Whether the project is in the feed now; when not, `card` is null. */
  available: boolean;
  card: Record<string, unknown> | null;
}

export type Favoriting = { outcome: 'added' | 'kept'; favorited_at: string } | { outcome: 'unknown' } | { outcome: 'full' };

/** A buyer's favourites as held: the project ids, and the answers flagged for them by the answer for everyone. */
interface HeldFavorites {
  ids: ReadonlySet<string>;
  flagged: LRUCache<Representation, Representation>;
}

/** The flagged answers kept per buyer (pages and projects they come back to). */
const FLAGGED_KEPT = 16;

const toIso = (value: string | Date) => new Date(value).toISOString();
const heldKey = (buyerId: number) => `account.favorites:${buyerId}`;

const createFavoritesService = ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(FAVORITE_UID);
  const ofBuyer = (buyerId: number) => ({ buyer: { id: buyerId } });

  async function find(buyerId: number, projectId: string): Promise<FavoriteRow | null> {
    return (await rows().findOne({ where: { ...ofBuyer(buyerId), project_id: projectId } })) as FavoriteRow | null;
  }

  /** Deletes the rows `where` matches (found first: a delete's where cannot follow a relation everywhere). */
  async function deleteWhere(where: Record<string, unknown>): Promise<void> {
    const found = (await rows().findMany({ select: ['id'], where })) as Array<{ id: number }>;
    if (found.length) await rows().deleteMany({ where: { id: { $in: found.map((row) => row.id) } } });
  }

  /** The buyer's own copy of `everyone`, flagged once per answer for everyone. */
  function flaggedIn(held: HeldFavorites, everyone: Representation): Representation {
    let own = held.flagged.get(everyone);
    if (!own) {
      own = new Representation(offPlanService(strapi).withFavoriteFlags(everyone.body, (id) => held.ids.has(id)), false);
      held.flagged.set(everyone, own);
    }
    return own;
  }

  const changed = (buyerId: number) => invalidate(strapi, [buyerCacheTag(buyerId)]);

  async function held(buyerId: number): Promise<HeldFavorites> {
    const build = async (): Promise<HeldFavorites> => {
      const found = (await rows().findMany({ select: ['project_id'], where: ofBuyer(buyerId) })) as Array<{ project_id: string }>;
      return { ids: new Set(found.map((row) => row.project_id)), flagged: new LRUCache({ max: FLAGGED_KEPT }) };
    };
    return (await cache.get(heldKey(buyerId), build, { tags: [buyerCacheTag(buyerId)] })).value;
  }

  async function addOnce(buyer: BuyerAccount, projectId: string, locale: Locale): Promise<Favoriting> {
    const existing = await find(buyer.id, projectId);
    if (existing) return { outcome: 'kept', favorited_at: toIso(existing.createdAt) };
    if (!(await offPlanService(strapi).cardsOf([projectId], locale)).has(projectId)) return { outcome: 'unknown' };
    if ((await rows().count({ where: ofBuyer(buyer.id) })) >= MAX_FAVORITES) return { outcome: 'full' };
    const created = (await strapi.documents(FAVORITE_UID).create({ data: { buyer: buyer.documentId, project_id: projectId } })) as unknown as FavoriteRow;
    // Two instances adding at once both find none and both create: the first row stays, the later ones go.
    const same = (await rows().findMany({ select: ['id', 'createdAt'], where: { ...ofBuyer(buyer.id), project_id: projectId }, orderBy: { id: 'asc' } })) as FavoriteRow[];
    if (same.length > 1) await rows().deleteMany({ where: { id: { $in: same.slice(1).map((row) => row.id) } } });
    await changed(buyer.id);
    const kept = same[0] ?? created;
    return { outcome: kept.id === created.id ? 'added' : 'kept', favorited_at: toIso(kept.createdAt) };
  }

  /** Adds under way on this instance, by buyer and project. */
  const addsUnderWay = new Map<string, Promise<Favoriting>>();

  return {
    /** The project ids the buyer favourited. */
    async projectIds(buyerId: number): Promise<ReadonlySet<string>> {
      return (await held(buyerId)).ids;
    },

    /** A listing or project answer for everyone with `is_favorited` on its cards, as the buyer sees it. */
    async flagged(buyerId: number, everyone: Representation): Promise<Representation> {
      return flaggedIn(await held(buyerId), everyone);
    },

    /** The same from what this instance holds, without a wait (the fast lane's), or undefined. */
    peekFlagged(buyerId: number, everyone: Representation): Representation | undefined {
      const kept = cache.peek<HeldFavorites>(heldKey(buyerId))?.value;
      return kept && flaggedIn(kept, everyone);
    },

    /** The buyer's favourites, newest first, each with its card in `locale` when its project is in the feed. */
    async list(buyerId: number, locale: Locale): Promise<FavoriteItem[]> {
      const found = (await rows().findMany({ where: ofBuyer(buyerId), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })) as FavoriteRow[];
      const cards = await offPlanService(strapi).cardsOf(found.map((row) => row.project_id), locale);
      return found.map((row) => {
        const card = cards.get(row.project_id);
        return { project_id: row.project_id, favorited_at: toIso(row.createdAt), available: card !== undefined, card: card ? { ...card, is_favorited: true } : null };
      });
    },

    /**
     * Favourites the project (again: nothing changes); unknown when the feed does not hold it, full at the
     * limit. The same PUTs at once on this instance share one add, so they answer one date.
     */
    add(buyer: BuyerAccount, projectId: string, locale: Locale): Promise<Favoriting> {
      const key = `${buyer.id}:${projectId}`;
      let adding = addsUnderWay.get(key);
      if (!adding) {
        adding = addOnce(buyer, projectId, locale).finally(() => addsUnderWay.delete(key));
        addsUnderWay.set(key, adding);
      }
      return adding;
    },

    /** Removes the favourite, if there is one. */
    async remove(buyerId: number, projectId: string): Promise<void> {
      await deleteWhere({ ...ofBuyer(buyerId), project_id: projectId });
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
