/**
 * Query of GET /api/v1/off-plan/projects/map (decision 121): the catalogue's map query
 * (src/lib/catalogue/map-query.ts) over the off-plan listing's.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import type { Bbox } from '../../../lib/catalogue/geo-query';
import { parseMapWith } from '../../../lib/catalogue/map-query';
import { parseListingQuery, type Filters } from './query';
import { PROJECT_QUERY_MESSAGES } from './query-messages';

export interface MapQuery {
  /** The listing's filters, `bbox` among them. */
  filters: Filters & { bbox: Bbox };
  zoom: number;
}

export type MapQueryResult = { ok: true; query: MapQuery } | { ok: false; errors: FieldErrors };

export function parseMapQuery(raw: Record<string, unknown>, locale: Locale = DEFAULT_LOCALE): MapQueryResult {
  const parsed = parseMapWith(raw, parseListingQuery(raw, locale), PROJECT_QUERY_MESSAGES[locale]);
  return parsed.ok ? { ok: true, query: { filters: parsed.query.filters, zoom: parsed.query.zoom } } : parsed;
}
