/**
 * The match after each new set of sale and rent listings (issue 43), as the projects' (matcher.ts) after
 * each new collection: what changed since the last match (the listings as it saw them live in
 * app_alert_seen_listings), which saved searches of listings and favourite listings that concerns, and
 * their alerts written to the outbox with their told marks. Run by each instance's alert tick when its
 * listings' index is new, under the `alerts:match:listings` lease: a second run over the same listings
 * finds nothing changed. Each distinct saved query is read once, by the listing's own parser, and
 * matched on the listings' index now and on an index of the changed listings as they were.
 */
import { createHash } from 'crypto';
import type { Core } from '@strapi/strapi';
import { bitsetOf } from '../../../lib/catalogue/bitset';
import { leases } from '../../../lib/cluster/leases';
import { eachSliced, slicer } from '../../../plugins/extsource/server/src/public';
import { listingIndexOf, listingsMatching, type Listing, type ListingIndex } from '../../properties/services/listing-match';
import { listingItemKey, listingReferenceOf } from '../lib/alert-items';
import { searchAlerts } from '../lib/alert-matching';
import { changedIds, type ProjectChange, type ProjectState } from '../lib/alert-rules';
import { alertWriter, favoriteDrops, searchGroups } from './match-steps';
import { alertSettings } from './settings';
import { alertStore, type SeenRow } from './store';
import { LISTINGS_SEEN_TABLE } from './tables';

const MATCH_LEASE = 'alerts:match:listings';
const MATCH_LEASE_TTL_MS = 60_000;

/** What an alert compares: the price as the listing page compares it (AED), and everything else shown. */
const stateOf = (listing: Listing, price: number): ProjectState => ({
  price: Number.isNaN(price) ? null : price,
  fingerprint: createHash('sha1').update(JSON.stringify(listing)).digest('base64url'),
});

export function listingAlertMatcher(strapi: Core.Strapi) {
  const store = alertStore(strapi);

  async function matchHolding(index: ListingIndex, now: number): Promise<number> {
    const pause = slicer();
    const current = new Map<string, ProjectState>();
    await eachSliced(index.listings, (listing, position) => current.set(listingItemKey(listing.reference), stateOf(listing, index.price.values[position])), pause);
    const previous = await store.seenStates(LISTINGS_SEEN_TABLE);
    const gone = [...previous.keys()].filter((key) => !current.has(key));
    const changed = changedIds(previous, current);
    const position = (key: string) => index.byReference.get(listingReferenceOf(key)!)!;
    const seenRows = (): SeenRow[] => changed.map((key) => ({ project_id: key, ...current.get(key)!, record: JSON.stringify(index.listings[position(key)]) }));
    // The first match of a database has nothing to compare with: it only remembers the listings.
    if (previous.size === 0 || changed.length === 0) {
      await store.saveSeen(seenRows(), gone, LISTINGS_SEEN_TABLE);
      return 0;
    }

    const earlier = (await store.seenRecords(changed, LISTINGS_SEEN_TABLE)).map((record) => JSON.parse(record) as Listing);
    const before = listingIndexOf(earlier);
    const changedSet = bitsetOf(index.listings.length, changed.map(position));
    const beforeAll = bitsetOf(before.listings.length, before.listings.map((_, at) => at));
    const told = await store.toldOf(changed);
    const toldOf = (subject: string, key: string) => told.get(`${subject}|${key}`);
    const change = (key: string): ProjectChange => ({ price: current.get(key)!.price, previousPrice: previous.get(key)?.price ?? null });
    const namesOf = (key: string) => {
      const listing = index.listings[position(key)];
      return { en: listing.title, ar: listing.title_ar || listing.title };
    };
    const out = alertWriter(store, alertSettings(strapi).schedule, now, namesOf);

    const muted = await store.mutedSubjects();
    const groups = await searchGroups(strapi, 'listings', muted, pause);
    const keysOf = (of: ListingIndex, positions: number[] | null) => positions?.map((at) => listingItemKey(of.listings[at].reference)) ?? null;
    const steps = searchAlerts(groups, {
      matchesNow: (query) => keysOf(index, listingsMatching(strapi, index, query, changedSet)),
      matchedBefore: (query) => new Set(keysOf(before, listingsMatching(strapi, before, query, beforeAll))),
      change,
      told: toldOf,
    });
    for (let step = steps.next(); !step.done; step = steps.next()) {
      for (const found of step.value) await out.add(found);
      await pause();
    }

    // Favourites: a price drop of a listing that was on the market before.
    const dropped = changed.filter((key) => previous.has(key)).map((key) => listingReferenceOf(key)!);
    await favoriteDrops(strapi, { column: 'listing_reference', keyOf: listingItemKey, values: dropped, change, told: toldOf, muted }, (found) => out.add(found), pause);
    const written = await out.done();
    await store.saveSeen(seenRows(), gone, LISTINGS_SEEN_TABLE);
    return written;
  }

  return {
    /** Matches the listings of `index` unless alerts are off or another instance is matching; how many alerts it wrote, or null. */
    async match(index: ListingIndex, now = Date.now()): Promise<number | null> {
      if (!alertSettings(strapi).enabled) return null;
      const lease = await leases(strapi).tryAcquire(MATCH_LEASE, MATCH_LEASE_TTL_MS);
      if (!lease) return null;
      try {
        return await matchHolding(index, now);
      } finally {
        await lease.release();
      }
    },
  };
}
