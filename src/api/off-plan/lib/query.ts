/**
 * Query of GET /api/v1/off-plan/projects (decisions 15-16, 19, 23): its description for the catalogues'
 * query engine (src/lib/catalogue/engine/query.ts), which reads it as every catalogue's query is read;
 * unknown parameters are ignored. Its own parameters are the project's name, the developer, the
 * completion year and the `amenities` and `area` lists; messages come in the request's locale.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { builderControls, listParam, paging, parseQuery, queryDescription, valueParam } from '../../../lib/catalogue/engine/query';
import type { Bbox, LatLng } from '../../../lib/catalogue/geo-query';
import { parseMapWith, type MapQueryOf } from '../../../lib/catalogue/map-query';
import { isInteger, type RawQuery } from '../../../lib/catalogue/query-values';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import type { EmirateCode } from '../../../plugins/extsource/server/src/public';
import { MAX_QUERY_TEXT, SHARED_QUERY_PARAMS as SHARED, type Bedrooms, type Currency, type PropertyType } from '../../catalogues/services/vocabulary';
import { AMENITIES, AREAS, projectQueryOption, type Amenity, type Area } from './options';
import { PROJECT_QUERY_MESSAGES, type ProjectQueryMessages } from './query-messages';

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

const PROJECT_QUERY = queryDescription<ProjectQueryMessages>({
  messages: PROJECT_QUERY_MESSAGES,
  params: [
    ...paging<ProjectQueryMessages>({ sorts: SORTS.map((option) => option.value), defaultSort: DEFAULT_SORT, defaultPerPage: DEFAULT_PER_PAGE, maxPerPage: MAX_PER_PAGE }),
    { kind: 'text', name: 'project_name', max: MAX_QUERY_TEXT, message: (m) => m.projectName(MAX_QUERY_TEXT) },
    valueParam('developer_id', (text) => (isInteger(text) && Number(text) >= 1 ? Number(text) : undefined), (m: ProjectQueryMessages) => m.developerId),
    valueParam('completion_year', (text) => (/^\d{4}$/.test(text) ? text : undefined), (m: ProjectQueryMessages) => m.completionYear),
    SHARED.state_id,
    SHARED.price,
    SHARED.property_type,
    SHARED.bedrooms,
    listParam('amenities', AMENITIES, projectQueryOption.amenities, (m: ProjectQueryMessages, name, options) => m.list(name, options)),
    listParam('area', AREAS, projectQueryOption.area, (m: ProjectQueryMessages, name, options) => m.list(name, options)),
    SHARED.area,
    SHARED.location,
    SHARED.bbox,
    SHARED.currency,
  ],
});

/** The editors' query builder's controls over this listing's query (decision 227). */
export const PROJECT_BUILDER_CONTROLS = builderControls(PROJECT_QUERY);

export const parseListingQuery = (raw: RawQuery, locale: Locale = DEFAULT_LOCALE): QueryResult => parseQuery<ListingQuery, ProjectQueryMessages>(PROJECT_QUERY, raw, locale);

/** The query of GET /api/v1/off-plan/projects/map (decision 121): the listing's, with the bbox it cannot do without and a zoom the bbox fits. */
export type MapQuery = MapQueryOf<ListingQuery>;

export const parseMapQuery = (raw: RawQuery, locale: Locale = DEFAULT_LOCALE) => parseMapWith(raw, parseListingQuery(raw, locale), PROJECT_QUERY_MESSAGES[locale]);
