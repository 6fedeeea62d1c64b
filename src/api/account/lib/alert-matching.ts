/**
 * The alerts of one match (pure, in steps a caller slices): the saved searches grouped by their
 * normalised query, so each distinct query is evaluated once against the changed projects as they are
 * and once against them as they were, whatever the number of searches that saved it; then each search
 * of the group gets the rule of alert-rules.ts for each changed project its query matches.
 */
import { searchAlert, type AlertKind, type AlertSubject, type ProjectChange, type Told } from './alert-rules';
import type { AlertFrequency } from './alert-schedule';

export interface SearchSubject {
  subject: AlertSubject;
  buyerId: number;
  name: string;
  frequency: AlertFrequency;
}

export interface FoundAlert {
  subject: AlertSubject;
  buyerId: number;
  name: string | null;
  frequency: AlertFrequency;
  projectId: string;
  kind: AlertKind;
  price: number | null;
  previousPrice: number | null;
}

export interface MatchingContext {
  /** The ids of the changed projects `query` matches now; null when the query no longer reads. */
  matchesNow(query: string): readonly string[] | null;
  /** The ids among the changed projects, as they were, that `query` matched. */
  matchedBefore(query: string): ReadonlySet<string>;
  change(projectId: string): ProjectChange;
  told(subject: AlertSubject, projectId: string): Told | undefined;
}

/** At most this many alerts per search and match: a search that matches half a new feed links to the listing instead. */
export const MAX_ALERTS_PER_SEARCH = 50;

/** Searches by query, the subjects `skip` says to leave out left out. */
export function groupByQuery<T extends { query: string }>(searches: Iterable<T>, skip: (search: T) => boolean = () => false): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const search of searches) {
    if (skip(search)) continue;
    const group = groups.get(search.query);
    if (group) group.push(search);
    else groups.set(search.query, [search]);
  }
  return groups;
}

/** The alerts of every group; one step per query (yielding the alerts found for it). */
export function* searchAlerts(groups: ReadonlyMap<string, readonly SearchSubject[]>, context: MatchingContext): Generator<FoundAlert[], void, void> {
  for (const [query, searches] of groups) {
    const now = context.matchesNow(query);
    if (!now || now.length === 0) continue;
    const before = context.matchedBefore(query);
    const found: FoundAlert[] = [];
    for (const search of searches) {
      let told = 0;
      for (const projectId of now) {
        if (told === MAX_ALERTS_PER_SEARCH) break;
        const change = context.change(projectId);
        const kind = searchAlert(change, true, before.has(projectId), context.told(search.subject, projectId));
        if (!kind) continue;
        told += 1;
        found.push({
          subject: search.subject, buyerId: search.buyerId, name: search.name, frequency: search.frequency,
          projectId, kind, price: change.price, previousPrice: change.previousPrice,
        });
      }
    }
    yield found;
  }
}
