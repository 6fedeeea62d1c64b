/**
 * What a defined catalogue answers (decision 220), all by the engine from its index: a page of its list
 * (the search's total, facet counts and counts by emirate, and the page off the sort's order), its filters
 * (every option's count, each range's ends, the sorts), its map (the engine's clusters and markers), one
 * item with its similar items (the one similar ranking), and a page section's live result. Its prices are
 * the site's currency only.
 */
import { encodedSuccess, success } from '../../../lib/envelope';
import type { Bitset } from '../../../lib/catalogue/bitset';
import { currencyView } from '../../../lib/catalogue/engine/currency';
import { liveAnswer } from '../../../lib/catalogue/engine/live-result';
import { renderMapAnswer } from '../../../lib/catalogue/engine/map-answer';
import { matchSelection, pageItems } from '../../../lib/catalogue/engine/search';
import type { CatalogueViews } from '../../../lib/catalogue/engine/views';
import { perLocale } from '../../../lib/locale';
import type { EmirateCode } from '../../../plugins/extsource/server/src/public';
import { CATALOGUE_WORDS } from '../lib/catalogue-words';
import type { LiveResult } from '../lib/live-result';
import { SITE_CURRENCY } from '../lib/options';
import { countStates } from '../lib/state-counts';
import type { CatalogueDefinition } from './definition';
import { definedSelection, type DefinedIndex } from './defined-index';
import type { DefinedMapQuery, DefinedQuery } from './defined-query';

const json = (body: unknown) => Buffer.from(JSON.stringify(body));

/** The engine's views of a definition: the site's currency, its cards, its markers. */
export function definedViews(definition: CatalogueDefinition<unknown>): CatalogueViews<DefinedIndex, Pick<DefinedQuery, 'filters'>, string, Pick<LiveResult['figures'], 'completionYears' | 'developers'>> {
  const envelopes = perLocale(() => encodedSuccess(`The ${definition.name} on the map.`));
  const cardOf = (index: DefinedIndex, position: number) => JSON.parse(index.card(position).toString('utf8')) as Record<string, unknown>;
  const marker: CatalogueViews<DefinedIndex, unknown, string>['marker'] = {
    id: (index, position) => definition.id(index.items[position]),
    slug: (index, position) => index.slugs[position],
    ...Object.fromEntries(Object.entries(definition.marker).map(([field, value]) => [field, (index: DefinedIndex, position: number) => value(index.items[position], index.locale)])),
    price: (_index, _position, price) => price(),
  };
  return {
    siteCurrency: SITE_CURRENCY,
    priceRange: definition.priceRange,
    priceField: 'price',
    price: (index, position) => cardOf(index, position).price,
    priceIn: (index, position) => cardOf(index, position).price,
    card: cardOf,
    cardBytes: (index, position) => index.card(position),
    selection: (query, prices) => definedSelection(definition, query, prices),
    mapEnvelope: (index) => envelopes[index.locale],
    layerKey: ({ filters }) => JSON.stringify(filters),
    applied: ({ filters }) => filters,
    marker,
    priceOnRequest: (index) => CATALOGUE_WORDS[index.locale].priceOnRequest,
    sqft: (index, position) => definition.sqft(index.items[position]),
    figures: () => ({ completionYears: [], developers: [] }),
  };
}

export type DefinedViews = ReturnType<typeof definedViews>;

/** The index's own prices and cards (no other currency). */
const ownView = (index: DefinedIndex, views: DefinedViews) => currencyView(index, views, undefined, {});

/** Each facet's options with how many items each would match. */
const facetCounts = (definition: CatalogueDefinition<unknown>, counts: Record<string, number[]>) =>
  Object.fromEntries(Object.entries(definition.facets).map(([name, facet]) => [name, facet.options.map((value, i) => ({ value, count: counts[name][i] }))]));

export function renderDefinedPage(definition: CatalogueDefinition<unknown>, views: DefinedViews, index: DefinedIndex, query: DefinedQuery): Buffer {
  const view = ownView(index, views);
  const selection = views.selection(query, view.prices);
  const matched = matchSelection(index, selection);
  const items = pageItems(index, selection, matched, query).map((position) => JSON.parse(view.card(position).toString('utf8')) as unknown);
  const pages = Math.ceil(matched.total / query.perPage);
  return json(
    success({
      items,
      facets: facetCounts(definition, matched.facets),
      counts_by_state: countStates(index.states as Map<EmirateCode, Bitset>, index.locale, matched.stateWithin),
      applied: { ...query.filters, sort: query.sort },
      pagination: { page: query.page, per_page: query.perPage, total: matched.total, pages },
    })
  );
}

export function renderDefinedFilters(definition: CatalogueDefinition<unknown>, index: DefinedIndex): Buffer {
  const ranges = Object.fromEntries(
    Object.keys(definition.ranges).map((name) => {
      const { values, ascending, valued } = index.ranges[name];
      return [name, valued ? { min: values[ascending[0]], max: values[ascending[valued - 1]] } : { min: null, max: null }];
    })
  );
  return json(success({ total: index.items.length, facets: facetCounts(definition, index.facets), ranges, sorts: Object.keys(definition.sorts) }));
}

export const renderDefinedMap = (views: DefinedViews, index: DefinedIndex, query: DefinedMapQuery): Buffer => renderMapAnswer(index, views, ownView(index, views), query);

/** One item's answer: its detail and its similar items' cards, and the positions they are at. */
export function definedItemBody(definition: CatalogueDefinition<unknown>, index: DefinedIndex, position: number): { body: unknown; similar: number[] } {
  const similar = Array.from(index.similar.listOf(position));
  const detail = definition.detail(index.items[position], index.slugs[position], index.locale);
  return { body: success({ ...detail, similar: similar.map((at) => JSON.parse(index.card(at).toString('utf8')) as unknown) }), similar };
}

/** A page section's live result of a parsed query: its first `limit` cards, its figures and box. */
export function definedLive(views: DefinedViews, index: DefinedIndex, query: DefinedQuery, limit: number): LiveResult {
  return liveAnswer(index, views, ownView(index, views), { ...query, page: 1, perPage: limit });
}
