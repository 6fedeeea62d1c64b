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
import { projectsService } from '../../../lib/extsource';
import { eachSliced, slicer, type NormalisedProject, type ProjectCollection } from '../../../plugins/extsource/server/src/public';
import { ListingMatcher, listingMatcherOf } from '../../off-plan/services/listing-match';
import { offPlanService } from '../../off-plan/services/off-plan';
import { changedIds, favoriteAlert, favoritesSubject, searchSubject, type ProjectChange, type ProjectState } from '../lib/alert-rules';
import { groupByQuery, searchAlerts, type FoundAlert, type SearchSubject } from '../lib/alert-matching';
import { alertDueAt, type AlertFrequency, type DigestSchedule } from '../lib/alert-schedule';
import { alertSettings } from './settings';
import { eligibleBuyers } from './recipients';
import { alertStore, type NewAlert, type SeenRow, type ToldMark } from './store';

const SAVED_SEARCH_UID = 'api::account.saved-search';
const FAVORITE_UID = 'api::account.favorite';
const PAGE = 1000;
/** Alerts written per transaction. */
const FLUSH_AT = 500;
const MATCH_LEASE = 'alerts:match';
/** Renewed while the match runs: a holder that dies frees it within this. */
const MATCH_LEASE_TTL_MS = 60_000;

interface SavedSearchRow {
  id: number;
  name: string;
  query: string;
  frequency: AlertFrequency;
  buyer: { id: number } | null;
}

const stateOf = (project: NormalisedProject): ProjectState => ({
  price: project.price.starting_from ?? null,
  fingerprint: createHash('sha1').update(JSON.stringify(project)).digest('base64url'),
});

export function alertMatcher(strapi: Core.Strapi) {
  const store = alertStore(strapi);
  const meta = () => strapi.store({ type: 'core', name: 'alerts' });

  /** Every saved search, a page at a time. */
  async function savedSearches(): Promise<Array<SavedSearchRow & { buyerId: number }>> {
    const all: Array<SavedSearchRow & { buyerId: number }> = [];
    for (let lastId = 0; ; ) {
      const rows = (await strapi.db.query(SAVED_SEARCH_UID).findMany({
        select: ['id', 'name', 'query', 'frequency'], where: { id: { $gt: lastId } }, orderBy: { id: 'asc' }, limit: PAGE, populate: { buyer: { select: ['id'] } },
      })) as SavedSearchRow[];
      for (const row of rows) if (row.buyer) all.push({ ...row, buyerId: row.buyer.id });
      if (rows.length < PAGE) return all;
      lastId = rows[rows.length - 1].id;
    }
  }

  /** The current collection's matcher: the listing's own English index when it is of this collection. */
  async function currentMatcher(collection: ProjectCollection, rates: Record<string, number>): Promise<ListingMatcher> {
    const index = await offPlanService(strapi).projectIndex();
    return index.projects === collection.projects ? new ListingMatcher(index, rates) : listingMatcherOf(collection.projects, rates);
  }

  /** The alerts found, and their told marks, written a few hundred at a time. */
  function writer(schedule: DigestSchedule, now: number, namesOf: (projectId: string) => Record<string, string>) {
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
    const change = (id: string): ProjectChange => ({ price: current.get(id)!.price, previousPrice: previous.get(id)?.price ?? null });
    const out = writer(settings.schedule, now, (id) => matcher.names(matcher.positionOf(id)!));

    const searches = await savedSearches();
    const eligible = await eligibleBuyers(strapi, new Set(searches.map((search) => search.buyerId)), pause);
    const muted = await store.mutedSubjects();
    const subjects = searches.map((search): SearchSubject & { query: string } => ({
      subject: searchSubject(search.id), buyerId: search.buyerId, name: search.name, frequency: search.frequency, query: search.query,
    }));
    const groups = groupByQuery(subjects, (search) => !eligible.has(search.buyerId) || muted.has(search.subject));
    const steps = searchAlerts(groups, {
      matchesNow: (query) => matcher.matching(query, changedSet)?.map((position) => matcher.projects[position].id) ?? null,
      matchedBefore: (query) => new Set(before.matching(query, beforeAll)?.map((position) => before.projects[position].id)),
      change,
      told: (subject, id) => told.get(`${subject}|${id}`),
    });
    for (let step = steps.next(); !step.done; step = steps.next()) {
      for (const found of step.value) await out.add(found);
      await pause();
    }

    // Favourites: a price drop of a project that was listed before.
    const dropped = changed.filter((id) => previous.has(id));
    for (let start = 0; start < dropped.length; start += PAGE) {
      const favorites = (await strapi.db.query(FAVORITE_UID).findMany({
        select: ['id', 'project_id'], where: { project_id: { $in: dropped.slice(start, start + PAGE) } }, populate: { buyer: { select: ['id'] } },
      })) as Array<{ project_id: string; buyer: { id: number } | null }>;
      const buyers = await eligibleBuyers(strapi, new Set(favorites.flatMap((favorite) => (favorite.buyer ? [favorite.buyer.id] : []))), pause);
      for (const favorite of favorites) {
        if (!favorite.buyer || !buyers.has(favorite.buyer.id)) continue;
        const subject = favoritesSubject(favorite.buyer.id);
        if (muted.has(subject)) continue;
        const projectChange = change(favorite.project_id);
        const kind = favoriteAlert(projectChange, told.get(`${subject}|${favorite.project_id}`));
        if (!kind) continue;
        await out.add({
          subject, buyerId: favorite.buyer.id, name: null, frequency: 'instant', projectId: favorite.project_id,
          kind, price: projectChange.price, previousPrice: projectChange.previousPrice,
        });
      }
    }
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
