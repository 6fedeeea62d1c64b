/**
 * The buyers' alerts over the registry of catalogues (decision 213): a third catalogue (commercial units)
 * registers an entry and gets its saved searches' alerts and its favourites' price drops matched, its own
 * seen table, and its items' links and e-mail lines, with no change to the matcher, the sender or the
 * tables. The database is faked: the alerts' store in memory, the saved searches, buyers and favourites
 * as the matcher reads them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '@strapi/strapi';
import { bitsetOf, has } from '../../src/lib/catalogue/bitset';
import { catalogueAlerting, catalogueNamed, registerCatalogue, unregisterCatalogue, type AlertItems, type CatalogueAlerts, type CatalogueEntry } from '../../src/api/catalogues/services/registry';
import { alertMatcher } from '../../src/api/account/alerts/matcher';
import { alertModels } from '../../src/api/account/alerts/tables';
import { BUYER_ROLE_TYPE, USER_UID } from '../../src/api/account/services/buyer';
import type { NewAlert, SeenRow } from '../../src/api/account/alerts/store';

const seen = new Map<string, Map<string, SeenRow>>();
const written: NewAlert[] = [];

vi.mock('../../src/lib/cluster/leases', () => ({
  leases: () => ({ tryAcquire: async () => ({ held: () => true, release: async () => undefined }) }),
}));
vi.mock('../../src/api/account/alerts/store', () => ({
  alertStore: () => {
    const table = (name: string) => seen.get(name) ?? seen.set(name, new Map()).get(name)!;
    return {
      seenStates: async (name: string) => new Map([...table(name)].map(([key, row]) => [key, { price: row.price, fingerprint: row.fingerprint }])),
      seenRecords: async (keys: readonly string[], name: string) => keys.flatMap((key) => (table(name).has(key) ? [table(name).get(key)!.record] : [])),
      saveSeen: async (changed: readonly SeenRow[], gone: readonly string[], name: string) => {
        for (const key of gone) table(name).delete(key);
        for (const row of changed) table(name).set(row.project_id, row);
      },
      toldOf: async () => new Map(),
      record: async (alerts: readonly NewAlert[]) => void written.push(...alerts),
      mutedSubjects: async () => new Set<string>(),
    };
  },
}));

interface Unit {
  reference: string;
  title: string;
  use: 'office' | 'shop';
  price: number;
}

let units: Unit[] = [];

function unitItems(list: Unit[]): AlertItems {
  const positionOf = new Map(list.map((unit, position) => [unit.reference, position]));
  return {
    source: list,
    count: list.length,
    keyAt: (position) => list[position].reference,
    priceAt: (position) => list[position].price,
    recordAt: (position) => list[position],
    search: async () => ({
      names: (reference) => ({ en: list[positionOf.get(reference)!].title, ar: list[positionOf.get(reference)!].title }),
      setOf: (references) => bitsetOf(list.length, references ? references.map((reference) => positionOf.get(reference)!) : list.keys()),
      matching(query, within) {
        const use = new URLSearchParams(query).get('use');
        if (!use) return null;
        return list.flatMap((unit, position) => (unit.use === use && has(within, position) ? [unit.reference] : []));
      },
    }),
  };
}

const UNIT_ALERTS: CatalogueAlerts = {
  seenTable: 'app_alert_seen_units',
  lease: 'alerts:match:units',
  keyPrefix: 'unit:',
  loaded: () => unitItems(units),
  earlier: (_strapi, records) => unitItems(records as Unit[]),
  pages: async (_strapi, locale) => (reference) => `https://site.test/${locale}/commercial/${reference}`,
  pricesFrom: false,
};

/** Commercial units as the registry knows them: only `alerts` and the favourites' column are read here. */
const COMMERCIAL = {
  name: 'commercial',
  spellings: [{ spelling: 'offices', narrows: { use: 'office' } }],
  favourites: { kind: 'unit', column: 'unit_reference', card: { key: 'unit_reference', list: 'units' } },
  alerts: UNIT_ALERTS,
} as unknown as CatalogueEntry;

const buyer = { id: 7, email: 'b@example.com', language: 'en', confirmed: true, blocked: false, marketing_consent: true, role: { type: BUYER_ROLE_TYPE } };

/** The saved searches, buyers and favourites as the matcher's queries read them. */
function fakeStrapi(): Core.Strapi {
  const rows: Record<string, (where: Record<string, any>) => unknown[]> = {
    'api::account.saved-search': (where) =>
      where.catalogue === 'commercial' && where.id.$gt === 0 ? [{ id: 1, name: 'Offices', query: 'use=office', frequency: 'instant', buyer: { id: buyer.id } }] : [],
    [USER_UID]: (where) => (where.id.$in.includes(buyer.id) ? [buyer] : []),
    'api::account.favorite': (where) => (where.unit_reference?.$in.includes('U1') ? [{ id: 3, unit_reference: 'U1', buyer: { id: buyer.id } }] : []),
  };
  const config: Record<string, unknown> = { 'alerts.unsubscribeSecret': 'secret', 'alerts.digestHour': 8, 'alerts.digestWeekday': 1, 'alerts.timeZone': 'UTC' };
  return {
    config: { get: (key: string, fallback?: unknown) => config[key] ?? fallback },
    db: { query: (uid: string) => ({ findMany: async ({ where }: { where: Record<string, any> }) => rows[uid](where) }) },
  } as unknown as Core.Strapi;
}

describe('a third catalogue\'s alerts', () => {
  beforeEach(() => {
    seen.clear();
    written.length = 0;
    registerCatalogue(COMMERCIAL);
  });
  afterEach(() => unregisterCatalogue(COMMERCIAL.name));

  it('matches its saved searches and favourites from its entry alone, in its own seen table', async () => {
    const strapi = fakeStrapi();
    const entry = catalogueNamed('commercial')!;
    units = [{ reference: 'U1', title: 'Bay Office', use: 'office', price: 2_000_000 }];
    // The first match only remembers the units.
    expect(await alertMatcher(strapi).match(entry, entry.alerts.loaded(strapi)!)).toBe(0);
    expect([...seen.get('app_alert_seen_units')!.keys()]).toEqual(['unit:U1']);

    units = [
      { reference: 'U1', title: 'Bay Office', use: 'office', price: 1_800_000 },
      { reference: 'U2', title: 'Creek Office', use: 'office', price: 3_000_000 },
      { reference: 'U3', title: 'Marina Shop', use: 'shop', price: 900_000 },
    ];
    expect(await alertMatcher(strapi).match(entry, entry.alerts.loaded(strapi)!)).toBe(3);
    expect(written.map(({ subject, project_id, kind, price, previous_price, project_names }) => ({ subject, project_id, kind, price, previous_price, name: project_names.en }))).toEqual([
      { subject: 'search:1', project_id: 'unit:U1', kind: 'price_drop', price: 1_800_000, previous_price: 2_000_000, name: 'Bay Office' },
      { subject: 'search:1', project_id: 'unit:U2', kind: 'new', price: 3_000_000, previous_price: null, name: 'Creek Office' },
      { subject: 'favorites:7', project_id: 'unit:U1', kind: 'price_drop', price: 1_800_000, previous_price: 2_000_000, name: 'Bay Office' },
    ]);
    expect([...seen.get('app_alert_seen_units')!.keys()]).toEqual(['unit:U1', 'unit:U2', 'unit:U3']);
    // The same units matched again tell nothing new.
    expect(await alertMatcher(strapi).match(entry, entry.alerts.loaded(strapi)!)).toBe(0);
    expect(written).toHaveLength(3);
  });

  it('has its seen table among the alerts\' tables, and its items\' keys resolved to it for their links', async () => {
    expect(alertModels().map((model) => model.tableName)).toContain('app_alert_seen_units');
    expect(catalogueAlerting('unit:U2')).toMatchObject({ entry: { name: 'commercial' }, own: 'U2' });
    expect(catalogueAlerting('listing:R1')).toMatchObject({ entry: { name: 'listings' }, own: 'R1' });
    expect(catalogueAlerting('2817')).toMatchObject({ entry: { name: 'projects' }, own: '2817' });
  });
});
