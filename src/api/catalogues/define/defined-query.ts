/**
 * The query language of a defined catalogue (decision 220), made from its definition alone: `page`,
 * `per_page`, `sort` (one of its sorts), each facet by its name (options, comma-separated), each partition
 * by its name (one key), each range as `min_<name>` and `max_<name>`, `location` (words), `bbox`; a map
 * adds `zoom`. Every bad parameter is named with its reason; an unknown one is refused, so a saved search
 * or a page section never keeps a filter the catalogue does not have.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { readBbox, type Bbox } from '../../../lib/catalogue/geo-query';
import { parseMapWith, type MapQueryOf } from '../../../lib/catalogue/map-query';
import { isNumber, positiveInteger, several, single, type RawQuery } from '../../../lib/catalogue/query-values';
import type { CatalogueDefinition } from './definition';

export const PER_PAGE = 12;
export const MAX_PER_PAGE = 50;

/** A parsed query: its filters by parameter name (the map clusters by all but the bbox), its sort and page. */
export interface DefinedQuery {
  filters: Record<string, string | number | string[] | undefined> & { bbox?: Bbox };
  sort: string;
  page: number;
  perPage: number;
}

export type DefinedMapQuery = MapQueryOf<DefinedQuery>;

type Parsed<Q> = { ok: true; query: Q } | { ok: false; errors: FieldErrors };

/** The parameters a definition reads, in the order a normalised query names them. */
export function parameterNames(definition: CatalogueDefinition<unknown>): string[] {
  const ranges = Object.keys(definition.ranges).flatMap((name) => [`min_${name}`, `max_${name}`]);
  return [...Object.keys(definition.partitions), ...Object.keys(definition.facets), ...ranges, 'location', 'bbox', 'sort', 'page', 'per_page'];
}

export function parseDefinedQuery(definition: CatalogueDefinition<unknown>, raw: RawQuery, extra: readonly string[] = []): Parsed<DefinedQuery> {
  const errors: FieldErrors = {};
  const known = new Set([...parameterNames(definition), ...extra]);
  for (const name of Object.keys(raw)) if (!known.has(name)) errors[name] = [`${name} is not a filter of this catalogue.`];
  const filters: DefinedQuery['filters'] = {};
  for (const name of Object.keys(definition.partitions)) {
    const value = single(raw, name);
    if (value === null) errors[name] = [`${name} must be given once.`];
    else filters[name] = value;
  }
  for (const [name, facet] of Object.entries(definition.facets)) {
    const items = several(raw, name);
    const unknown = items?.find((item) => !facet.options.includes(item));
    if (items === null || unknown !== undefined) errors[name] = [`${name} must be among: ${facet.options.join(', ')}.`];
    else if (items) filters[name] = facet.options.filter((option) => items.includes(option));
  }
  for (const end of Object.keys(definition.ranges).flatMap((name) => [`min_${name}`, `max_${name}`])) {
    const text = single(raw, end);
    if (text === null || (text !== undefined && !isNumber(text))) errors[end] = [`${end} must be a number of at least 0.`];
    else if (text !== undefined) filters[end] = Number(text);
  }
  const location = single(raw, 'location');
  if (location === null) errors.location = ['location must be given once.'];
  else filters.location = location;
  const bboxText = single(raw, 'bbox');
  const bbox = typeof bboxText === 'string' ? readBbox(bboxText) : bboxText;
  if (bbox === null) errors.bbox = ['bbox must be west,south,east,north.'];
  else if (bbox) filters.bbox = bbox;
  const sorts = Object.keys(definition.sorts);
  const sort = single(raw, 'sort') ?? sorts[0];
  if (sort === null || !sorts.includes(sort)) errors.sort = [`sort must be one of: ${sorts.join(', ')}.`];
  const page = positiveInteger(raw, 'page');
  if (page === null) errors.page = ['page must be a whole number of at least 1.'];
  const perPage = positiveInteger(raw, 'per_page', MAX_PER_PAGE);
  if (perPage === null) errors.per_page = [`per_page must be a whole number from 1 to ${MAX_PER_PAGE}.`];
  if (Object.keys(errors).length) return { ok: false, errors };
  for (const name of Object.keys(filters)) if (filters[name] === undefined) delete filters[name];
  return { ok: true, query: { filters, sort: sort!, page: page ?? 1, perPage: perPage ?? PER_PAGE } };
}

const MAP_MESSAGES = {
  zoom: (min: number, max: number) => `zoom must be a whole number from ${min} to ${max}.`,
  bboxRequired: 'bbox is required.',
  bboxSpan: (zoom: number, degrees: number) => `At zoom ${zoom}, bbox may span at most ${degrees} degrees.`,
};

export const parseDefinedMapQuery = (definition: CatalogueDefinition<unknown>, raw: RawQuery): Parsed<DefinedMapQuery> =>
  parseMapWith(raw, parseDefinedQuery(definition, raw, ['zoom']), MAP_MESSAGES);

/** The query as a saved search or a page section keeps it: its parameters in the definition's order. */
export function normalisedQuery(definition: CatalogueDefinition<unknown>, { filters, sort, page, perPage }: DefinedQuery): string {
  const params = new URLSearchParams();
  const given: Record<string, unknown> = { ...filters, bbox: filters.bbox?.join(','), sort: sort === Object.keys(definition.sorts)[0] ? undefined : sort, page: page === 1 ? undefined : page, per_page: perPage === PER_PAGE ? undefined : perPage };
  for (const name of parameterNames(definition)) {
    const value = given[name];
    if (value !== undefined) params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}
