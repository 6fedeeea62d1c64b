/**
 * A map layer's clusters at every zoom (supercluster's), as typed arrays: what a map answer reads of a
 * zoom, made at once for all of them. Clustering 12,000 places takes 35 to 80 ms and reading every zoom
 * a further 100 to 300, so a build has them made in a thread of its own (cluster-thread.ts, decision
 * 237); a layer asked for a zoom before they arrive makes that zoom itself, the same way. Pure.
 */
import Supercluster from 'supercluster';
import type { Bbox } from './geo-query';

/** Above this zoom every item is a marker of its own (supercluster's `maxZoom`). */
export const MAX_CLUSTER_ZOOM = 16;
/** Supercluster's cluster radius, in pixels of its 512-pixel tiles. */
const CLUSTER_RADIUS = 40;
const WORLD: Bbox = [-180, -90, 180, 90];

/** A zoom's clusters (supercluster's id, centre and expansion zoom, by place) and the cluster each member is in (-1: a marker of its own). */
export interface ZoomLevel {
  ids: Int32Array;
  lng: Float64Array;
  lat: Float64Array;
  expansionZoom: Int32Array;
  of: Int32Array;
}

export type Clusters = Supercluster<{ member: number }>;

/** Supercluster's clusters of the members at `lng`, `lat` (member i at lng[i], lat[i]). */
export function clustersOf(lng: Float64Array, lat: Float64Array): Clusters {
  return new Supercluster<{ member: number }>({ maxZoom: MAX_CLUSTER_ZOOM, radius: CLUSTER_RADIUS }).load(
    Array.from(lng, (_, member) => ({ type: 'Feature', properties: { member }, geometry: { type: 'Point', coordinates: [lng[member], lat[member]] } }))
  );
}

/** The clusters of `zoom` over `size` members (none without `clusters`, as past MAX_CLUSTER_ZOOM). */
export function zoomLevel(clusters: Clusters | undefined, zoom: number, size: number): ZoomLevel {
  const of = new Int32Array(size).fill(-1);
  const ids: number[] = [];
  const lng: number[] = [];
  const lat: number[] = [];
  const expansionZoom: number[] = [];
  if (clusters && zoom <= MAX_CLUSTER_ZOOM) {
    for (const feature of clusters.getClusters(WORLD, zoom)) {
      const properties = feature.properties as { cluster?: boolean; cluster_id?: number };
      if (!properties.cluster) continue;
      const id = properties.cluster_id!;
      for (const leaf of clusters.getLeaves(id, Infinity)) of[leaf.properties.member] = ids.length;
      ids.push(id);
      lng.push(feature.geometry.coordinates[0]);
      lat.push(feature.geometry.coordinates[1]);
      expansionZoom.push(clusters.getClusterExpansionZoom(id));
    }
  }
  return { ids: Int32Array.from(ids), lng: Float64Array.from(lng), lat: Float64Array.from(lat), expansionZoom: Int32Array.from(expansionZoom), of };
}

/** Every zoom's clusters, 0 to MAX_CLUSTER_ZOOM, of the members at `lng`, `lat`. */
export function zoomLevels(lng: Float64Array, lat: Float64Array): ZoomLevel[] {
  const clusters = clustersOf(lng, lat);
  return Array.from({ length: MAX_CLUSTER_ZOOM + 1 }, (_, zoom) => zoomLevel(clusters, zoom, lng.length));
}

/** The buffers of `levels`, to hand them over between threads. */
export const buffersOf = (levels: readonly ZoomLevel[]): ArrayBuffer[] =>
  levels.flatMap(({ ids, lng, lat, expansionZoom, of }) => [ids, lng, lat, expansionZoom, of].map((array) => array.buffer as ArrayBuffer));
