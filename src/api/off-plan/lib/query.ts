/**
 * Query of GET /api/v1/off-plan/projects (decisions 15-16, 19, 23): validated and normalised, or
 * every bad parameter reported together. An empty string (or a name without "=") counts as absent;
 * unknown parameters are ignored. The option lists (`property_type`, `bedrooms`, `amenities`, `area`)
 * may be repeated or comma-separated; any other parameter given twice is invalid.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { emirateCode, type EmirateCode } from '../../../plugins/extsource/server/src/public';
import {
  AMENITIES, AREAS, BEDROOMS, CURRENCIES, PROPERTY_TYPES, queryOption, searchWords,
  type Amenity, type Area, type Bedrooms, type Currency, type PropertyType,
} from './options';

export const SORTS = [
  { value: 'name_asc', label: 'Newest First' },
  { value: 'name_desc', label: 'Name (Z-A)' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'completion_asc', label: 'Completion (Earliest)' },
  { value: 'completion_desc', label: 'Completion (Latest)' },
] as const;

export type Sort = (typeof SORTS)[number]['value'];

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
  /** Not a filter: the currency of prices (cards, price range, min/max price); AED when absent. */
  currency?: Currency;
}

export interface ListingQuery {
  page: number;
  perPage: number;
  sort: Sort;
  filters: Filters;
}

export type QueryResult = { ok: true; query: ListingQuery } | { ok: false; errors: FieldErrors };

type Raw = Record<string, unknown>;

const INTEGER = /^\d+$/;
const NUMBER = /^\d+(\.\d+)?$/;
const MAX_TEXT = 100;

/** Digits that make an integer JavaScript holds exactly (a 400-digit page would be Infinity). */
const isInteger = (text: string) => INTEGER.test(text) && Number.isSafeInteger(Number(text));
const isNumber = (text: string) => NUMBER.test(text) && Number.isFinite(Number(text));

/** The parameter as one trimmed string, undefined when absent or empty, null when repeated or not text. */
function single(raw: Raw, name: string): string | undefined | null {
  const value = raw[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A repeatable, comma-separated parameter as its non-empty items; undefined when none, null when not text. */
function several(raw: Raw, name: string): string[] | undefined | null {
  const value = raw[name];
  const given = Array.isArray(value) ? value : [value];
  if (given.some((item) => item !== undefined && item !== null && typeof item !== 'string')) return null;
  const items = (given as Array<string | undefined | null>).flatMap((item) => (item ?? '').split(',')).map((item) => item.trim()).filter(Boolean);
  return items.length ? items : undefined;
}

/** The options named by a list parameter, once each and in the order of `options`; null when one is not an option. */
function optionsOf<T extends string>(items: string[], read: (item: string) => T | undefined, options: readonly T[]): T[] | null {
  const chosen = items.map(read);
  if (chosen.some((option) => option === undefined)) return null;
  return options.filter((option) => chosen.includes(option));
}

export function parseListingQuery(raw: Raw): QueryResult {
  const errors: FieldErrors = {};
  const fail = (name: string, message: string) => (errors[name] = [message]);
  const filters: Filters = {};

  const page = single(raw, 'page');
  const perPage = single(raw, 'per_page');
  const sort = single(raw, 'sort');
  if (page !== undefined && (page === null || !isInteger(page) || Number(page) < 1)) fail('page', 'The page must be an integer of at least 1.');
  if (perPage !== undefined && (perPage === null || !isInteger(perPage) || Number(perPage) < 1 || Number(perPage) > MAX_PER_PAGE)) {
    fail('per_page', `The per page must be an integer from 1 to ${MAX_PER_PAGE}.`);
  }
  if (sort !== undefined && !SORTS.some((option) => option.value === sort)) {
    fail('sort', `The sort must be one of: ${SORTS.map((option) => option.value).join(', ')}.`);
  }

  const projectName = single(raw, 'project_name');
  if (projectName === null || (projectName && projectName.length > MAX_TEXT)) fail('project_name', `The project name must be text of at most ${MAX_TEXT} characters.`);
  else if (projectName) filters.project_name = projectName;

  const developer = single(raw, 'developer_id');
  if (developer !== undefined) {
    if (developer === null || !isInteger(developer) || Number(developer) < 1) fail('developer_id', 'The developer id must be a positive integer.');
    else filters.developer_id = Number(developer);
  }

  const year = single(raw, 'completion_year');
  if (year !== undefined) {
    if (year === null || !/^\d{4}$/.test(year)) fail('completion_year', 'The completion year must be a four-digit year, e.g. 2027.');
    else filters.completion_year = year;
  }

  const state = single(raw, 'state_id');
  if (state !== undefined) {
    const code = state === null ? undefined : emirateCode(state);
    if (!code) fail('state_id', 'The state id must be an emirate code: AZ, AJ, DU, FU, RK, SH or UQ.');
    else filters.state_id = code;
  }

  for (const name of ['min_price', 'max_price'] as const) {
    const price = single(raw, name);
    if (price === undefined) continue;
    if (price === null || !isNumber(price)) fail(name, `The ${name.replace('_', ' ')} must be a number of at least 0.`);
    else filters[name] = Number(price);
  }
  if (filters.min_price !== undefined && filters.max_price !== undefined && filters.min_price > filters.max_price) {
    fail('max_price', 'The max price must be greater than or equal to the min price.');
  }

  const lists = [
    ['property_type', 'property type', PROPERTY_TYPES],
    ['bedrooms', 'bedrooms', BEDROOMS],
    ['amenities', 'amenities', AMENITIES],
    ['area', 'area', AREAS],
  ] as const;
  for (const [name, label, options] of lists) {
    const items = several(raw, name);
    if (items === undefined) continue;
    const chosen = items && optionsOf<string>(items, queryOption[name], options);
    if (!chosen) fail(name, `The ${label} must be one or more of ${options.join(', ')} (repeated or comma-separated).`);
    else (filters as Record<string, string[]>)[name] = chosen;
  }

  for (const name of ['min_area', 'max_area'] as const) {
    const area = single(raw, name);
    if (area === undefined) continue;
    if (area === null || !isNumber(area)) fail(name, `The ${name.replace('_', ' ')} must be a number of square feet of at least 0.`);
    else filters[name] = Number(area);
  }
  if (filters.min_area !== undefined && filters.max_area !== undefined && filters.min_area > filters.max_area) {
    fail('max_area', 'The max area must be greater than or equal to the min area.');
  }

  const location = single(raw, 'location');
  if (location !== undefined) {
    const text = location?.replace(/\s+/g, ' ');
    if (!text || text.length > MAX_TEXT || searchWords(text).length === 0) fail('location', `The location must be text of at most ${MAX_TEXT} characters, with letters or digits.`);
    else filters.location = text;
  }

  const currency = single(raw, 'currency');
  if (currency !== undefined) {
    const code = currency === null ? undefined : queryOption.currency(currency);
    if (!code) fail('currency', `The currency must be one of: ${CURRENCIES.join(', ')}.`);
    else filters.currency = code;
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    query: {
      page: page ? Number(page) : 1,
      perPage: perPage ? Number(perPage) : DEFAULT_PER_PAGE,
      sort: (sort as Sort | undefined) ?? DEFAULT_SORT,
      filters,
    },
  };
}
