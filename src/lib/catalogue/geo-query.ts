/**
 * The map's parameters, read as text (pure): `bbox=west,south,east,north` (degrees, the map's viewport),
 * `zoom` (a whole map zoom level) and `near=lat,lng` (decision 121). Each reader gives the value, or null
 * when the text is not one; the messages are each catalogue's own.
 */

/** West, south, east, north, in degrees. */
export type Bbox = [west: number, south: number, east: number, north: number];
/** Latitude, longitude, in degrees. */
export type LatLng = [lat: number, lng: number];

export const MIN_ZOOM = 0;
export const MAX_ZOOM = 20;
/**
 * The widest viewport a map at zoom z can show, in degrees on either axis: sixteen 256-pixel tiles
 * (4,096 px, a wide screen twice over), each 360 / 2^z degrees of longitude wide. Whole UAE (about 6
 * degrees) fits at zoom 7, the whole of Dubai at zoom 12; a bbox wider than this asks the map for more
 * than it can draw at that zoom (decision 121).
 */
export const VIEWPORT_TILES = 16;
export const maxSpan = (zoom: number) => Math.min(360, (360 * VIEWPORT_TILES) / 2 ** zoom);

/** A decimal number, signed, as typed in a URL (no exponent, no hex, no Infinity). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Comma-separated decimal numbers, exactly `count` of them (spaces around each allowed), or null. */
function numbers(text: string, count: number): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== count || !parts.every((part) => DECIMAL.test(part))) return null;
  const values = parts.map(Number);
  return values.every(Number.isFinite) ? values : null;
}

const isLatitude = (value: number) => value >= -90 && value <= 90;
const isLongitude = (value: number) => value >= -180 && value <= 180;

/**
 * Four numbers within ±180 (longitudes) and ±90 (latitudes), south ≤ north and west ≤ east: a viewport
 * across the antimeridian is not one (every catalogue's homes are in the UAE).
 */
export function readBbox(text: string): Bbox | null {
  const values = numbers(text, 4);
  if (!values) return null;
  const [west, south, east, north] = values;
  if (![west, east].every(isLongitude) || ![south, north].every(isLatitude) || south > north || west > east) return null;
  return [west, south, east, north];
}

/** A whole zoom level from MIN_ZOOM to MAX_ZOOM. */
export function readZoom(text: string): number | null {
  if (!/^\d{1,2}$/.test(text)) return null;
  const zoom = Number(text);
  return zoom >= MIN_ZOOM && zoom <= MAX_ZOOM ? zoom : null;
}

/** Latitude then longitude, within ±90 and ±180. */
export function readNear(text: string): LatLng | null {
  const values = numbers(text, 2);
  if (!values) return null;
  const [lat, lng] = values;
  return isLatitude(lat) && isLongitude(lng) ? [lat, lng] : null;
}

/** Whether the map can draw `bbox` at `zoom` (maxSpan on both axes). */
export function bboxFitsZoom([west, south, east, north]: Bbox, zoom: number): boolean {
  const span = maxSpan(zoom);
  return east - west <= span && north - south <= span;
}

/** The closest zoom, at most `upTo`, at which the map route takes `bbox` (maxSpan): the one to ask it for those items at. */
export function fittingZoom(bbox: Bbox, upTo = 14): number {
  let zoom = Math.min(upTo, MAX_ZOOM);
  while (zoom > MIN_ZOOM && !bboxFitsZoom(bbox, zoom)) zoom -= 1;
  return zoom;
}
