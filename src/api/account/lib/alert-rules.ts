/**
 * What a buyer is told when the projects change (pure; the matcher in ../alerts applies it). Only the
 * projects that changed since the last match are looked at, each against what it was before:
 *
 * - a saved search is told of a project it matches now that it did not match before (new to the
 *   feed, or changed into it), unless it was told of that project already; and of a price drop: below
 *   the price it was last told, or, never told of it, below the project's price before the change
 *   when it matched then;
 * - a favourite is told of a price drop below the price it was last told, else below the price before.
 *
 * Told marks remember the price told, so each project reaches each search once, then once per lower
 * price. Prices are AED; a project without one never drops.
 */

export type AlertKind = 'new' | 'price_drop';

export interface ProjectChange {
  /** Its starting price now, and before the change (null: none, or the project was not listed before). */
  price: number | null;
  previousPrice: number | null;
}

export interface Told {
  price: number | null;
}

const dropped = (price: number | null, reference: number | null | undefined) =>
  price !== null && reference !== null && reference !== undefined && price < reference;

/** A saved search's alert for one changed project it may match: `matchedBefore` by the project as it was. */
export function searchAlert(change: ProjectChange, matchesNow: boolean, matchedBefore: boolean, told: Told | undefined): AlertKind | null {
  if (!matchesNow) return null;
  if (told) return dropped(change.price, told.price) ? 'price_drop' : null;
  if (!matchedBefore) return 'new';
  return dropped(change.price, change.previousPrice) ? 'price_drop' : null;
}

/** A favourite's alert for its changed project. */
export function favoriteAlert(change: ProjectChange, told: Told | undefined): AlertKind | null {
  return dropped(change.price, told ? told.price : change.previousPrice) ? 'price_drop' : null;
}

/** Tells the projects of two versions of the collection apart by what a buyer's alert can depend on. */
export interface ProjectState {
  price: number | null;
  fingerprint: string;
}

/** The ids of the projects new or changed in `current` against `previous`. */
export function changedIds(previous: ReadonlyMap<string, ProjectState>, current: ReadonlyMap<string, ProjectState>): string[] {
  const changed: string[] = [];
  for (const [id, state] of current) {
    const before = previous.get(id);
    if (!before || before.fingerprint !== state.fingerprint || before.price !== state.price) changed.push(id);
  }
  return changed;
}

/** The subject of a buyer's alerts, named in told marks, mutes and unsubscribe links. */
export type AlertSubject = `search:${number}` | `favorites:${number}`;

export const searchSubject = (searchId: number): AlertSubject => `search:${searchId}`;
export const favoritesSubject = (buyerId: number): AlertSubject => `favorites:${buyerId}`;

export function parseSubject(subject: string): { type: 'search' | 'favorites'; id: number } | undefined {
  const match = /^(search|favorites):([1-9]\d{0,15})$/.exec(subject);
  return match ? { type: match[1] as 'search' | 'favorites', id: Number(match[2]) } : undefined;
}
