/**
 * Query of GET /api/v1/properties (issue 43): validated and normalised, or every bad parameter reported
 * together, read as every catalogue's query is (src/lib/catalogue/query-values.ts). `purpose` is required;
 * unknown parameters are ignored; messages come in the request's locale.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { readBbox, readNear, type Bbox, type LatLng } from '../../../lib/catalogue/geo-query';
import { parseMapWith, type MapQueryOf } from '../../../lib/catalogue/map-query';
import { isNumber, optionsOf, positiveInteger, several, single, valueOf, type RawQuery } from '../../../lib/catalogue/query-values';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import { isLongerThan } from '../../../lib/text-length';
import { emirateCode, type EmirateCode } from '../../../plugins/extsource/server/src/public';
import { CURRENCIES, queryOption, searchWords, type Currency } from '../../catalogues/services/vocabulary';
import { PURPOSES, type Purpose } from './listing';
import { LISTING_MESSAGES, type OwnList } from './messages';
import { DEFAULT_SORT, FACET_NAMES, FACETS, readOption, SORTS, type FacetName, type ListingSort } from './options';

export const DEFAULT_PER_PAGE = 16;
export const MAX_PER_PAGE = 100;
const MAX_TEXT = 100;

export interface ListingFilters {
  state_id?: EmirateCode;
  location?: string;
  min_price?: number;
  max_price?: number;
  min_area?: number;
  max_area?: number;
  property_type?: string[];
  bedrooms?: string[];
  bathrooms?: string[];
  furnishing?: string[];
  completion_status?: string[];
  bbox?: Bbox;
  /** Not a filter: the currency of the prices (cards, min/max price, the map's); AED when absent. */
  currency?: Currency;
}

/** The listing's sorts, and nearest first: only with `near`, as on the off-plan listing (decision 122). */
export type PageSort = ListingSort | 'distance';

export interface ListingQuery {
  purpose: Purpose;
  page: number;
  perPage: number;
  sort: PageSort;
  filters: ListingFilters;
  /** Not a filter: the point each card's `distance_km` is measured from, and `sort=distance`'s. */
  near?: LatLng;
}

export type ListingQueryResult = { ok: true; query: ListingQuery } | { ok: false; errors: FieldErrors };

const SHARED_LISTS: ReadonlySet<FacetName> = new Set(['property_type', 'bedrooms']);

/** A number range's two ends: each a number of at least 0, the max not below the min. */
function readRange(raw: RawQuery, [min, max]: readonly ['min_price', 'max_price'] | readonly ['min_area', 'max_area'], filters: ListingFilters, fail: (name: string, message: string) => void, locale: Locale) {
  const messages = LISTING_MESSAGES[locale];
  for (const name of [min, max]) {
    const value = single(raw, name);
    if (value === undefined) continue;
    if (value === null || !isNumber(value)) fail(name, name.endsWith('price') ? messages.price(name as 'min_price' | 'max_price') : messages.area(name as 'min_area' | 'max_area'));
    else filters[name] = Number(value);
  }
  const low = filters[min];
  const high = filters[max];
  if (low !== undefined && high !== undefined && low > high) fail(max, max === 'max_price' ? messages.priceOrder : messages.areaOrder);
}

/** `purpose`, required: sale or rent. */
function readPurpose(raw: RawQuery): Purpose | undefined {
  const purpose = single(raw, 'purpose')?.toLowerCase();
  return (PURPOSES as readonly string[]).includes(purpose ?? '') ? (purpose as Purpose) : undefined;
}

/** The query of GET /api/v1/properties/map: the listing's, with the bbox it needs and a zoom the bbox fits. */
export const parseListingMapQuery = (raw: RawQuery, locale: Locale = DEFAULT_LOCALE) => parseMapWith(raw, parseListingQuery(raw, locale), LISTING_MESSAGES[locale]);

export type ListingMapQuery = MapQueryOf<ListingQuery>;

/** The query of GET /api/v1/properties/filters: its purpose alone. */
export function parsePurpose(raw: RawQuery, locale: Locale = DEFAULT_LOCALE): { ok: true; purpose: Purpose } | { ok: false; errors: FieldErrors } {
  const purpose = readPurpose(raw);
  return purpose ? { ok: true, purpose } : { ok: false, errors: { purpose: [LISTING_MESSAGES[locale].purpose(PURPOSES.join(', '))] } };
}

export function parseListingQuery(raw: RawQuery, locale: Locale = DEFAULT_LOCALE): ListingQueryResult {
  const messages = LISTING_MESSAGES[locale];
  const errors: FieldErrors = {};
  const fail = (name: string, message: string) => (errors[name] = [message]);
  const filters: ListingFilters = {};

  const purpose = readPurpose(raw);
  if (!purpose) fail('purpose', messages.purpose(PURPOSES.join(', ')));

  const page = positiveInteger(raw, 'page');
  const perPage = positiveInteger(raw, 'per_page', MAX_PER_PAGE);
  const sort = single(raw, 'sort');
  if (page === null) fail('page', messages.page);
  if (perPage === null) fail('per_page', messages.perPage(MAX_PER_PAGE));
  const nearText = single(raw, 'near');
  const near = nearText === undefined ? undefined : nearText === null ? null : readNear(nearText);
  if (near === null) fail('near', messages.near);
  if (sort === 'distance') {
    if (nearText === undefined) fail('sort', messages.distanceSort);
  } else if (sort !== undefined && !(SORTS as readonly string[]).includes(sort ?? '')) {
    fail('sort', messages.sort(SORTS.join(', ')));
  }

  const state = valueOf(raw, 'state_id', emirateCode);
  if (state === null) fail('state_id', messages.stateId);
  else if (state) filters.state_id = state;

  readRange(raw, ['min_price', 'max_price'], filters, fail, locale);
  readRange(raw, ['min_area', 'max_area'], filters, fail, locale);

  for (const name of FACET_NAMES) {
    const items = several(raw, name);
    if (items === undefined) continue;
    const chosen = items && optionsOf<string>(items, readOption[name], FACETS[name]);
    const options = FACETS[name].join(', ');
    if (!chosen) fail(name, SHARED_LISTS.has(name) ? messages.list(name as 'property_type' | 'bedrooms', options) : messages.ownList(name as OwnList, options));
    else filters[name] = chosen;
  }

  const location = single(raw, 'location');
  if (location !== undefined) {
    const text = location?.replace(/\s+/g, ' ');
    if (!text || isLongerThan(text, MAX_TEXT) || searchWords(text).length === 0) fail('location', messages.location(MAX_TEXT));
    else filters.location = text;
  }

  const currency = valueOf(raw, 'currency', queryOption.currency);
  if (currency === null) fail('currency', messages.currency(CURRENCIES.join(', ')));
  else if (currency) filters.currency = currency;

  const bbox = valueOf(raw, 'bbox', readBbox);
  if (bbox === null) fail('bbox', messages.bbox);
  else if (bbox) filters.bbox = bbox;

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    query: {
      purpose: purpose!,
      page: page ?? 1,
      perPage: perPage ?? DEFAULT_PER_PAGE,
      sort: (sort as PageSort | undefined) ?? DEFAULT_SORT,
      filters,
      ...(near ? { near } : {}),
    },
  };
}
