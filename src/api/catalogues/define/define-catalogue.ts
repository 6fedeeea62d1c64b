/**
 * `defineCatalogue` (decision 220): a catalogue from one definition (definition.ts). It gives what the
 * app mounts: the catalogue service (catalogue-service.ts, the homes' lifecycle: a read under the
 * definition's cache tag, slugs settled, the shared index and each locale's, kept answers, the fast lane's
 * lookups), the controller of its four routes, and the routes themselves (siteRoute: cache policy with its
 * surrogate keys, fast lane, asked at start); the registry entry is defined-entry.ts's.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { CACHE_LIFETIMES } from '../../../lib/cache';
import { ApiError, success } from '../../../lib/envelope';
import { declareSurrogateKey, ownEdgeHeaders } from '../../../lib/http-caching';
import { localized, requestLocale, type Locale } from '../../../lib/locale';
import { jsonRepresentation, Representation } from '../../../lib/representation';
import { sendRepresentation } from '../../../lib/send';
import { siteRoute } from '../../../lib/site-routes';
import { runSteps } from '../../../lib/catalogue/steps';
import type { CatalogueDescription } from '../services/catalogue-description';
import { appCatalogueDeps, createCatalogueService } from '../services/catalogue-service';
import type { CatalogueDefinition } from './definition';
import type { CatalogueDescriptor } from '../../../lib/catalogue/engine/descriptor';
import { definedItemBody, definedViews, renderDefinedFilters, renderDefinedMap, renderDefinedPage, type DefinedViews } from './defined-answers';
import { definedIndexBuild, definedIndexIn, engineDescriptor, type DefinedIndex, type SharedDefinedIndex } from './defined-index';
import { definedQueries, type DefinedMapQuery, type DefinedQueries, type DefinedQuery } from './defined-query';

interface Defined {
  item: unknown;
  gone: never;
  shared: SharedDefinedIndex;
  index: DefinedIndex;
  pageQuery: DefinedQuery;
  mapQuery: DefinedMapQuery;
  filtersKey: 'all';
  goneBody: never;
}

/** The Strapi API a defined catalogue is mounted as (`api::catalogue-<name>`), and its controller. */
export const apiNameOf = (definition: CatalogueDefinition<unknown>) => `catalogue-${definition.name}`;

/** The surrogate keys of its answers: the catalogue's (list, filters, map), every item's, one item's. */
export function surrogateKeysOf({ name }: CatalogueDefinition<unknown>) {
  return { catalogue: name, everyItem: `${name}-items`, item: (key: string) => `${name}-${encodeURIComponent(key)}` };
}

function describe(strapi: Core.Strapi, definition: CatalogueDefinition<unknown>, descriptor: CatalogueDescriptor<unknown>, views: DefinedViews, queries: DefinedQueries): CatalogueDescription<Defined> {
  const keys = surrogateKeysOf(definition);
  const controller = `api::${apiNameOf(definition)}.${definition.name}`;
  return {
    name: `${definition.name}: the catalogue's index`,
    cache: {
      tag: definition.cacheTag,
      options: { tags: [definition.cacheTag], lifetime: CACHE_LIFETIMES.states },
      read: `${definition.name}:catalogue`,
      shared: `${definition.name}:shared-index`,
      index: (locale: Locale) => localized(`${definition.name}:index`, locale),
    },
    source: {
      slugKind: `catalogue:${definition.name}`,
      items: () => definition.items(strapi),
      gone: async () => [],
      named: (item) => ({ owner: definition.key(item), name: definition.title(item, 'en') || definition.key(item) }),
      routeWords: new Set(['filters', 'map']),
    },
    sharedBuild: ({ items, slugs }) => definedIndexBuild(definition, descriptor, items, slugs.slugOf),
    localeIndex: (shared, locale) => definedIndexIn(definition, shared, locale),
    positions: {
      current: (index, key) => index.bySlug.get(key) ?? index.byKey.get(key),
      ofKey: (index, key) => index.byKey.get(key),
      ofId: (index, id) => index.byId.get(id),
      idAt: (index, position) => definition.id(index.items[position]),
    },
    pages: { parse: queries.parse, render: (index, query) => new Representation(renderDefinedPage(definition, views, index, query)) },
    maps: { parse: queries.parseMap, render: (index, query) => new Representation(renderDefinedMap(views, index, query)) },
    filters: { parse: () => 'all', render: (index) => new Representation(renderDefinedFilters(definition, index)) },
    item: {
      render(index, position) {
        const { body, similar } = definedItemBody(definition, index, position);
        const itemKeys = [keys.everyItem, ...[position, ...similar].map((at) => keys.item(definition.key(index.items[at])))];
        return jsonRepresentation(body, true, ownEdgeHeaders('provider', itemKeys));
      },
      stillGone: () => false,
      goneBody: () => undefined as never,
    },
    surrogateKeys: { catalogue: keys.catalogue, everyItem: keys.everyItem },
    lanes: { page: `${controller}.list`, map: `${controller}.map`, filters: `${controller}.filters`, item: `${controller}.item` },
  };
}

/** A defined catalogue's service: the one catalogue service on its description, the engine's views of it and its query language. */
export function definedService(strapi: Core.Strapi, definition: CatalogueDefinition<unknown>) {
  const descriptor = engineDescriptor(definition);
  const views = definedViews(definition);
  const queries = definedQueries(definition);
  const service = createCatalogueService(describe(strapi, definition, descriptor, views, queries), appCatalogueDeps(strapi));
  return Object.assign(service, { definition, views, descriptor, queries });
}

export type DefinedService = ReturnType<typeof definedService>;

/** The index of some items as an earlier match saw them (an alert's), in English, their keys as slugs. */
export const definedIndexOf = (service: DefinedService, items: unknown[]): DefinedIndex =>
  definedIndexIn(service.definition, runSteps(definedIndexBuild(service.definition, service.descriptor, items, new Map())), 'en');

function definedController(service: DefinedService) {
  const { definition, queries } = service;
  const invalid = (errors: Record<string, string[]>) => ApiError.validation(errors, 'The query has invalid values.');
  return {
    async list(ctx: Context) {
      const parsed = queries.parse(ctx.query);
      if (!parsed.ok) throw invalid(parsed.errors);
      sendRepresentation(ctx, await service.page(ctx.querystring, parsed.query, requestLocale(ctx.state)));
    },
    async map(ctx: Context) {
      const parsed = queries.parseMap(ctx.query);
      if (!parsed.ok) throw invalid(parsed.errors);
      sendRepresentation(ctx, await service.map(ctx.querystring, parsed.query, requestLocale(ctx.state)));
    },
    async filters(ctx: Context) {
      sendRepresentation(ctx, await service.filters('all', requestLocale(ctx.state)));
    },
    async item(ctx: Context) {
      const locale = requestLocale(ctx.state);
      const key = String(ctx.params.key);
      const found = await service.item(key, locale);
      if (!found || 'gone' in found) throw ApiError.notFound(definition.notFound(key.slice(0, 64), locale));
      if ('representation' in found) return sendRepresentation(ctx, found.representation);
      // A former slug: a client following Location gets the item.
      ctx.status = 301;
      ctx.set('Location', `${ctx.path.slice(0, ctx.path.lastIndexOf('/') + 1)}${encodeURIComponent(found.moved.slug)}${ctx.search}`);
      ctx.body = success({ id: found.moved.id, slug: found.moved.slug, canonical_url: definition.itemUrl(found.moved.slug, locale) }, 301);
    },
  };
}

/** The Strapi API of a defined catalogue: its four public routes beside their cache policy, and its controller. */
export function definedApi(service: DefinedService) {
  const { definition } = service;
  const keys = surrogateKeysOf(definition);
  declareSurrogateKey(keys.catalogue, definition.cacheTag);
  const policy = { kind: 'provider', surrogateKeys: [keys.catalogue] } as const;
  const handler = (action: string) => `${definition.name}.${action}`;
  const base = definition.basePath;
  const routes = [
    siteRoute({ path: base, handler: handler('list'), cache: policy, fastLane: true }),
    // Before /:key, which would otherwise take "filters" and "map" for slugs.
    siteRoute({ path: `${base}/filters`, handler: handler('filters'), cache: policy, fastLane: true }),
    siteRoute({ path: `${base}/map`, handler: handler('map'), cache: policy, fastLane: true, askedAtStart: false }),
    siteRoute({ path: `${base}/:key`, handler: handler('item'), cache: { kind: 'provider', surrogateKeys: [keys.everyItem] }, fastLane: true }),
  ];
  return {
    routes: { [definition.name]: { type: 'content-api', routes } },
    controllers: { [definition.name]: () => definedController(service) },
  };
}
