/**
 * The registry of catalogues (decision 204): one name per catalogue, the public spellings clients already
 * send as its aliases, the schemas' enums kept to them, and a third catalogue read by every caller once it
 * registers, with no change to the callers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueFavouriting, catalogueNamed, catalogues, catalogueSpelled, registerCatalogue, sectionSpellings, unregisterCatalogue, type CatalogueEntry } from '../../src/api/catalogues/services/registry';
import { pageTypes, sitePages } from '../../src/api/sitemap/sources';
import { sitemapSurrogateKeys } from '../../src/api/sitemap/routes/sitemap';
import searchRoutes from '../../src/api/search/routes/search';
import { suggestService } from '../../src/api/search/services/suggest';
import { suggest } from '../../src/api/search/lib/suggest-index';
import { readSavedSearch } from '../../src/api/account/services/saved-searches';
import { withFavoriteFlags } from '../../src/api/account/lib/favorite-flags';
import accountRoutes from '../../src/api/account/routes/account';
import { favouriteRouteOf } from '../../src/api/account/lib/favourite-route';
import { liveAsk } from '../../src/api/pages/lib/sections';
import { readerIn, sectionProblems } from '../../src/api/pages/services/page-writes';

// The composed pages and area guides are the pages domain's, read from Strapi: none here.
vi.mock('../../src/api/pages/services/pages', async (original) => ({
  ...(await original<typeof import('../../src/api/pages/services/pages')>()),
  pagesService: () => ({ sitemapPages: async () => [], areaGuides: async () => new Map() }),
}));

const enumOf = (file: string, attribute: string): string[] =>
  (JSON.parse(readFileSync(path.join(__dirname, '../../src', file), 'utf8')) as { attributes: Record<string, { enum: string[] }> }).attributes[attribute].enum;

/** Commercial units: a catalogue of offices and shops whose listing reads `use` and nothing else. */
const COMMERCIAL: CatalogueEntry = {
  name: 'commercial',
  spellings: [
    { spelling: 'offices', narrows: { use: 'office' } },
    { spelling: 'shops', narrows: { use: 'shop' } },
  ],
  surrogateKey: 'commercial',
  cacheTag: 'commercial-units',
  mapPath: '/v1/commercial/map',
  checkQuery: (query) => {
    const params = new URLSearchParams(query.replace(/^\?/, ''));
    const unknown = [...params.keys()].filter((name) => name !== 'use');
    return unknown.length ? { ok: false, errors: Object.fromEntries(unknown.map((name) => [name, [`${name} is not a filter of commercial units.`]])) } : { ok: true, normalised: params.toString() };
  },
  live: async () => null,
  listingUrl: (narrows) => `https://site/commercial/${narrows.use}`,
  builder: { controls: [{ kind: 'one', name: 'floor' }], options: async () => ({}) },
  favourites: {
    kind: 'unit', column: 'unit_reference', card: { key: 'unit_reference', list: 'units' }, path: 'units/:unitReference', keyPattern: /^U-[0-9]{1,6}$/,
    notFound: (key) => `No unit "${key}"`, cardsOf: async () => new Map(), keyNamed: async () => undefined, leftAt: async () => null,
  },
  alerts: {
    seenTable: 'app_alert_seen_units', lease: 'alerts:match:units', keyPrefix: 'unit:', loaded: () => undefined,
    earlier: () => { throw new Error('not matched here'); }, pages: async () => (reference) => reference, pricesFrom: false,
  },
  sitemapPages: async () => [{ kind: 'listing', params: { slug: 'office-12' }, lastModified: 1_700_000_000_000 }],
  sitemap: {
    landing: { kind: 'off-plan', types: ['api::commercial.page' as never], surrogateKey: 'commercial-page' },
    noindexTypes: [],
    related: async () => ({ pages: [{ kind: 'emirate', params: { state_id: 'DU' }, lastModified: undefined }], sections: [['buildings', [{ kind: 'developer', params: { slug: 'tower-one' }, lastModified: undefined }]]] }),
  },
  enquiry: { kind: 'listing', find: async () => null },
  suggest: {
    current: async () => 'the units of one sync',
    // eslint-disable-next-line require-yield
    *suggestibles() {
      return {
        places: [{ state_id: 'DU', city: 'Dubai', community: 'Business Bay', sub_community: '' }],
        developers: [],
        items: [],
        count: (query: string) => (query.includes('Business%20Bay') ? (query.startsWith('use=office') ? 3 : 1) : 0),
      };
    },
  },
};

/** Strapi as the sitemap and the search box reach it with no catalogue of its own registered: a project collection held, no page ever published. */
const bareStrapi = {
  plugin: () => ({ service: () => ({ collection: async () => ({}), peek: () => ({}) }) }),
  contentType: () => ({ attributes: {} }),
  documents: () => ({ findFirst: async () => null }),
  log: { warn: () => undefined },
} as unknown as Core.Strapi;

/** Runs `read` with COMMERCIAL the only catalogue registered, the others registered again after, in their order. */
async function withOnlyCommercial<T>(read: () => Promise<T>): Promise<T> {
  const others = [...catalogues()];
  for (const { name } of others) unregisterCatalogue(name);
  registerCatalogue(COMMERCIAL);
  try {
    return await read();
  } finally {
    unregisterCatalogue(COMMERCIAL.name);
    for (const entry of others) registerCatalogue(entry);
  }
}

describe('the registry of catalogues', () => {
  afterEach(() => unregisterCatalogue(COMMERCIAL.name));

  it('names each catalogue once, in the order registered, and resolves the spellings pages send', () => {
    expect(catalogues().map((entry) => entry.name)).toEqual(['projects', 'listings']);
    expect(sectionSpellings()).toEqual(['off_plan', 'sale', 'rent']);
    expect(catalogueSpelled('off_plan')).toMatchObject({ entry: { name: 'projects' }, narrows: {} });
    expect(catalogueSpelled('sale')).toMatchObject({ entry: { name: 'listings' }, narrows: { purpose: 'sale' } });
    expect(catalogueSpelled('rent')).toMatchObject({ entry: { name: 'listings' }, narrows: { purpose: 'rent' } });
    expect(catalogueNamed('listings')).toBe(catalogueSpelled('rent')!.entry);
    expect(catalogueFavouriting('project')).toBe(catalogueNamed('projects'));
    expect(catalogues().map(({ favourites }) => favourites.column)).toEqual(['project_id', 'listing_reference']);
    // Each caller keeps the values its clients send: a saved search names the catalogue, a section spells a part.
    expect(catalogueNamed('off_plan')).toBeUndefined();
    expect(catalogueSpelled('projects')).toBeUndefined();
  });

  it('is what the schemas store: a saved search\'s catalogue, a map\'s and figures\' catalogue', () => {
    expect(enumOf('api/account/content-types/saved-search/schema.json', 'catalogue')).toEqual(catalogues().map((entry) => entry.name));
    expect(enumOf('components/sections/map.json', 'catalogue')).toEqual(sectionSpellings());
    expect(enumOf('components/sections/figures.json', 'catalogue')).toEqual(sectionSpellings());
  });

  it('replaces an entry registered again where it stands (a Strapi started again in one process)', () => {
    registerCatalogue(COMMERCIAL);
    registerCatalogue(catalogueNamed('projects')!);
    expect(catalogues().map((entry) => entry.name)).toEqual(['projects', 'listings', 'commercial']);
  });

  it('lets a third catalogue be saved, shown and checked by registering its entry alone', () => {
    registerCatalogue(COMMERCIAL);
    expect(readSavedSearch({ name: 'Shops', catalogue: 'commercial', query: 'use=shop' }, 'en', false)).toEqual({
      ok: true, fields: { name: 'Shops', catalogue: 'commercial', query: 'use=shop', frequency: 'daily' },
    });
    expect(readSavedSearch({ name: 'Shops', catalogue: 'commercial', query: 'beds=2' }, 'en', false)).toEqual({ ok: false, errors: { 'query.beds': ['beds is not a filter of commercial units.'] } });
    expect(readSavedSearch({ name: 'x', catalogue: 'homes', query: 'a=1' }, 'en', false)).toEqual({
      ok: false, errors: { catalogue: ['The catalogue must be one of: projects, listings, commercial.'] },
    });

    expect(liveAsk({ __component: 'sections.figures', catalogue: 'shops', query: 'use=office&sort=price_asc&purpose=sale' })).toEqual({ catalogue: 'shops', query: 'sort=price_asc&use=shop', limit: 1 });
    const sections = [{ __component: 'sections.map', catalogue: 'offices', query: 'beds=2' }];
    expect(sectionProblems(sections, readerIn('en'))).toEqual([{ path: ['sections', '0', 'query'], message: 'beds: beds is not a filter of commercial units.', name: 'ValidationError' }]);

    // A buyer's favourite units flag its cards, beside the projects' and listings' (decision 214).
    const flagged = (answer: unknown) =>
      JSON.parse(withFavoriteFlags(Buffer.from(JSON.stringify(answer)), catalogues().map(({ favourites }) => ({ card: favourites.card, keys: new Set(favourites.kind === 'unit' ? ['U-2'] : ['U-1']) }))).toString());
    expect(flagged({ data: { units: { data: [{ id: 1, unit_reference: 'U-1' }, { id: 2, unit_reference: 'U-2' }] } } }).data.units.data).toEqual([
      { id: 1, unit_reference: 'U-1', is_favorited: false }, { id: 2, unit_reference: 'U-2', is_favorited: true },
    ]);

    unregisterCatalogue(COMMERCIAL.name);
    // Gone, a map that spelled it shows the first catalogue, as one that names none.
    expect(liveAsk({ __component: 'sections.map', catalogue: 'offices', query: '' })).toEqual({ catalogue: 'off_plan', query: '', limit: 1 });
  });

  it("routes a third catalogue's favourites to the one pair of handlers, the first catalogue's path kept bare (decision 219)", () => {
    const favouriteRoutes = () => accountRoutes().routes.filter(({ path }) => path.startsWith('/v1/me/favorites/'));
    const described = () => favouriteRoutes().map((route) => [route.method, route.path, route.handler, favouriteRouteOf(route)]);
    expect(described()).toEqual([
      ['PUT', '/v1/me/favorites/listings/:reference', 'favorites.put', { kind: 'listing', param: 'reference' }],
      ['DELETE', '/v1/me/favorites/listings/:reference', 'favorites.remove', { kind: 'listing', param: 'reference' }],
      ['PUT', '/v1/me/favorites/:projectId', 'favorites.put', { kind: 'project', param: 'projectId' }],
      ['DELETE', '/v1/me/favorites/:projectId', 'favorites.remove', { kind: 'project', param: 'projectId' }],
    ]);
    registerCatalogue(COMMERCIAL);
    expect(described().slice(2, 4)).toEqual([
      ['PUT', '/v1/me/favorites/units/:unitReference', 'favorites.put', { kind: 'unit', param: 'unitReference' }],
      ['DELETE', '/v1/me/favorites/units/:unitReference', 'favorites.remove', { kind: 'unit', param: 'unitReference' }],
    ]);
    // Every one is a signed-in buyer's.
    expect(favouriteRoutes().every((route) => route.config?.middlewares?.includes('api::account.signed-in'))).toBe(true);
  });

  it("gives the sitemap and the search box's cache keys a third catalogue's, once registered", () => {
    const suggestKeys = () => (searchRoutes.routes[0].config as { site: { cache: { surrogateKeys: readonly string[] } } }).site.cache.surrogateKeys;
    expect(suggestKeys()).toEqual(['projects', 'listings', 'pages']);
    registerCatalogue(COMMERCIAL);
    expect(pageTypes().map(([kind]) => kind)).toEqual(['luxury', 'contact', 'off-plan', 'off-plan']);
    expect(pageTypes().at(-1)).toEqual(['off-plan', ['api::commercial.page']]);
    expect(sitemapSurrogateKeys()).toEqual([
      'projects', 'listings', 'commercial',
      ...['', ':ar'].flatMap((suffix) => ['luxury', 'contact-page', 'offplan-page', 'commercial-page', 'pages'].map((key) => `${key}${suffix}`)),
    ]);
    expect(suggestKeys()).toEqual(['projects', 'listings', 'commercial', 'pages']);
  });

  it("lists a third catalogue's pages, related sections and own part in the sitemap from its entry alone", async () => {
    const sections = await withOnlyCommercial(() => sitePages(bareStrapi));
    expect(sections).toEqual([
      ['pages', [{ kind: 'emirate', params: { state_id: 'DU' }, lastModified: undefined }]],
      ['buildings', [{ kind: 'developer', params: { slug: 'tower-one' }, lastModified: undefined }]],
      ['commercial', [{ kind: 'listing', params: { slug: 'office-12' }, lastModified: 1_700_000_000_000 }]],
    ]);
  });

  it("suggests a third catalogue's places with its own counts, one per spelling, from its entry alone", async () => {
    const { index } = await withOnlyCommercial(() => suggestService(bareStrapi).current());
    const [found] = suggest(index, 'Business Bay', 5).communities;
    expect(index.items[found.item]).toMatchObject({ type: 'community', names: { en: 'Business Bay' }, counts: { offices: 3, shops: 1 } });
  });
});
