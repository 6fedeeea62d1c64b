/**
 * The match after each new project collection (issue 33): what changed since the last match, which
 * saved searches and favourites that concerns, and their alerts written to the outbox with their told
 * marks. Run by whichever instance adopts a collection (the projects service's `prepareWith`) and by
 * each instance's alert tick (a collection another instance fetched); under the `alerts:match` lease,
 * once per collection across instances: the projects as the last match saw them live in the database
 * (app_alert_seen), so a second run over the same collection finds nothing changed, and a run cut off
 * midway is done again, its alerts already told.
 *
 * Matching runs on the listing's own search index, each distinct saved query once (lib/alert-matching.ts),
 * and every long loop gives the event loop a turn (decision 93).
 */
import { createHash } from 'crypto';
import type { Core } from '@strapi/strapi';
import { leases } from '../../../lib/cluster/leases';
import { projectsService } from '../../../plugins/extsource/server/src/public';
import { eachSliced, slicer, type NormalisedProject, type ProjectCollection } from '../../../plugins/extsource/server/src/public';
import { ListingMatcher, listingMatcherOf } from '../../off-plan/services/listing-match';
import { offPlanService } from '../../off-plan/services/off-plan';
import { changedIds, type ProjectChange, type ProjectState } from '../lib/alert-rules';
import { searchAlerts } from '../lib/alert-matching';
import { alertWriter, favoriteDrops, searchGroups } from './match-steps';
import { alertSettings } from './settings';
import { alertStore, type SeenRow } from './store';

const MATCH_LEASE = 'alerts:match';
/** Renewed while the match runs: a holder that dies frees it within this. */
const MATCH_LEASE_TTL_MS = 60_000;

const stateOf = (project: NormalisedProject): ProjectState => ({
  price: project.price.starting_from ?? null,
  fingerprint: createHash('sha1').update(JSON.stringify(project)).digest('base64url'),
});

export function alertMatcher(strapi: Core.Strapi) {
  const store = alertStore(strapi);
  const meta = () => strapi.store({ type: 'core', name: 'alerts' });

  /** The current collection's matcher: the listing's own English index when it is of this collection. */
  async function currentMatcher(collection: ProjectCollection, rates: Record<string, number>): Promise<ListingMatcher> {
    const index = await offPlanService(strapi).projectIndex();
    return index.projects === collection.projects ? new ListingMatcher(index, rates) : listingMatcherOf(collection.projects, rates);
  }

  /** The match of `collection` against the projects as last seen; how many alerts it wrote. */
  async function matchHolding(collection: ProjectCollection, now: number): Promise<number> {
    const pause = slicer();
    const current = new Map<string, ProjectState>();
    await eachSliced(collection.projects, (project) => current.set(project.id, stateOf(project)), pause);
    const previous = await store.seenStates();
    const gone = [...previous.keys()].filter((id) => !current.has(id));
    const changed = changedIds(previous, current);
    const byId = new Map(collection.projects.map((project) => [project.id, project]));
    const seenRows = (): SeenRow[] => changed.map((id) => ({ project_id: id, ...current.get(id)!, record: JSON.stringify(byId.get(id)) }));
    // The first match of a database has nothing to compare with: it only remembers the projects.
    if (previous.size === 0 || changed.length === 0) {
      await store.saveSeen(seenRows(), gone);
      return 0;
    }

    const settings = alertSettings(strapi);
    const rates = projectsService(strapi).currencyRates();
    const matcher = await currentMatcher(collection, rates);
    const earlier = (await store.seenRecords(changed)).map((record) => JSON.parse(record) as NormalisedProject);
    const before = await listingMatcherOf(earlier, rates, pause);
    const changedSet = matcher.setOf(changed.map((id) => matcher.positionOf(id)!));
    const beforeAll = before.setOf(before.projects.keys());
    const told = await store.toldOf(changed);
    const toldOf = (subject: string, id: string) => told.get(`${subject}|${id}`);
    const change = (id: string): ProjectChange => ({ price: current.get(id)!.price, previousPrice: previous.get(id)?.price ?? null });
    const out = alertWriter(store, settings.schedule, now, (id) => matcher.names(matcher.positionOf(id)!));

    const muted = await store.mutedSubjects();
    const groups = await searchGroups(strapi, 'projects', muted, pause);
    const steps = searchAlerts(groups, {
      matchesNow: (query) => matcher.matching(query, changedSet)?.map((position) => matcher.projects[position].id) ?? null,
      matchedBefore: (query) => new Set(before.matching(query, beforeAll)?.map((position) => before.projects[position].id)),
      change,
      told: toldOf,
    });
    for (let step = steps.next(); !step.done; step = steps.next()) {
      for (const found of step.value) await out.add(found);
      await pause();
    }

    // Favourites: a price drop of a project that was listed before.
    const dropped = changed.filter((id) => previous.has(id));
    await favoriteDrops(strapi, { column: 'project_id', keyOf: (id) => id, values: dropped, change, told: toldOf, muted }, (found) => out.add(found), pause);
    const written = await out.done();
    await store.saveSeen(seenRows(), gone);
    return written;
  }

  return {
    /**
     * Matches `collection` unless alerts are off, another instance is matching (this instance's tick
     * comes back), or it (or a newer one) was matched already. How many alerts it wrote, or null when
     * it did not run.
     */
    async match(collection: ProjectCollection, now = Date.now()): Promise<number | null> {
      if (!alertSettings(strapi).enabled) return null;
      const matchedAlready = async () => {
        const last = (await meta().get({ key: 'matched' })) as { fetchedAt?: string } | null;
        return Boolean(last?.fetchedAt && Date.parse(last.fetchedAt) >= Date.parse(collection.fetchedAt));
      };
      // Read first, so the ticks of instances with nothing to match write no lease.
      if (await matchedAlready()) return null;
      const lease = await leases(strapi).tryAcquire(MATCH_LEASE, MATCH_LEASE_TTL_MS);
      if (!lease) return null;
      try {
        if (await matchedAlready()) return null;
        const written = await matchHolding(collection, now);
        await meta().set({ key: 'matched', value: { fetchedAt: collection.fetchedAt } });
        return written;
      } finally {
        await lease.release();
      }
    },
  };
}

export type AlertMatcher = ReturnType<typeof alertMatcher>;
