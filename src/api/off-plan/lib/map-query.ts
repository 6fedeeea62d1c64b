/**
 * Query of GET /api/v1/off-plan/projects/map (decision 121): the listing's query (its parser, its
 * filters, its 422 messages) with a `bbox` it cannot do without and a `zoom` the bbox fits.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { DEFAULT_LOCALE, westernDigits, type Locale } from '../../../lib/locale';
import { bboxFitsZoom, maxSpan, MAX_ZOOM, MIN_ZOOM, readZoom, type Bbox } from '../../../lib/catalogue/geo-query';
import { parseListingQuery, type Filters } from './query';
import { QUERY_MESSAGES } from './query-messages';

export interface MapQuery {
  /** The listing's filters, `bbox` among them. */
  filters: Filters & { bbox: Bbox };
  zoom: number;
}

export type MapQueryResult = { ok: true; query: MapQuery } | { ok: false; errors: FieldErrors };

/** As the listing's parser reads it: absent, or only spaces. */
const absent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function parseMapQuery(raw: Record<string, unknown>, locale: Locale = DEFAULT_LOCALE): MapQueryResult {
  const messages = QUERY_MESSAGES[locale];
  const listing = parseListingQuery(raw, locale);
  const errors: FieldErrors = listing.ok ? {} : { ...listing.errors };
  const zoom = typeof raw.zoom === 'string' ? readZoom(westernDigits(raw.zoom).trim()) : null;
  if (zoom === null) errors.zoom = [messages.zoom(MIN_ZOOM, MAX_ZOOM)];
  if (absent(raw.bbox)) errors.bbox = [messages.bboxRequired];
  if (!listing.ok || zoom === null || errors.bbox) return { ok: false, errors };
  const { filters } = listing.query;
  if (!filters.bbox || !bboxFitsZoom(filters.bbox, zoom)) return { ok: false, errors: { bbox: [messages.bboxSpan(zoom, maxSpan(zoom))] } };
  return { ok: true, query: { filters: filters as MapQuery['filters'], zoom } };
}
