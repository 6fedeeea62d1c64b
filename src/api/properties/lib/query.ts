/**
 * Query of GET /api/v1/properties (issue 43): its description for the catalogues' query engine
 * (src/lib/catalogue/engine/query.ts), which reads it as every catalogue's query is read. `purpose` is
 * required and the query's own field; bathrooms, furnishing and completion status are the listings' own
 * lists; unknown parameters are ignored; messages come in the request's locale.
 */
import type { FieldErrors } from '../../../lib/envelope';
import type { Bbox, LatLng } from '../../../lib/catalogue/geo-query';
import { builderControls, listParam, paging, parseQuery, queryDescription, valueParam } from '../../../lib/catalogue/engine/query';
import { parseMapWith, type MapQueryOf } from '../../../lib/catalogue/map-query';
import { valueOf, type RawQuery } from '../../../lib/catalogue/query-values';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import type { EmirateCode } from '../../../plugins/extsource/server/src/public';
import { SHARED_QUERY_PARAMS as SHARED, type Currency } from '../../catalogues/services/vocabulary';
import { PURPOSES, type Purpose } from './listing';
import { LISTING_MESSAGES, type ListingMessages } from './messages';
import { DEFAULT_SORT, FACETS, readOption, SORTS, type ListingSort } from './options';

export const DEFAULT_PER_PAGE = 16;
export const MAX_PER_PAGE = 100;

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

/** `purpose`, required: sale or rent, in any case. */
function purposeOf(text: string): Purpose | undefined {
  const purpose = text.toLowerCase();
  return (PURPOSES as readonly string[]).includes(purpose) ? (purpose as Purpose) : undefined;
}

/** A list of the listings' own, its options and reading theirs. */
const ownList = (name: 'bathrooms' | 'furnishing' | 'completion_status') =>
  listParam(name, FACETS[name], readOption[name], (m: ListingMessages, list, options) => m.ownList(list, options));

const LISTING_QUERY = queryDescription<ListingMessages>({
  messages: LISTING_MESSAGES,
  params: [
    valueParam('purpose', purposeOf, (m: ListingMessages) => m.purpose(PURPOSES.join(', ')), { required: true, top: true }),
    ...paging<ListingMessages>({ sorts: SORTS, defaultSort: DEFAULT_SORT, defaultPerPage: DEFAULT_PER_PAGE, maxPerPage: MAX_PER_PAGE }),
    SHARED.state_id,
    SHARED.price,
    SHARED.area,
    SHARED.property_type,
    SHARED.bedrooms,
    ownList('bathrooms'),
    ownList('furnishing'),
    ownList('completion_status'),
    SHARED.location,
    SHARED.currency,
    SHARED.bbox,
  ],
});

/** The editors' query builder's controls over this listing's query (decision 227). */
export const LISTING_BUILDER_CONTROLS = builderControls(LISTING_QUERY);

export const parseListingQuery = (raw: RawQuery, locale: Locale = DEFAULT_LOCALE): ListingQueryResult => parseQuery<ListingQuery, ListingMessages>(LISTING_QUERY, raw, locale);

/** The query of GET /api/v1/properties/map: the listing's, with the bbox it needs and a zoom the bbox fits. */
export const parseListingMapQuery = (raw: RawQuery, locale: Locale = DEFAULT_LOCALE) => parseMapWith(raw, parseListingQuery(raw, locale), LISTING_MESSAGES[locale]);

export type ListingMapQuery = MapQueryOf<ListingQuery>;

/** The query of GET /api/v1/properties/filters: its purpose alone. */
export function parsePurpose(raw: RawQuery, locale: Locale = DEFAULT_LOCALE): { ok: true; purpose: Purpose } | { ok: false; errors: FieldErrors } {
  const purpose = valueOf(raw, 'purpose', purposeOf);
  return purpose ? { ok: true, purpose } : { ok: false, errors: { purpose: [LISTING_MESSAGES[locale].purpose(PURPOSES.join(', '))] } };
}

