/**
 * A catalogue's map query (decision 121): its list's query (that parser, those filters, those 422
 * messages) with a `bbox` it cannot do without and a `zoom` the bbox fits. Pure; the catalogue gives
 * its list's parse and the three sentences.
 */
import type { FieldErrors } from '../envelope';
import { westernDigits } from '../locale';
import { bboxFitsZoom, maxSpan, MAX_ZOOM, MIN_ZOOM, readZoom, type Bbox } from './geo-query';

export interface MapMessages {
  zoom(min: number, max: number): string;
  bboxRequired: string;
  bboxSpan(zoom: number, degrees: number): string;
}

type Parsed<Q> = { ok: true; query: Q } | { ok: false; errors: FieldErrors };

export type MapQueryOf<Q extends { filters: { bbox?: Bbox } }> = Q & { filters: Q['filters'] & { bbox: Bbox }; zoom: number };

/** As a list's parser reads it: absent, or only spaces. */
const absent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The map's query from the raw query and the list's parse of it: every bad value named together. */
export function parseMapWith<Q extends { filters: { bbox?: Bbox } }>(raw: Record<string, unknown>, list: Parsed<Q>, messages: MapMessages): Parsed<MapQueryOf<Q>> {
  const errors: FieldErrors = list.ok ? {} : { ...list.errors };
  const zoom = typeof raw.zoom === 'string' ? readZoom(westernDigits(raw.zoom).trim()) : null;
  if (zoom === null) errors.zoom = [messages.zoom(MIN_ZOOM, MAX_ZOOM)];
  if (absent(raw.bbox)) errors.bbox = [messages.bboxRequired];
  if (!list.ok || zoom === null || errors.bbox) return { ok: false, errors };
  const { bbox } = list.query.filters;
  if (!bbox || !bboxFitsZoom(bbox, zoom)) return { ok: false, errors: { bbox: [messages.bboxSpan(zoom, maxSpan(zoom))] } };
  return { ok: true, query: { ...list.query, zoom } as MapQueryOf<Q> };
}
