/**
 * The JSON of GET /api/v1/off-plan/projects/map (decisions 121, 123): a GeoJSON FeatureCollection of the
 * map's clusters and single projects inside the bbox, shaped as supercluster shapes them. Without a
 * filter the clusters are the project index's own (built with it); a filtered map clusters the matching
 * projects once per set of filters and project index (the last LAYERS_KEPT sets), whatever the bbox,
 * so its clusters stay put while the map moves. A single project's feature is serialised once per
 * currency view.
 */
import LRUCache from 'lru-cache';
import { encodedSuccess, type EncodedEnvelope } from '../../../lib/envelope';
import { LOCALES, type Locale } from '../../../lib/locale';
import { formatPrice } from '../../../plugins/extsource/server/src/public';
import { members } from '../../../lib/catalogue/bitset';
import { priceIn, SITE_CURRENCY, type CurrencyView } from './currency';
import { LISTING_WORDS } from './listing-words';
import type { MapQuery } from './map-query';
import { layerOf, type ClusterView, type MapLayer } from './project-geo';
import type { ProjectIndex } from './project-index';
import { matchingSet } from './project-search';
import type { Filters } from './query';

/** Filtered layers kept per project index (a layer holds its projects' clusters at every zoom). */
const LAYERS_KEPT = 32;

const layers = new WeakMap<ProjectIndex, LRUCache<string, MapLayer>>();
const singles = new WeakMap<CurrencyView, Array<Buffer | undefined>>();

const ENVELOPES = Object.fromEntries(LOCALES.map((locale) => [locale, encodedSuccess(LISTING_WORDS[locale].mapMessage)])) as Record<Locale, EncodedEnvelope>;

/**
 * The filters that decide which projects are clustered, as a key: all but the bbox, and the currency
 * only when a price is filtered in it.
 */
function clusteredBy(filters: Filters): Filters | undefined {
  const { bbox: _bbox, currency, ...rest } = filters;
  if (Object.keys(rest).length === 0) return undefined;
  return rest.min_price !== undefined || rest.max_price !== undefined ? { ...rest, currency } : rest;
}

/** The layer of the projects matching `filters` (prices in `prices`' currency): the index's own without a filter. */
export function layerFor(index: ProjectIndex, filters: Filters, prices: Float64Array): MapLayer {
  const clustered = clusteredBy(filters);
  if (!clustered) return index.geo.all;
  let kept = layers.get(index);
  if (!kept) {
    kept = new LRUCache({ max: LAYERS_KEPT });
    layers.set(index, kept);
  }
  const key = JSON.stringify(clustered);
  let layer = kept.get(key);
  if (!layer) {
    const matches = matchingSet(index, clustered, prices);
    const placed = matches ? members(matches).filter((position) => index.geo.memberOf[position] >= 0) : index.geo.all.members;
    layer = layerOf(index.geo, placed);
    kept.set(key, layer);
  }
  return layer;
}

/** A single project's feature in `view`'s currency: id, slug, name, price, image, emirate. */
function singleFeature(index: ProjectIndex, view: CurrencyView, position: number): Buffer {
  let features = singles.get(view);
  if (!features) {
    features = new Array(index.projects.length);
    singles.set(view, features);
  }
  const kept = features[position];
  if (kept) return kept;
  const project = index.projects[position];
  const member = index.geo.memberOf[position];
  const feature = {
    type: 'Feature',
    id: project.id,
    properties: {
      id: project.id,
      slug: index.slugs[position],
      name: project.name,
      price: view.currency === SITE_CURRENCY ? project.price : priceIn(project.price, view.prices[position], view.currency, index),
      image: project.image,
      state_id: project.state_id,
      state_name: project.state_name,
    },
    geometry: { type: 'Point', coordinates: [index.geo.all.lng[member], index.geo.all.lat[member]] },
  };
  const bytes = Buffer.from(JSON.stringify(feature));
  features[position] = bytes;
  return bytes;
}

/** supercluster's `point_count_abbreviated`. */
const abbreviated = (count: number) => (count >= 10000 ? `${Math.round(count / 1000)}k` : count >= 1000 ? `${Math.round(count / 100) / 10}k` : count);

/** Six decimals of a degree: 11 cm, as precise as a marker needs. */
const degrees = (value: number) => Math.round(value * 1e6) / 1e6;

/** The cheapest and dearest starting price of a cluster's members in the bbox, in `view`'s currency. */
function priceRange(index: ProjectIndex, view: CurrencyView, cluster: ClusterView) {
  let min = Infinity;
  let max = -Infinity;
  for (const position of cluster.members) {
    const price = view.prices[position];
    if (price < min) min = price;
    if (price > max) max = price;
  }
  if (min === Infinity) return { min: null, max: null, currency: view.currency, formatted: LISTING_WORDS[index.locale].priceOnRequest };
  const formatted = min === max ? formatPrice(min, view.currency) : `${formatPrice(min, view.currency)} - ${formatPrice(max, view.currency)}`;
  return { min, max, currency: view.currency, formatted };
}

function clusterFeature(index: ProjectIndex, view: CurrencyView, cluster: ClusterView): Buffer {
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
      price_range: priceRange(index, view, cluster),
    },
    geometry: { type: 'Point', coordinates: [degrees(cluster.lng), degrees(cluster.lat)] },
  }));
}

const COMMA = Buffer.from(',');

/** The map answer of a valid query; `view` must be the query's currency (the project index's own for AED). */
export function renderMap(index: ProjectIndex, view: CurrencyView, { filters, zoom }: MapQuery): Buffer {
  const { clusters, singles: alone } = layerFor(index, filters, view.prices).view(filters.bbox, zoom);
  const total = alone.length + clusters.reduce((sum, cluster) => sum + cluster.members.length, 0);
  const features: Buffer[] = [];
  const push = (feature: Buffer) => (features.length ? features.push(COMMA, feature) : features.push(feature));
  for (const cluster of clusters) push(clusterFeature(index, view, cluster));
  for (const position of alone) push(singleFeature(index, view, position));
  const envelope = ENVELOPES[index.locale];
  return Buffer.concat([
    envelope.head,
    Buffer.from(`{"type":"FeatureCollection","bbox":${JSON.stringify(filters.bbox)},"zoom":${zoom},"total":${total},"features":[`),
    ...features,
    Buffer.from(`],"applied_filters":${JSON.stringify(filters)}}`),
    envelope.tail,
  ]);
}
