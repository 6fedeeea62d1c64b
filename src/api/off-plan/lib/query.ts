/**
 * Query of GET /api/v1/off-plan/projects (decisions 15-16, 19, 23): validated and normalised, or
 * every bad parameter reported together, read as every catalogue's query is (query-values.ts); unknown
 * parameters are ignored. The option lists are `property_type`, `bedrooms`, `amenities` and `area`;
 * messages come in the request's locale.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { isInteger, isNumber, optionsOf, positiveInteger, several, single, valueOf, type RawQuery } from '../../../lib/catalogue/query-values';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import { isLongerThan } from '../../../lib/text-length';
import { emirateCode, type EmirateCode } from '../../../plugins/extsource/server/src/public';
import { BEDROOMS, CURRENCIES, PROPERTY_TYPES, searchWords, type Bedrooms, type Currency, type PropertyType } from '../../catalogues/services/vocabulary';
import { AMENITIES, AREAS, projectQueryOption, type Amenity, type Area } from './options';
import { PROJECT_QUERY_MESSAGES } from './query-messages';
import { readBbox, readNear, type Bbox, type LatLng } from '../../../lib/catalogue/geo-query';

export const SORTS = [
  { value: 'name_asc', label: 'Newest First' },
  { value: 'name_desc', label: 'Name (Z-A)' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'completion_asc', label: 'Completion (Earliest)' },
  { value: 'completion_desc', label: 'Completion (Latest)' },
] as const;

export type Sort = (typeof SORTS)[number]['value'];
/** The listing's sorts, and nearest first: only with `near` (decision 122), so not among the sort options. */
export type ListingSort = Sort | 'distance';

export const DEFAULT_SORT: Sort = 'name_asc';
export const DEFAULT_PER_PAGE = 16;
export const MAX_PER_PAGE = 100;

export interface Filters {
  project_name?: string;
  developer_id?: number;
  completion_year?: string;
  state_id?: EmirateCode;
  min_price?: number;
  max_price?: number;
  property_type?: PropertyType[];
  bedrooms?: Bedrooms[];
  amenities?: Amenity[];
  area?: Area[];
  min_area?: number;
  max_area?: number;
  location?: string;
  /** The map's viewport: projects whose coordinates are inside it (decision 122). */
  bbox?: Bbox;
  /** Not a filter: the currency of prices (cards, price range, min/max price); AED when absent. */
  currency?: Currency;
}

export interface ListingQuery {
  page: number;
  perPage: number;
  sort: ListingSort;
  filters: Filters;
  /** Not a filter: the point each card's `distance_km` is measured from, and `sort=distance`'s. */
  near?: LatLng;
}

export type QueryResult = { ok: true; query: ListingQuery } | { ok: false; errors: FieldErrors };

type Raw = RawQuery;

const MAX_TEXT = 100;

export function parseListingQuery(raw: Raw, locale: Locale = DEFAULT_LOCALE): QueryResult {
  const messages = PROJECT_QUERY_MESSAGES[locale];
  const errors: FieldErrors = {};
  const fail = (name: string, message: string) => (errors[name] = [message]);
  const filters: Filters = {};

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
  } else if (sort !== undefined && !SORTS.some((option) => option.value === sort)) {
    fail('sort', messages.sort(SORTS.map((option) => option.value).join(', ')));
  }

  const projectName = single(raw, 'project_name');
  if (projectName === null || (projectName && isLongerThan(projectName, MAX_TEXT))) fail('project_name', messages.projectName(MAX_TEXT));
  else if (projectName) filters.project_name = projectName;

  const developer = single(raw, 'developer_id');
  if (developer !== undefined) {
    if (developer === null || !isInteger(developer) || Number(developer) < 1) fail('developer_id', messages.developerId);
    else filters.developer_id = Number(developer);
  }

  const year = single(raw, 'completion_year');
  if (year !== undefined) {
    if (year === null || !/^\d{4}$/.test(year)) fail('completion_year', messages.completionYear);
    else filters.completion_year = year;
  }

  const state = valueOf(raw, 'state_id', emirateCode);
  if (state === null) fail('state_id', messages.stateId);
  else if (state) filters.state_id = state;

  for (const name of ['min_price', 'max_price'] as const) {
    const price = single(raw, name);
    if (price === undefined) continue;
    if (price === null || !isNumber(price)) fail(name, messages.price(name));
    else filters[name] = Number(price);
  }
  if (filters.min_price !== undefined && filters.max_price !== undefined && filters.min_price > filters.max_price) {
    fail('max_price', messages.priceOrder);
  }

  const lists = [
    ['property_type', PROPERTY_TYPES],
    ['bedrooms', BEDROOMS],
    ['amenities', AMENITIES],
    ['area', AREAS],
  ] as const;
  for (const [name, options] of lists) {
    const items = several(raw, name);
    if (items === undefined) continue;
    const chosen = items && optionsOf<string>(items, projectQueryOption[name], options);
    if (!chosen) fail(name, messages.list(name, options.join(', ')));
    else (filters as Record<string, string[]>)[name] = chosen;
  }

  for (const name of ['min_area', 'max_area'] as const) {
    const area = single(raw, name);
    if (area === undefined) continue;
    if (area === null || !isNumber(area)) fail(name, messages.area(name));
    else filters[name] = Number(area);
  }
  if (filters.min_area !== undefined && filters.max_area !== undefined && filters.min_area > filters.max_area) {
    fail('max_area', messages.areaOrder);
  }

  const location = single(raw, 'location');
  if (location !== undefined) {
    const text = location?.replace(/\s+/g, ' ');
    if (!text || isLongerThan(text, MAX_TEXT) || searchWords(text).length === 0) fail('location', messages.location(MAX_TEXT));
    else filters.location = text;
  }

  const bbox = valueOf(raw, 'bbox', readBbox);
  if (bbox === null) fail('bbox', messages.bbox);
  else if (bbox) filters.bbox = bbox;

  const currency = valueOf(raw, 'currency', projectQueryOption.currency);
  if (currency === null) fail('currency', messages.currency(CURRENCIES.join(', ')));
  else if (currency) filters.currency = currency;

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    query: {
      page: page ?? 1,
      perPage: perPage ?? DEFAULT_PER_PAGE,
      sort: (sort as ListingSort | undefined) ?? DEFAULT_SORT,
      filters,
      ...(near ? { near } : {}),
    },
  };
}
