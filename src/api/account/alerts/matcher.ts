/**
 * The match of buyers' alerts, one for every catalogue of the registry (decision 213): after a catalogue's
 * items change, what changed since its last match (the items as that match saw them, in the catalogue's
 * seen table), which of its saved searches and favourites that concerns, and their alerts written to the
 * outbox with their told marks. Each catalogue's entry gives what is its own: its items now and as they
 * were, its search of a saved query, the names an e-mail gives them, its seen table and its lease.
 *
 * Run by the alert tick of each instance (sender.ts) and, for a catalogue that says when it adopts new
 * items, at once. Under the catalogue's lease: a second run over the same items finds nothing changed,
 * and a run cut off midway is done again, its alerts already told. A catalogue whose items carry when
 * they were fetched is matched once per fetch across instances (its `matchedMark`). Each distinct saved
 * query is matched once (lib/alert-matching.ts), and every long loop gives the event loop a turn
 * (decision 93).
 */
import { createHash } from 'crypto';
import type { Core } from '@strapi/strapi';
import { leases } from '../../../lib/cluster/leases';
import { eachSliced, slicer } from '../../../plugins/extsource/server/src/public';
import type { AlertItems, CatalogueEntry } from '../../catalogues/services/registry';
import { changedIds, type ProjectChange, type ProjectState } from '../lib/alert-rules';
import { searchAlerts } from '../lib/alert-matching';
import { alertWriter, favoriteDrops, searchGroups } from './match-steps';
import { alertSettings } from './settings';
import { alertStore, type SeenRow } from './store';

/** Renewed while the match runs: a holder that dies frees it within this. */
const MATCH_LEASE_TTL_MS = 60_000;

function* positions(count: number): Generator<number> {
  for (let position = 0; position < count; position += 1) yield position;
}

/** What an alert compares of the item at `position`: its price, and everything else the catalogue keeps of it. */
const stateOf = (items: AlertItems, position: number): ProjectState => ({
  price: items.priceAt(position),
  fingerprint: createHash('sha1').update(JSON.stringify(items.recordAt(position))).digest('base64url'),
});

export function alertMatcher(strapi: Core.Strapi) {
  const store = alertStore(strapi);
  const meta = () => strapi.store({ type: 'core', name: 'alerts' });

  /** The match of `items` of `entry` against its items as last seen; how many alerts it wrote. */
  async function matchHolding(entry: CatalogueEntry, items: AlertItems, now: number): Promise<number> {
    const { seenTable, keyPrefix } = entry.alerts;
    const keyOf = (own: string) => `${keyPrefix}${own}`;
    const ownOf = (key: string) => key.slice(keyPrefix.length);
    const pause = slicer();
    const current = new Map<string, ProjectState>();
    const positionOf = new Map<string, number>();
    await eachSliced(positions(items.count), (position) => {
      const key = keyOf(items.keyAt(position));
      current.set(key, stateOf(items, position));
      positionOf.set(key, position);
    }, pause);
    const previous = await store.seenStates(seenTable);
    const gone = [...previous.keys()].filter((key) => !current.has(key));
    const changed = changedIds(previous, current);
    const seenRows = (): SeenRow[] => changed.map((key) => ({ project_id: key, ...current.get(key)!, record: JSON.stringify(items.recordAt(positionOf.get(key)!)) }));
    // The first match of a database has nothing to compare with: it only remembers the items.
    if (previous.size === 0 || changed.length === 0) {
      await store.saveSeen(seenRows(), gone, seenTable);
      return 0;
    }

    const search = await items.search(pause);
    const earlier = (await store.seenRecords(changed, seenTable)).map((record) => JSON.parse(record) as unknown);
    const before = await entry.alerts.earlier(strapi, earlier).search(pause);
    const changedSet = search.setOf(changed.map(ownOf));
    const beforeAll = before.setOf();
    const told = await store.toldOf(changed);
    const toldOf = (subject: string, key: string) => told.get(`${subject}|${key}`);
    const change = (key: string): ProjectChange => ({ price: current.get(key)!.price, previousPrice: previous.get(key)?.price ?? null });
    const out = alertWriter(store, alertSettings(strapi).schedule, now, (key) => search.names(ownOf(key)));

    const muted = await store.mutedSubjects();
    const groups = await searchGroups(strapi, entry.name, muted, pause);
    // The first catalogue's keys are its items' own: no copy of each query's matches.
    const keysOf = (owns: string[] | null) => (keyPrefix && owns ? owns.map(keyOf) : owns);
    const steps = searchAlerts(groups, {
      matchesNow: (query) => keysOf(search.matching(query, changedSet)),
      matchedBefore: (query) => new Set(keysOf(before.matching(query, beforeAll))),
      change,
      told: toldOf,
    });
    for (let step = steps.next(); !step.done; step = steps.next()) {
      for (const found of step.value) await out.add(found);
      await pause();
    }

    // Favourites: a price drop of an item that was in the catalogue before.
    const dropped = changed.filter((key) => previous.has(key)).map(ownOf);
    await favoriteDrops(strapi, { column: entry.favourites.column, keyOf, values: dropped, change, told: toldOf, muted }, (found) => out.add(found), pause);
    const written = await out.done();
    await store.saveSeen(seenRows(), gone, seenTable);
    return written;
  }

  return {
    /**
     * Matches `items` of `entry` unless alerts are off, another instance is matching them (this
     * instance's tick comes back), or (a catalogue with a `matchedMark`) they or newer ones were
     * matched already. How many alerts it wrote, or null when it did not run.
     */
    async match(entry: CatalogueEntry, items: AlertItems, now = Date.now()): Promise<number | null> {
      if (!alertSettings(strapi).enabled) return null;
      const { lease: leaseName, matchedMark } = entry.alerts;
      const stamp = matchedMark && items.fetchedAt;
      const matchedAlready = async () => {
        if (!stamp) return false;
        const last = (await meta().get({ key: matchedMark })) as { fetchedAt?: string } | null;
        return Boolean(last?.fetchedAt && Date.parse(last.fetchedAt) >= Date.parse(stamp));
      };
      // Read first, so the ticks of instances with nothing to match write no lease.
      if (await matchedAlready()) return null;
      const lease = await leases(strapi).tryAcquire(leaseName, MATCH_LEASE_TTL_MS);
      if (!lease) return null;
      try {
        if (await matchedAlready()) return null;
        const written = await matchHolding(entry, items, now);
        if (stamp) await meta().set({ key: matchedMark, value: { fetchedAt: stamp } });
        return written;
      } finally {
        await lease.release();
      }
    },
  };
}
