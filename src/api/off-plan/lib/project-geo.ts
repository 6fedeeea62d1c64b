/**
 * Where the projects are (decisions 121-123), built once with the project index (project-index.ts): a
 * map layer over every project with coordinates — a kd-tree (kdbush) for the bbox filter and the
 * nearest-first search (geokdbush), and the clusters of each zoom (supercluster) — and the projects
 * without coordinates, which are on no map and come last nearest-first. A filtered map clusters the
 * matching projects in a layer of their own (map-response.ts keeps the recent ones).
 */
import KDBush from 'kdbush';
import Supercluster from 'supercluster';
import { around, distance } from 'geokdbush';
import type { NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { bitsetOf, has, type Bitset } from '../../../lib/catalogue/bitset';
import type { Bbox, LatLng } from './geo-query';

/** Above this zoom every project is a marker of its own (supercluster's `maxZoom`). */
export const MAX_CLUSTER_ZOOM = 16;
/** Supercluster's cluster radius, in pixels of its 512-pixel tiles. */
const CLUSTER_RADIUS = 40;
const WORLD: Bbox = [-180, -90, 180, 90];

/** A cluster of a map answer: supercluster's, counted over its members inside the bbox. */
export interface ClusterView {
  id: number;
  lng: number;
  lat: number;
  expansionZoom: number;
  /** The positions (in the project index) of its members inside the bbox: two or more. */
  members: number[];
}

export interface MapView {
  clusters: ClusterView[];
  /** The positions of the projects shown as markers of their own. */
  singles: number[];
}

/** Which cluster of a zoom each member is in (its place in `clusters`), -1 for a marker of its own. */
interface ZoomLevel {
  clusters: Array<{ id: number; lng: number; lat: number }>;
  of: Int32Array;
}

/**
 * Projects on a map: the positions of `members` in the project index, with their coordinates. Its
 * clusters are supercluster's; a zoom's assignment of members to clusters is read once, when that zoom
 * is first asked for.
 */
export class MapLayer {
  private readonly tree: KDBush;
  private readonly clusters: Supercluster<{ member: number }>;
  private readonly levels = new Map<number, ZoomLevel>();

  constructor(readonly members: Int32Array, readonly lng: Float64Array, readonly lat: Float64Array) {
    this.tree = new KDBush(Math.max(1, members.length));
    for (let member = 0; member < members.length; member += 1) this.tree.add(lng[member], lat[member]);
    // kdbush wants an item; an empty layer's stand-in is never read (range and around check `members`).
    if (members.length === 0) this.tree.add(0, 0);
    this.tree.finish();
    this.clusters = new Supercluster<{ member: number }>({ maxZoom: MAX_CLUSTER_ZOOM, radius: CLUSTER_RADIUS }).load(
      Array.from(members, (_, member) => ({ type: 'Feature', properties: { member }, geometry: { type: 'Point', coordinates: [lng[member], lat[member]] } }))
    );
  }

  /** The members inside `bbox` (edges included), as indexes into `members`. */
  range([west, south, east, north]: Bbox): number[] {
    return this.members.length ? this.tree.range(west, south, east, north) : [];
  }

  /**
   * The map of `bbox` at `zoom`: each cluster with its members inside the bbox (a cluster with one
   * there is that project's own marker), and the projects standing alone. Every member inside the bbox
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
      const { id, lng, lat } = level.clusters[cluster];
      clusters.push({ id, lng, lat, expansionZoom: this.clusters.getClusterExpansionZoom(id), members });
    }
    return { clusters, singles: singles.sort((a, b) => a - b) };
  }

  private level(zoom: number): ZoomLevel {
    const kept = this.levels.get(zoom);
    if (kept) return kept;
    const of = new Int32Array(this.members.length).fill(-1);
    const clusters: ZoomLevel['clusters'] = [];
    if (zoom <= MAX_CLUSTER_ZOOM) {
      for (const feature of this.clusters.getClusters(WORLD, zoom)) {
        const properties = feature.properties as { cluster?: boolean; cluster_id?: number };
        if (!properties.cluster) continue;
        const id = properties.cluster_id!;
        for (const leaf of this.clusters.getLeaves(id, Infinity)) of[leaf.properties.member] = clusters.length;
        const [lng, lat] = feature.geometry.coordinates;
        clusters.push({ id, lng, lat });
      }
    }
    const level = { clusters, of };
    this.levels.set(zoom, level);
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

export interface ProjectGeo {
  /** Every project with coordinates. */
  all: MapLayer;
  /** The members' positions in the project index; -1 for a project without coordinates. */
  memberOf: Int32Array;
  /** The projects without coordinates, in name order. */
  unplaced: Int32Array;
}

/** The coordinates of the projects at `positions`, as a layer. */
export function layerOf(geo: ProjectGeo, positions: ArrayLike<number>): MapLayer {
  const members = Int32Array.from(positions);
  const lng = Float64Array.from(members, (position) => geo.all.lng[geo.memberOf[position]]);
  const lat = Float64Array.from(members, (position) => geo.all.lat[geo.memberOf[position]]);
  return new MapLayer(members, lng, lat);
}

/**
 * The layer of a collection's projects, per collection: every locale's index of it shares one (their
 * projects are in the same order, at the same places), and so do its similar projects (similar-projects.ts),
 * so its spatial index and clusters are built once.
 */
const layers = new WeakMap<readonly NormalisedProject[], Pick<ProjectGeo, 'all' | 'memberOf'>>();

export function collectionLayer(projects: readonly NormalisedProject[]): Pick<ProjectGeo, 'all' | 'memberOf'> {
  const kept = layers.get(projects);
  if (kept) return kept;
  const placed: number[] = [];
  const memberOf = new Int32Array(projects.length).fill(-1);
  projects.forEach((project, position) => {
    const at = project.coordinates;
    if (at && Number.isFinite(at.latitude) && Number.isFinite(at.longitude)) memberOf[position] = placed.push(position) - 1;
  });
  const members = Int32Array.from(placed);
  const coordinate = (key: 'longitude' | 'latitude') => Float64Array.from(members, (position) => projects[position].coordinates![key]);
  const layer = { all: new MapLayer(members, coordinate('longitude'), coordinate('latitude')), memberOf };
  layers.set(projects, layer);
  return layer;
}

/** The places of `projects` (the collection's records, as the index's in any locale); `nameOrder`: every position in name order. */
export function projectGeo(projects: readonly NormalisedProject[], nameOrder: Int32Array): ProjectGeo {
  const { all, memberOf } = collectionLayer(projects);
  return { all, memberOf, unplaced: nameOrder.filter((position) => memberOf[position] < 0) };
}

/** The projects inside `bbox`, as a set over the index's `size` projects. */
export const bboxSet = (geo: ProjectGeo, bbox: Bbox, size: number): Bitset => bitsetOf(size, geo.all.range(bbox).map((member) => geo.all.members[member]));

/** Kilometres from `from` to the project at `position` (great circle), to 10 m; null without coordinates. */
export function distanceKm(geo: ProjectGeo, [lat, lng]: LatLng, position: number): number | null {
  const member = geo.memberOf[position];
  if (member < 0) return null;
  return Math.round(distance(lng, lat, geo.all.lng[member], geo.all.lat[member]) * 100) / 100;
}

/**
 * Nearest first among `matches` (every project when undefined), positions `start` to
 * `end`: the projects with coordinates by distance, then those without in name order.
 */
export function nearestPage(geo: ProjectGeo, from: LatLng, matches: Bitset | undefined, start: number, end: number): number[] {
  const placed = geo.all.nearest(from, end, matches);
  if (placed.length >= end) return placed.slice(start, end);
  // The projects without coordinates fill the page from where those with them end.
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
