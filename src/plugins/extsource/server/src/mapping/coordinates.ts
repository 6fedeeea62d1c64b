/**
 * Coordinates in the UAE: latitude about 22 to 26.5, longitude 51 to 56.5. Providers send "lat,lng" and
 * sometimes "lng,lat"; the ranges tell which is which. Anything outside the UAE is treated as unknown.
 */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

const isLatitude = (value: number) => value >= 22 && value <= 26.5;
const isLongitude = (value: number) => value >= 51 && value <= 56.5;

export function uaeCoordinates(first: unknown, second?: unknown): Coordinates | null {
  let a: number;
  let b: number;
  if (second === undefined) {
    if (typeof first !== 'string') return null;
    const parts = first.split(/[,\s;]+/).filter(Boolean).map(Number);
    if (parts.length !== 2) return null;
    [a, b] = parts;
  } else {
    a = Number(first);
    b = Number(second);
  }
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  if (isLatitude(a) && isLongitude(b)) return { latitude: a, longitude: b };
  if (isLongitude(a) && isLatitude(b)) return { latitude: b, longitude: a };
  return null;
}
