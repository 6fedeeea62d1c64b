/**
 * "Similar" items, one ranking for every catalogue (decision 200): a catalogue describes it as data, a
 * `SimilarityRule` — which items may be similar at all (`scope`), where candidates are looked for (`tiers`)
 * and how they are ordered (`order`) — and the ranking here does the rest.
 *
 * Candidates are gathered tier by tier, each looked at only while those before it gathered fewer than
 * `count`: the members of one of the item's groups (a community, an emirate), the items with coordinates
 * nearest to it (a fixed pool, or as many as are missing; every item as near as the last comes too), or
 * the members of ever wider groups (a city, an emirate, then any). So an item costs its groups and at
 * most one nearest search of the map layer (map-layer.ts), never a scan of all. The best `count` of the
 * gathered candidates, by the criteria of `order` in turn and then their position, are its similar items.
 *
 * What the rule reads of each item is read once, in steps, with the index (`similarBuild`); an item's
 * list is ranked when first asked for and kept (`listOf`), an item outside the index's ranked each time
 * it is asked for (`rankFor`).
 */
import { kmTo, nearestWithTies, type CatalogueGeo } from './map-layer';
import type { LatLng } from './geo-query';
import { collatedRanks } from './ordering';
import { mapInSteps, type Steps } from './steps';

/** Where candidates are looked for. */
export type SimilarTier =
  /** The members of the item's group of this name. */
  | { group: string }
  /** The items with coordinates nearest to the item: `pool` of them, or as many as are still missing. */
  | { nearest: number | 'missing' }
  /**
   * The members of the first of these groups that, with those of the groups before it, are as many as
   * are missing; else every item. A member of two groups is counted in each: a count of distinct members
   * would widen further and change answers given so far (decision 201).
   */
  | { widening: readonly string[] };

/**
 * How candidates are ordered, each criterion in turn; an item's trait is null when it has none.
 * - `tier`: the tier that gathered it, earlier first;
 * - `same`: the same trait value as the item's first;
 * - `sharedGroup`: the first of these groups the two share first, none last;
 * - `within`: a number within `ratio` of the item's, either way, first;
 * - `overlap`: a bitmask sharing a bit with the item's first;
 * - `distance`: nearer first, without coordinates last;
 * - `logGap`: a number whose ratio to the item's is nearest 1 first (none, or not above 0, last);
 * - `id`: by an id, shorter first, then by code units (numeric ids in numeric order).
 */
export type SimilarCriterion<T> =
  | { tier: true }
  | { same: (item: T) => string | number | null }
  | { sharedGroup: readonly string[] }
  | { within: number; of: (item: T) => number | null }
  | { overlap: (item: T) => number }
  | { distance: true }
  | { logGap: (item: T) => number | null }
  | { id: (item: T) => string };

export interface SimilarityRule<T> {
  /** How many similar items an item shows at most. */
  count: number;
  /** Only the items of the item's group of this name may be similar to it (every item when undefined). */
  scope?: string;
  /** Each group's key of an item ('' for none: an item without a key shares that group with none). */
  groups: Record<string, (item: T) => string>;
  tiers: readonly SimilarTier[];
  order: readonly SimilarCriterion<T>[];
  /** Where an item is, or null. */
  at: (item: T) => LatLng | null;
}

/** The items' groups (each key's members in position order) and the traits the order reads, read once. */
interface Prepared {
  keys: Map<string, string[]>;
  members: Map<string, Map<string, number[]>>;
  traits: Array<ArrayLike<unknown>>;
  idRanks: Int32Array[];
}

export interface Similarity<T> {
  /** The similar items of the item at `position`, best first (positions), ranked once and kept. */
  listOf(position: number): Int32Array;
  /** The similar items of an item outside the index (none of them is left out as itself), ranked each time. */
  rankFor(item: T): Int32Array;
}

/** Ids in a fixed order that puts numeric ids in numeric order: shorter first, then by code units. */
export const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Each item's trait a criterion compares, read once: numbers in typed arrays (NaN for none), other values as they are. */
function* traitsOf<T>(items: readonly T[], criterion: SimilarCriterion<T>): Steps<ArrayLike<unknown>> {
  if ('same' in criterion) return yield* mapInSteps(items, criterion.same);
  const number = 'within' in criterion ? criterion.of : 'logGap' in criterion ? criterion.logGap : undefined;
  if (number) return Float64Array.from(yield* mapInSteps(items, (item) => number(item) ?? NaN));
  if ('overlap' in criterion) return Int32Array.from(yield* mapInSteps(items, criterion.overlap));
  return [];
}

function* prepare<T>(items: readonly T[], rule: SimilarityRule<T>): Steps<Prepared> {
  const keys = new Map<string, string[]>();
  const members = new Map<string, Map<string, number[]>>();
  for (const [name, keyOf] of Object.entries(rule.groups)) {
    const groupKeys = yield* mapInSteps(items, keyOf);
    const byKey = new Map<string, number[]>();
    groupKeys.forEach((key, position) => {
      if (!key) return;
      const list = byKey.get(key);
      if (list) list.push(position);
      else byKey.set(key, [position]);
    });
    keys.set(name, groupKeys);
    members.set(name, byKey);
  }
  const traits: Array<ArrayLike<unknown>> = [];
  const idRanks: Int32Array[] = [];
  for (const criterion of rule.order) {
    traits.push(yield* traitsOf(items, criterion));
    idRanks.push('id' in criterion ? yield* collatedRanks(items.map(criterion.id), compareIds) : new Int32Array(0));
  }
  return { keys, members, traits, idRanks };
}

/** What the ranking of one item compares a candidate by: each criterion's rank of it, lower first. */
type Score = (candidate: number, tier: number) => number;

const UNKNOWN = Number.POSITIVE_INFINITY;

function scorers<T>(rule: SimilarityRule<T>, prepared: Prepared, geo: Pick<CatalogueGeo, 'all' | 'memberOf'>, item: T, from: LatLng | null): Score[] {
  return rule.order.map((criterion, at): Score => {
    const traits = prepared.traits[at];
    if ('tier' in criterion) return (_, tier) => tier;
    if ('distance' in criterion) return (candidate) => (from ? kmTo(geo, from, candidate) : UNKNOWN);
    if ('id' in criterion) return (candidate) => prepared.idRanks[at][candidate];
    if ('sharedGroup' in criterion) {
      const groups = criterion.sharedGroup.map((name) => ({ own: rule.groups[name](item), keys: prepared.keys.get(name)! }));
      return (candidate) => {
        const shared = groups.findIndex(({ own, keys }) => own !== '' && keys[candidate] === own);
        return shared < 0 ? groups.length : shared;
      };
    }
    if ('same' in criterion) {
      const own = criterion.same(item);
      return (candidate) => (own !== null && traits[candidate] === own ? 0 : 1);
    }
    if ('overlap' in criterion) {
      const own = criterion.overlap(item);
      const masks = traits as Int32Array;
      return (candidate) => ((own & masks[candidate]) !== 0 ? 0 : 1);
    }
    const values = traits as Float64Array;
    if ('within' in criterion) {
      // Unknown (NaN) on either side is never within: every comparison with NaN is false.
      const own = criterion.of(item) ?? NaN;
      const band = criterion.within * own;
      return (candidate) => (Math.abs(values[candidate] - own) <= band ? 0 : 1);
    }
    const own = criterion.logGap(item) ?? NaN;
    return (candidate) => {
      const other = values[candidate];
      return own > 0 && other > 0 ? Math.abs(Math.log(own / other)) : UNKNOWN;
    };
  });
}

/** A candidate and its ranks by each criterion, each worked out when first compared (NaN until then). */
interface Scored {
  position: number;
  tier: number;
  ranks: Float64Array;
}

/** What a ranking shares with the next one: which items the current one gathered (those marked with its stamp). */
interface Marks {
  seen: Int32Array;
  stamp: number;
}

/** The similar items of `item` (at `self`, -1 outside the index), best first. */
function rank<T>(rule: SimilarityRule<T>, prepared: Prepared, geo: Pick<CatalogueGeo, 'all' | 'memberOf'>, marks: Marks, item: T, self: number): Int32Array {
  const from = rule.at(item);
  const score = scorers(rule, prepared, geo, item, from);
  const scopeKey = rule.scope === undefined ? undefined : rule.groups[rule.scope](item);
  const scopeKeys = rule.scope === undefined ? undefined : prepared.keys.get(rule.scope)!;
  if (marks.stamp === 0x7fffffff) marks.seen.fill((marks.stamp = 0));
  const stamp = (marks.stamp += 1);
  const { seen } = marks;
  let gathered = 0;
  const best: Scored[] = [];
  const wanted = (candidate: number) => candidate !== self && seen[candidate] !== stamp && (scopeKeys === undefined || scopeKeys[candidate] === scopeKey);

  const rankOf = (scored: Scored, at: number) => {
    const kept = scored.ranks[at];
    return Number.isNaN(kept) ? (scored.ranks[at] = score[at](scored.position, scored.tier)) : kept;
  };
  /** Whether `a` comes before `b`: the first criterion that tells them apart, else the position. */
  const before = (a: Scored, b: Scored) => {
    for (let at = 0; at < score.length; at += 1) {
      const ours = rankOf(a, at);
      const theirs = rankOf(b, at);
      if (ours !== theirs) return ours < theirs;
    }
    return a.position < b.position;
  };
  const blank = (): Scored => ({ position: -1, tier: 0, ranks: new Float64Array(score.length) });
  let next = blank();

  const offer = (candidates: Iterable<number>, tier: number) => {
    for (const position of candidates) {
      if (!wanted(position)) continue;
      seen[position] = stamp;
      gathered += 1;
      next.position = position;
      next.tier = tier;
      next.ranks.fill(NaN);
      if (best.length === rule.count && !before(next, best[rule.count - 1])) continue;
      let at = Math.min(best.length, rule.count - 1);
      while (at > 0 && before(next, best[at - 1])) at -= 1;
      best.splice(at, 0, next);
      next = best.length > rule.count ? best.pop()! : blank();
    }
  };

  const widened = (groups: readonly string[], missing: number) => {
    const listed: number[] = [];
    for (const name of groups) {
      const key = rule.groups[name](item);
      if (key) for (const candidate of prepared.members.get(name)!.get(key) ?? []) if (wanted(candidate)) listed.push(candidate);
      if (listed.length >= missing) return listed;
    }
    return undefined;
  };
  const everyone = () => (scopeKey === undefined ? seen.keys() : prepared.members.get(rule.scope!)!.get(scopeKey) ?? []);
  rule.tiers.forEach((tier, at) => {
    if (gathered >= rule.count) return;
    if ('group' in tier) {
      const key = rule.groups[tier.group](item);
      if (key) offer(prepared.members.get(tier.group)!.get(key) ?? [], at);
    } else if ('nearest' in tier) {
      if (from) offer(nearestWithTies(geo, from, tier.nearest === 'missing' ? rule.count - gathered : tier.nearest, wanted), at);
    } else {
      offer(widened(tier.widening, rule.count - gathered) ?? everyone(), at);
    }
  });
  return Int32Array.from(best, ({ position }) => position);
}

/** The similarity of `items` (the index's, by position) under `rule`, read in steps; `geo`: the same items' map layer. */
export function* similarBuild<T>(items: readonly T[], geo: Pick<CatalogueGeo, 'all' | 'memberOf'>, rule: SimilarityRule<T>): Steps<Similarity<T>> {
  const prepared = yield* prepare(items, rule);
  const marks: Marks = { seen: new Int32Array(items.length), stamp: 0 };
  const kept: Array<Int32Array | undefined> = new Array(items.length);
  return {
    listOf: (position) => (kept[position] ??= rank(rule, prepared, geo, marks, items[position], position)),
    rankFor: (item) => rank(rule, prepared, geo, marks, item, -1),
  };
}
