/**
 * The query language of a defined catalogue (decision 220), described from its definition alone for the
 * catalogues' one query parser (src/lib/catalogue/engine/query.ts): each partition by its name (one
 * key), each facet by its name (its options, comma-separated), each range as `min_<name>` and
 * `max_<name>`, `location`, `bbox`, `sort` (one of its sorts), `page`, `per_page`; a map adds `zoom`. An
 * unknown parameter is refused, so a saved search or a page section never keeps a filter the catalogue
 * does not have. Its sentences are English in both languages: a definition gives no others.
 */
import type { Bbox } from '../../../lib/catalogue/geo-query';
import { builderControls, listParam, parameterNames, parseQuery, queryDescription, rangeParam, readElsewhere, valueParam, type QueryDescription, type QueryResultOf } from '../../../lib/catalogue/engine/query';
import { readBbox } from '../../../lib/catalogue/geo-query';
import { parseMapWith, type MapQueryOf } from '../../../lib/catalogue/map-query';
import type { RawQuery } from '../../../lib/catalogue/query-values';
import { DEFAULT_LOCALE } from '../../../lib/locale';
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

const SENTENCES = {
  unknown: (name: string) => `${name} is not a filter of this catalogue.`,
  once: (name: string) => `${name} must be given once.`,
  among: (name: string, options: string) => `${name} must be among: ${options}.`,
  number: (name: string) => `${name} must be a number of at least 0.`,
  bbox: 'bbox must be west,south,east,north.',
  sort: (sorts: string) => `sort must be one of: ${sorts}.`,
  page: 'page must be a whole number of at least 1.',
  perPage: (max: number) => `per_page must be a whole number from 1 to ${max}.`,
  zoom: (min: number, max: number) => `zoom must be a whole number from ${min} to ${max}.`,
  bboxRequired: 'bbox is required.',
  bboxSpan: (zoom: number, degrees: number) => `At zoom ${zoom}, bbox may span at most ${degrees} degrees.`,
};

type Sentences = typeof SENTENCES;

/** Any text, given once: a partition's key, a location's words. */
const anyText = (name: string) => valueParam<Sentences, string>(name, (text) => text, (m) => m.once(name));

/** Its list's description: the partitions, facets, ranges, location and bbox (its filters, in this order), then the sort and the page. */
function listDescription(definition: CatalogueDefinition<unknown>): QueryDescription<Sentences> {
  const sorts = Object.keys(definition.sorts);
  return queryDescription<Sentences>({
    messages: { en: SENTENCES, ar: SENTENCES },
    refuseUnknown: (m, name) => m.unknown(name),
    params: [
      ...Object.keys(definition.partitions).map(anyText),
      ...Object.entries(definition.facets).map(([name, { options }]) =>
        listParam<Sentences, string>(name, options, (item) => (options.includes(item) ? item : undefined), (m, list, joined) => m.among(list, joined)),
      ),
      ...Object.keys(definition.ranges).map((name) => rangeParam<Sentences, string>([`min_${name}`, `max_${name}`], (m, end) => m.number(end))),
      anyText('location'),
      valueParam<Sentences, 'bbox'>('bbox', readBbox, (m) => m.bbox),
      { kind: 'sort', sorts, defaultSort: sorts[0], message: (m, joined) => m.sort(joined) },
      { kind: 'page', message: (m) => m.page },
      { kind: 'perPage', defaultPerPage: PER_PAGE, maxPerPage: MAX_PER_PAGE, message: (m, max) => m.perPage(max) },
    ],
  });
}

/** A definition's query language, made once per service: its list's and map's parsers, and a saved search's form of a query. */
export function definedQueries(definition: CatalogueDefinition<unknown>) {
  const list = listDescription(definition);
  const map: QueryDescription<Sentences> = { ...list, params: [...list.params, readElsewhere('zoom')] };
  const names = parameterNames(list);
  const read = (description: QueryDescription<Sentences>, raw: RawQuery) => parseQuery<DefinedQuery, Sentences>(description, raw, DEFAULT_LOCALE);
  return {
    parse: (raw: RawQuery): QueryResultOf<DefinedQuery> => read(list, raw),
    /** Its controls in the editors' query builder. */
    controls: builderControls(list),
    parseMap: (raw: RawQuery): QueryResultOf<DefinedMapQuery> => parseMapWith(raw, read(map, raw), SENTENCES),
    /** The query as a saved search or a page section keeps it: its parameters in the description's order, defaults left out. */
    normalised({ filters, sort, page, perPage }: DefinedQuery): string {
      const params = new URLSearchParams();
      const given: Record<string, unknown> = { ...filters, bbox: filters.bbox?.join(','), sort: sort === Object.keys(definition.sorts)[0] ? undefined : sort, page: page === 1 ? undefined : page, per_page: perPage === PER_PAGE ? undefined : perPage };
      for (const name of names) {
        const value = given[name];
        if (value !== undefined) params.set(name, Array.isArray(value) ? value.join(',') : String(value));
      }
      return params.toString();
    },
  };
}

export type DefinedQueries = ReturnType<typeof definedQueries>;
