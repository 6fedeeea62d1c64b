/**
 * One map layer for every catalogue (decisions 121-123, 148): the places of a catalogue's items, built
 * once with its index — a kd-tree (kdbush) for the bbox filter and nearest-first search (geokdbush),
 * and the clusters of each zoom (supercluster, cluster-levels.ts) — and the items without coordinates, which are on no
 * map and come last nearest-first. Positions are the catalogue index's; the catalogue says where an
 * item is (`placesOf`).
 */
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import { bitsetOf, has, type Bitset } from './bitset';
import { clustersOf, MAX_CLUSTER_ZOOM, zoomLevel, type Clusters, type ZoomLevel } from './cluster-levels';
import { zoomLevelsInThread } from './clusters-in-thread';
import type { Bbox, LatLng } from './geo-query';
import type { Elsewhere } from './steps';

/** A cluster of a map answer: supercluster's, counted over its members inside the bbox. */
export interface ClusterView {
  id: number;
  lng: number;
  lat: number;
  expansionZoom: number;
  /** The positions (in the catalogue's index) of its members inside the bbox: two or more. */
  members: number[];
}

export interface MapView {
  clusters: ClusterView[];
  /** The positions of the items shown as markers of their own. */
  singles: number[];
}

/**
 * Items on a map: the positions of `members` in their catalogue's index, with their coordinates. Its
 * clusters are supercluster's: every zoom's made in a thread its build starts (`clusteredElsewhere`),
 * or a zoom's made here when it is asked for before they come.
 */
export class MapLayer {
  private readonly tree: KDBush;
  /** Made here only when a zoom is asked for before the thread's levels came. */
  private clusters: Clusters | undefined;
  private readonly levels = new Map<number, ZoomLevel>();
  private clustering: Promise<void> | undefined;

  constructor(readonly members: Int32Array, readonly lng: Float64Array, readonly lat: Float64Array) {
    this.tree = new KDBush(Math.max(1, members.length));
    for (let member = 0; member < members.length; member += 1) this.tree.add(lng[member], lat[member]);
    // kdbush wants an item; an empty layer's stand-in is never read (range and around check `members`).
    if (members.length === 0) this.tree.add(0, 0);
    this.tree.finish();
  }

  /**
   * A build's step: every zoom's clusters made in another thread, the same as made here, kept as they
   * come (once per layer, which indexes may share; a zoom asked for before then is made here).
   */
  clusteredElsewhere(): Elsewhere {
    return { elsewhere: () => void (this.clustering ??= this.clusterInThread()) };
  }

  /** Resolves once the thread's clusters are kept (or it made none): a test's wait. */
  clustered(): Promise<void> {
    return this.clustering ?? Promise.resolve();
  }

  private async clusterInThread(): Promise<void> {
    const levels = await zoomLevelsInThread(this.lng, this.lat);
    levels?.forEach((level, zoom) => {
      if (!this.levels.has(zoom)) this.levels.set(zoom, level);
    });
  }

  /** The members inside `bbox` (edges included), as indexes into `members`. */
  range([west, south, east, north]: Bbox): number[] {
    return this.members.length ? this.tree.range(west, south, east, north) : [];
  }

  /**
   * The map of `bbox` at `zoom`: each cluster with its members inside the bbox (a cluster with one
   * there is that item's own marker), and the items standing alone. Every member inside the bbox
   * is in exactly one of them.
   */
  view(bbox: Bbox, zoom: number): MapView {
    const level = this.level(zoom);
    const inside = new Map<number, number[]>();
    const singles: number[] = [];
    for (const member of this.range(bbox).sort((a, b) => a - b)) {
      const cluster = level.of[member];
      if (cluster < 0) {
        singles.push(this.members[member]);
        continue;
      }
      const list = inside.get(cluster);
      if (list) list.push(this.members[member]);
      else inside.set(cluster, [this.members[member]]);
    }
    const clusters: ClusterView[] = [];
    for (const [cluster, members] of [...inside].sort(([a], [b]) => a - b)) {
      if (members.length === 1) {
        singles.push(members[0]);
        continue;
      }
      clusters.push({ id: level.ids[cluster], lng: level.lng[cluster], lat: level.lat[cluster], expansionZoom: level.expansionZoom[cluster], members });
    }
    return { clusters, singles: singles.sort((a, b) => a - b) };
  }

  private level(zoom: number): ZoomLevel {
    let level = this.levels.get(zoom);
    if (!level) {
      const clusters = zoom <= MAX_CLUSTER_ZOOM ? (this.clusters ??= clustersOf(this.lng, this.lat)) : undefined;
      this.levels.set(zoom, (level = zoomLevel(clusters, zoom, this.members.length)));
    }
    return level;
  }

  /**
   * The positions of the members in `matches` (every member when undefined), nearest to `from` first,
   * the first `count` of them.
   */
  nearest(from: LatLng, count: number, matches: Bitset | undefined): number[] {
    return this.around(from, count, Infinity, matches && ((position) => has(matches, position)));
  }

  /** The positions of the members `wanted` takes (every one when undefined), nearest to `from` first: at most `count`, within `maxKm`. */
  around([lat, lng]: LatLng, count: number, maxKm: number, wanted?: (position: number) => boolean): number[] {
    if (this.members.length === 0 || count <= 0) return [];
    const filter = wanted && ((member: number) => wanted(this.members[member]));
    return around(this.tree, lng, lat, count, maxKm, filter).map((member) => this.members[member]);
  }
}

export interface CatalogueGeo {
  /** Every item with coordinates. */
  all: MapLayer;
  /** The members' places in `all` by position in the index; -1 for an item without coordinates. */
  memberOf: Int32Array;
  /** The items without coordinates, in the order nearest-first lists them after the others. */
  unplaced: Int32Array;
}

/** The layer of `items` that `at` places (latitude, longitude; null for an item on no map). */
export function placesOf<T>(items: readonly T[], at: (item: T) => LatLng | null): Pick<CatalogueGeo, 'all' | 'memberOf'> {
  const placed: number[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  const memberOf = new Int32Array(items.length).fill(-1);
  items.forEach((item, position) => {
    const point = at(item);
    if (!point || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) return;
    memberOf[position] = placed.push(position) - 1;
    lat.push(point[0]);
    lng.push(point[1]);
  });
  return { all: new MapLayer(Int32Array.from(placed), Float64Array.from(lng), Float64Array.from(lat)), memberOf };
}

/** The coordinates of the items at `positions`, as a layer of their own. */
export function layerOf(geo: Pick<CatalogueGeo, 'all' | 'memberOf'>, positions: ArrayLike<number>): MapLayer {
  const members = Int32Array.from(positions);
  const lng = Float64Array.from(members, (position) => geo.all.lng[geo.memberOf[position]]);
  const lat = Float64Array.from(members, (position) => geo.all.lat[geo.memberOf[position]]);
  return new MapLayer(members, lng, lat);
}

/** The items inside `bbox`, as a set over the index's `size` items. */
export const bboxSet = (geo: CatalogueGeo, bbox: Bbox, size: number): Bitset => bitsetOf(size, geo.all.range(bbox).map((member) => geo.all.members[member]));

/** Kilometres from `from` to the item at `position` (great circle), unrounded; infinite without coordinates. */
export function kmTo(geo: Pick<CatalogueGeo, 'all' | 'memberOf'>, [lat, lng]: LatLng, position: number): number {
  const member = geo.memberOf[position];
  return member < 0 ? Number.POSITIVE_INFINITY : distance(lng, lat, geo.all.lng[member], geo.all.lat[member]);
}

/** Kilometres from `from` to the item at `position`, to 10 m; null without coordinates. */
export function distanceKm(geo: CatalogueGeo, from: LatLng, position: number): number | null {
  const km = kmTo(geo, from, position);
  return km === Number.POSITIVE_INFINITY ? null : Math.round(km * 100) / 100;
}

/**
 * The positions of the `count` items with coordinates `wanted` takes nearest to `from`, and of every
 * other as near as the last of them (so which of equals is in never depends on the tree's layout).
 */
export function nearestWithTies(geo: Pick<CatalogueGeo, 'all' | 'memberOf'>, from: LatLng, count: number, wanted: (position: number) => boolean): number[] {
  const found = geo.all.around(from, count + 1, Infinity, wanted);
  if (found.length <= count) return found;
  const last = kmTo(geo, from, found[count - 1]);
  if (kmTo(geo, from, found[count]) > last) return found.slice(0, count);
  // The kd-tree compares its own measure of distance: a hair more takes in every item as near as the last.
  return geo.all.around(from, Infinity, last * (1 + 1e-9), wanted);
}

/**
 * Nearest first among `matches` (every item when undefined), positions `start` to
 * `end`: the items with coordinates by distance, then those without in `unplaced`'s order.
 */
export function nearestPage(geo: CatalogueGeo, from: LatLng, matches: Bitset | undefined, start: number, end: number): number[] {
  const placed = geo.all.nearest(from, end, matches);
  if (placed.length >= end) return placed.slice(start, end);
  // The items without coordinates fill the page from where those with them end.
  const skip = Math.max(0, start - placed.length);
  const needed = end - Math.max(start, placed.length);
  const rest: number[] = [];
  let seen = 0;
  for (const position of geo.unplaced) {
    if (rest.length >= needed) break;
    if (matches && !has(matches, position)) continue;
    if (seen++ >= skip) rest.push(position);
  }
  return [...placed.slice(start), ...rest];
}
