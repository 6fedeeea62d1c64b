/**
 * The query parameters every catalogue reads the same way, described for the query engine
 * (src/lib/catalogue/engine/query.ts) with their shared 422 sentences (query-messages.ts): the emirate,
 * the price and area ranges, the shared option lists, the location's words, the map's viewport and the
 * currency. A catalogue's description puts them in its order beside its own parameters.
 */
import { readBbox } from '../../../lib/catalogue/geo-query';
import { listParam, rangeParam, valueParam, type QueryParam } from '../../../lib/catalogue/engine/query';
import { emirateCode } from '../../../plugins/extsource/server/src/public';
import { BEDROOMS, CURRENCIES, PROPERTY_TYPES, queryOption, searchWords } from './options';
import type { QueryMessages } from './query-messages';

/** The longest text a text parameter takes. */
export const MAX_QUERY_TEXT = 100;

export const SHARED_QUERY_PARAMS = {
  state_id: valueParam<QueryMessages, 'state_id'>('state_id', emirateCode, (m) => m.stateId),
  price: rangeParam<QueryMessages, 'min_price' | 'max_price'>(['min_price', 'max_price'], (m, name) => m.price(name), (m) => m.priceOrder),
  area: rangeParam<QueryMessages, 'min_area' | 'max_area'>(['min_area', 'max_area'], (m, name) => m.area(name), (m) => m.areaOrder),
  property_type: listParam<QueryMessages, 'property_type'>('property_type', PROPERTY_TYPES, queryOption.property_type, (m, name, options) => m.list(name, options)),
  bedrooms: listParam<QueryMessages, 'bedrooms'>('bedrooms', BEDROOMS, queryOption.bedrooms, (m, name, options) => m.list(name, options)),
  location: { kind: 'words', name: 'location', max: MAX_QUERY_TEXT, words: searchWords, message: (m) => m.location(MAX_QUERY_TEXT) },
  bbox: valueParam<QueryMessages, 'bbox'>('bbox', readBbox, (m) => m.bbox),
  currency: valueParam<QueryMessages, 'currency'>('currency', queryOption.currency, (m) => m.currency(CURRENCIES.join(', '))),
} satisfies Record<string, QueryParam<QueryMessages>>;
