/**
 * A buyer's favourites: off-plan projects (by the feed's project id) and sale and rent listings (by
 * reference), at most MAX_FAVORITES in all, listed newest first with each catalogue's own cards; one that
 * left its catalogue stays listed, marked unavailable.
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
import { offPlanService } from '../../off-plan/services/off-plan';
import { propertiesService } from '../../properties/services/properties';
import { withFavoriteFlags, type Favourited } from '../lib/favorite-flags';
import { buyerCacheTag, type BuyerAccount } from './buyer';

export const FAVORITE_UID = 'api::account.favorite';
export const MAX_FAVORITES = 500;

/** What a favourite names: an off-plan project by id, or a sale or rent listing by reference. */
export type FavoriteKind = 'project' | 'listing';
export interface FavoriteTarget {
  kind: FavoriteKind;
  id: string;
}

/** The column each kind is kept in. */
const COLUMN = { project: 'project_id', listing: 'listing_reference' } as const;

interface FavoriteRow {
  id: number;
  project_id: string | null;
  listing_reference: string | null;
  createdAt: string;
}

export interface FavoriteItem {
  kind: FavoriteKind;
  /** The project's id (a project), else null. */
  project_id: string | null;
  /** The listing's reference (a listing), else null. */
  listing_reference: string | null;
  favorited_at: string;
  /** Whether it is in its catalogue now; when not, `card` is null. */
  available: boolean;
  card: Record<string, unknown> | null;
}

const targetOf = (row: FavoriteRow): FavoriteTarget => (row.listing_reference ? { kind: 'listing', id: row.listing_reference } : { kind: 'project', id: row.project_id ?? '' });

export type Favoriting = { outcome: 'added' | 'kept'; favorited_at: string } | { outcome: 'unknown' } | { outcome: 'full' };

/** A buyer's favourites as held: the project ids and listing references, and the answers flagged for them by the answer for everyone. */
interface HeldFavorites extends Favourited {
  flagged: LRUCache<Representation, Representation>;
}

/** The flagged answers kept per buyer (pages and projects they come back to). */
const FLAGGED_KEPT = 16;

const toIso = (value: string | Date) => new Date(value).toISOString();
const heldKey = (buyerId: number) => `account.favorites:${buyerId}`;

const createFavoritesService = ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(FAVORITE_UID);
  const ofBuyer = (buyerId: number) => ({ buyer: { id: buyerId } });

  const ofTarget = (buyerId: number, { kind, id }: FavoriteTarget) => ({ ...ofBuyer(buyerId), [COLUMN[kind]]: id });

  async function find(buyerId: number, target: FavoriteTarget): Promise<FavoriteRow | null> {
    return (await rows().findOne({ where: ofTarget(buyerId, target) })) as FavoriteRow | null;
  }

  /** The cards of `ids` of a kind in its catalogue now, by id. */
  const cardsOf = (kind: FavoriteKind, ids: string[], locale: Locale): Promise<Map<string, Record<string, unknown>>> =>
    ids.length === 0
      ? Promise.resolve(new Map())
      : kind === 'project'
        ? offPlanService(strapi).cardsOf(ids, locale)
        : propertiesService(strapi).cardsOf(ids, locale);

  /** Deletes the rows `where` matches (found first: a delete's where cannot follow a relation everywhere). */
  async function deleteWhere(where: Record<string, unknown>): Promise<void> {
    const found = (await rows().findMany({ select: ['id'], where })) as Array<{ id: number }>;
    if (found.length) await rows().deleteMany({ where: { id: { $in: found.map((row) => row.id) } } });
  }

  /** The buyer's own copy of `everyone`, flagged once per answer for everyone. */
  function flaggedIn(held: HeldFavorites, everyone: Representation): Representation {
    let own = held.flagged.get(everyone);
    if (!own) {
      own = new Representation(withFavoriteFlags(everyone.body, held), false);
      held.flagged.set(everyone, own);
    }
    return own;
  }

  const changed = (buyerId: number) => invalidate(strapi, [buyerCacheTag(buyerId)]);

  async function held(buyerId: number): Promise<HeldFavorites> {
    const build = async (): Promise<HeldFavorites> => {
      const found = (await rows().findMany({ select: ['project_id', 'listing_reference'], where: ofBuyer(buyerId) })) as Array<Pick<FavoriteRow, 'project_id' | 'listing_reference'>>;
      const kept = (column: 'project_id' | 'listing_reference') => new Set(found.flatMap((row) => (row[column] ? [row[column]!] : [])));
      return { projects: kept('project_id'), listings: kept('listing_reference'), flagged: new LRUCache({ max: FLAGGED_KEPT }) };
    };
    return (await cache.get(heldKey(buyerId), build, { tags: [buyerCacheTag(buyerId)] })).value;
  }

  async function addOnce(buyer: BuyerAccount, target: FavoriteTarget, locale: Locale): Promise<Favoriting> {
    const existing = await find(buyer.id, target);
    if (existing) return { outcome: 'kept', favorited_at: toIso(existing.createdAt) };
    if (!(await cardsOf(target.kind, [target.id], locale)).has(target.id)) return { outcome: 'unknown' };
    if ((await rows().count({ where: ofBuyer(buyer.id) })) >= MAX_FAVORITES) return { outcome: 'full' };
    const created = (await strapi.documents(FAVORITE_UID).create({ data: { buyer: buyer.documentId, [COLUMN[target.kind]]: target.id } })) as unknown as FavoriteRow;
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

    /** The buyer's favourites of both kinds, newest first, each with its card in `locale` when it is in its catalogue. */
    async list(buyerId: number, locale: Locale): Promise<FavoriteItem[]> {
      const found = (await rows().findMany({ where: ofBuyer(buyerId), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })) as FavoriteRow[];
      const targets = found.map(targetOf);
      const idsOf = (kind: FavoriteKind) => targets.filter((target) => target.kind === kind).map((target) => target.id);
      const [projects, listings] = await Promise.all([cardsOf('project', idsOf('project'), locale), cardsOf('listing', idsOf('listing'), locale)]);
      return found.map((row, i) => {
        const { kind, id } = targets[i];
        const card = (kind === 'project' ? projects : listings).get(id);
        return {
          kind,
          project_id: kind === 'project' ? id : null,
          listing_reference: kind === 'listing' ? id : null,
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
      const named = kind === 'project' ? await offPlanService(strapi).projectIdOf(key) : await propertiesService(strapi).referenceOf(key, locale);
      return named ?? readKey(key);
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
