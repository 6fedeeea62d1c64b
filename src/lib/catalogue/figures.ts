/**
 * What a page's live figures say of some items of a catalogue (decision 168): how many, the cheapest and
 * dearest price, the median price per square foot, and where they are on a map. Pure, no domain: each
 * catalogue hands in its prices and sizes.
 */
import type { Bbox } from './geo-query';
import type { CatalogueGeo } from './map-layer';

export interface PriceFigures {
  count: number;
  /** The cheapest and dearest comparable price; null when none has one. */
  min: number | null;
  max: number | null;
  /** The median of price ÷ size over the items that have both; null when none has. */
  medianPerSqft: number | null;
}

/** The median of `values` (sorted here), or null when there are none. */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  values.sort((a, b) => a - b);
  const middle = values.length >> 1;
  return values.length % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

/** `prices`: each item's comparable price (NaN: none); `sqftOf`: its size, null when unknown. */
export function priceFigures(positions: readonly number[], prices: Float64Array, sqftOf: (position: number) => number | null): PriceFigures {
  let min = Infinity;
  let max = -Infinity;
  const perSqft: number[] = [];
  for (const position of positions) {
    const price = prices[position];
    if (!(price > 0)) continue;
    if (price < min) min = price;
    if (price > max) max = price;
    const sqft = sqftOf(position);
    if (sqft !== null && sqft > 0) perSqft.push(price / sqft);
  }
  const median_ = median(perSqft);
  return {
    count: positions.length,
    min: Number.isFinite(min) ? min : null,
    max: Number.isFinite(max) ? max : null,
    medianPerSqft: median_ === null ? null : Math.round(median_),
  };
}

/** The smallest box holding the items at `positions` that are on the map; null when none is. */
export function bboxOf(geo: Pick<CatalogueGeo, 'all' | 'memberOf'>, positions: readonly number[]): Bbox | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const position of positions) {
    const member = geo.memberOf[position];
    if (member < 0) continue;
    const lng = geo.all.lng[member];
    const lat = geo.all.lat[member];
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return Number.isFinite(west) ? [west, south, east, north] : null;
}

/** A group of the items (their maker, say), and how many of them are its. */
export interface GroupShare {
  id: number;
  name: string;
  slug: string;
  count: number;
}

/** The groups of the items at `positions`, most items first, then by name. */
export function groupShares(positions: readonly number[], groupOf: (position: number) => Omit<GroupShare, 'count'> | null): GroupShare[] {
  const shares = new Map<number, GroupShare>();
  for (const position of positions) {
    const group = groupOf(position);
    if (!group) continue;
    const share = shares.get(group.id);
    if (share) share.count += 1;
    else shares.set(group.id, { ...group, count: 1 });
  }
  return [...shares.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
