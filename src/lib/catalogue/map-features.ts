/**
 * A catalogue's map answer as GeoJSON (decisions 121, 123, 148), shaped as supercluster shapes its
 * features: each cluster with its count and expansion zoom, each item alone with the fields its
 * catalogue gives it, inside the envelope the caller encodes. Filtered layers are kept per index (the
 * last LAYERS_KEPT sets of filters), so a filtered map's clusters stay put while the map moves.
 */
import type { EncodedEnvelope } from '../envelope';
import { KeptPerBuild } from '../kept-per-build';
import type { Bbox, LatLng } from './geo-query';
import { distanceKm, type CatalogueGeo, type ClusterView, type MapLayer } from './map-layer';

/** Filtered layers kept per index (a layer holds its items' clusters at every zoom). */
const LAYERS_KEPT = 32;

const layers = new KeptPerBuild<object, MapLayer>(LAYERS_KEPT);

/** The layer `index` keeps for the filters `key` names, built by `build` the first time. */
export function filteredLayer(index: object, key: string, build: () => MapLayer): MapLayer {
  return layers.get(index, key) ?? layers.keep(index, key, build());
}

/** supercluster's `point_count_abbreviated`. */
const abbreviated = (count: number) => (count >= 10000 ? `${Math.round(count / 1000)}k` : count >= 1000 ? `${Math.round(count / 100) / 10}k` : count);

/** Six decimals of a degree: 11 cm, as precise as a marker needs. */
export const degrees = (value: number) => Math.round(value * 1e6) / 1e6;

/** A cluster's feature, with `extra` (its catalogue's own properties, a price range) after supercluster's. */
export function clusterFeature(cluster: ClusterView, extra: Record<string, unknown>): Buffer {
  const count = cluster.members.length;
  return Buffer.from(JSON.stringify({
    type: 'Feature',
    id: cluster.id,
    properties: {
      cluster: true,
      cluster_id: cluster.id,
      point_count: count,
      point_count_abbreviated: abbreviated(count),
      expansion_zoom: cluster.expansionZoom,
      ...extra,
    },
    geometry: { type: 'Point', coordinates: [degrees(cluster.lng), degrees(cluster.lat)] },
  }));
}

/** The lowest and highest of `values` at `members` (NaN: no value), null when none has one. */
export function valueRange(values: Float64Array, members: readonly number[]): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const position of members) {
    const value = values[position];
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return min === Infinity ? null : { min, max };
}

export interface MapRendering {
  envelope: EncodedEnvelope;
  layer: MapLayer;
  bbox: Bbox;
  zoom: number;
  /** What the answer says it applied (the query's filters). */
  applied: unknown;
  cluster(cluster: ClusterView): Buffer;
  /** The feature of the item at `position` in the index. */
  single(position: number): Buffer;
}

const COMMA = Buffer.from(',');

/** The FeatureCollection of `layer` inside `bbox` at `zoom`: its total is every item inside the bbox. */
export function renderFeatureCollection({ envelope, layer, bbox, zoom, applied, cluster, single }: MapRendering): Buffer {
  const { clusters, singles } = layer.view(bbox, zoom);
  const total = singles.length + clusters.reduce((sum, each) => sum + each.members.length, 0);
  const features: Buffer[] = [];
  const push = (feature: Buffer) => (features.length ? features.push(COMMA, feature) : features.push(feature));
  for (const each of clusters) push(cluster(each));
  for (const position of singles) push(single(position));
  return Buffer.concat([
    envelope.head,
    Buffer.from(`{"type":"FeatureCollection","bbox":${JSON.stringify(bbox)},"zoom":${zoom},"total":${total},"features":[`),
    ...features,
    Buffer.from(`],"applied_filters":${JSON.stringify(applied)}}`),
    envelope.tail,
  ]);
}

/**
 * A serialised card with `near`'s `distance_km` at its end (decision 122): the card's own bytes, its
 * closing brace moved, so a listing with `near` serialises no card again.
 */
export const cardWithDistance = (card: Buffer, geo: CatalogueGeo, near: LatLng, position: number): Buffer[] => [
  card.subarray(0, -1),
  Buffer.from(`,"distance_km":${distanceKm(geo, near, position)}}`),
];
