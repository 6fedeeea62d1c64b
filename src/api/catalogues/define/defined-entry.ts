/**
 * A defined catalogue as the registry of catalogues knows it (decision 204, 220): every reader (saved
 * searches and the alerts' matcher and sender, page sections, the sitemap, the search box) reads it
 * through its service, its queries by the one query parser (its description: defined-query.ts), its
 * matches by the engine.
 */
import type { Core } from '@strapi/strapi';
import { matchingSet } from '../../../lib/catalogue/engine/search';
import { perLocale, type Locale } from '../../../lib/locale';
import type { AlertItems, AlertSearch, CatalogueEntry } from '../lib/registry';
import { alertSearchOf, cardsByKey, countSelected, type ItemSelection } from '../lib/item-selection';
import { definedLive } from './defined-answers';
import { definedSelection, type DefinedIndex } from './defined-index';
import { definedIndexOf, surrogateKeysOf, type DefinedService } from './define-catalogue';

/** The keys a favourite's route accepts once read (decision 191): those a slug or an item's key can be. */
const ITEM_KEY = /^[A-Za-z0-9_.-]{1,100}$/;

const rawOf = (query: string) => Object.fromEntries(new URLSearchParams(query.replace(/^\?/, '')));

/** The items of `index` a stored query string selects, read by the catalogue's one query parser (prices in the site's currency). */
function selectableItems(service: DefinedService, index: DefinedIndex): ItemSelection {
  const { definition } = service;
  return {
    count: index.items.length,
    keyAt: (position) => definition.key(index.items[position]),
    positionOf: (key) => index.byKey.get(key),
    select(query) {
      const parsed = service.queries.parse(rawOf(query));
      return parsed.ok ? matchingSet(index, definedSelection(definition, parsed.query, index.ranges[definition.priceRange].values)) : null;
    },
  };
}

const alertSearch = (service: DefinedService, index: DefinedIndex): AlertSearch =>
  alertSearchOf(selectableItems(service, index), (position) => {
    const item = index.items[position];
    return { en: service.definition.title(item, 'en'), ar: service.definition.title(item, 'ar') };
  });

function alertItems(service: DefinedService, index: DefinedIndex): AlertItems {
  const prices = index.ranges[service.definition.priceRange].values;
  return {
    source: index,
    count: index.items.length,
    keyAt: (position) => service.definition.key(index.items[position]),
    priceAt: (position) => (Number.isNaN(prices[position]) ? null : prices[position]),
    recordAt: (position) => index.items[position],
    search: async () => alertSearch(service, index),
  };
}

/** The registry entry of a defined catalogue; `serviceOf`: its service in a Strapi (one per app). */
export function definedEntry(service: DefinedService, serviceOf: (strapi: Core.Strapi) => DefinedService): CatalogueEntry {
  const { definition } = service;
  const { name } = definition;
  const cardsOf = async (strapi: Core.Strapi, keys: readonly string[], locale: Locale) => {
    const index = await serviceOf(strapi).index(locale);
    return cardsByKey(keys, (key) => index.byKey.get(key), (position) => index.card(position));
  };
  return {
    name,
    spellings: definition.spellings,
    surrogateKey: surrogateKeysOf(definition).catalogue,
    cacheTag: definition.cacheTag,
    mapPath: `${definition.basePath}/map`,
    checkQuery(query) {
      const parsed = service.queries.parse(rawOf(query));
      return parsed.ok ? { ok: true, normalised: service.queries.normalised(parsed.query) } : parsed;
    },
    async live(strapi, query, locale, limit) {
      const parsed = service.queries.parse(rawOf(query));
      if (!parsed.ok) return null;
      const { views } = serviceOf(strapi);
      const index = await serviceOf(strapi).latestIndex(locale);
      return definedLive(views, index, parsed.query, limit);
    },
    listingUrl: (narrows, locale) => definition.listingUrl(narrows, locale),
    // A definition names its sorts and options, nothing more: each is its own label.
    builder: { controls: service.queries.controls, options: async () => ({}) },
    favourites: {
      kind: name,
      column: `${name}_key`,
      card: { key: 'key', list: 'items' },
      path: `${name}/:key`,
      keyPattern: ITEM_KEY,
      notFound: (key, locale) => definition.notFound(key.slice(0, 100), locale),
      cardsOf,
      async keyNamed(strapi, key, locale) {
        const found = await serviceOf(strapi).named(key, locale);
        return found && definition.key(found.index.items[found.position]);
      },
      // A definition's source keeps no items that left (its `gone` is empty).
      leftAt: async () => null,
    },
    alerts: {
      seenTable: `app_alert_seen_${name}`,
      lease: `alerts:match:${name}`,
      keyPrefix: `${name}:`,
      loaded(strapi) {
        const index = serviceOf(strapi).peekIndex('en');
        return index && alertItems(serviceOf(strapi), index);
      },
      earlier: (strapi, records) => alertItems(serviceOf(strapi), definedIndexOf(serviceOf(strapi), records)),
      async pages(strapi, locale) {
        const index = serviceOf(strapi).peekIndex(locale);
        return (key) => {
          const position = index?.byKey.get(key);
          return definition.itemUrl(position === undefined ? key : index!.slugs[position], locale);
        };
      },
      pricesFrom: false,
    },
    // Its items' website pages by their own URLs (itemUrl): the site's paths name no page of its.
    async sitemapPages(strapi) {
      const { items, slugs } = await serviceOf(strapi).read();
      return items.map((item) => {
        const slug = slugs.slugOf.get(definition.key(item)) ?? definition.key(item);
        return { urls: perLocale((locale) => definition.itemUrl(slug, locale)), lastModified: undefined };
      });
    },
    sitemap: { noindexTypes: [], related: async () => ({ pages: [], sections: [] }) },
    // A lead keeps a column and snapshot per kind (projects, listings): a defined catalogue's item is not one yet.
    enquiry: { kind: 'listing', find: async () => null },
    suggest: {
      async current(strapi) {
        await serviceOf(strapi).rebuilt();
        return serviceOf(strapi).index('en');
      },
      // eslint-disable-next-line require-yield
      *suggestibles(build) {
        const index = build as DefinedIndex;
        return { places: [], developers: [], items: [], count: (query: string) => countSelected(selectableItems(service, index), query) };
      },
    },
  };
}
