/**
 * The JSON of GET /api/v1/off-plan/projects/map (decisions 121, 123): the catalogue's map answer
 * (src/lib/catalogue/map-features.ts) over the projects inside the bbox. Without a
 * filter the clusters are the project index's own (built with it); a filtered map clusters the matching
 * projects once per set of filters and project index (the last LAYERS_KEPT sets), whatever the bbox,
 * so its clusters stay put while the map moves. A single project's feature is serialised once per
 * currency view.
 */
import { encodedSuccess, type EncodedEnvelope } from '../../../lib/envelope';
import { LOCALES, type Locale } from '../../../lib/locale';
import { formatPrice } from '../../../plugins/extsource/server/src/public';
import { members } from '../../../lib/catalogue/bitset';
import { clusterFeature, filteredLayer, renderFeatureCollection, valueRange } from '../../../lib/catalogue/map-features';
import { layerOf, type ClusterView, type MapLayer } from '../../../lib/catalogue/map-layer';
import { priceIn, type CurrencyView } from './currency';
import { SITE_CURRENCY } from '../../catalogues/services/vocabulary';
import { LISTING_WORDS } from './listing-words';
import type { MapQuery } from './map-query';
import { matchingSet, type ProjectIndex } from './project-catalogue';
import type { Filters } from './query';

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
  return filteredLayer(index, JSON.stringify(clustered), () => {
    const matches = matchingSet(index, clustered, prices);
    const placed = matches ? members(matches).filter((position) => index.geo.memberOf[position] >= 0) : index.geo.all.members;
    return layerOf(index.geo, placed);
  });
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

/** The cheapest and dearest starting price of a cluster's members in the bbox, in `view`'s currency. */
function priceRange(index: ProjectIndex, view: CurrencyView, cluster: ClusterView) {
  const range = valueRange(view.prices, cluster.members);
  if (!range) return { min: null, max: null, currency: view.currency, formatted: LISTING_WORDS[index.locale].priceOnRequest };
  const { min, max } = range;
  const formatted = min === max ? formatPrice(min, view.currency) : `${formatPrice(min, view.currency)} - ${formatPrice(max, view.currency)}`;
  return { min, max, currency: view.currency, formatted };
}

/** The map answer of a valid query; `view` must be the query's currency (the project index's own for AED). */
export function renderMap(index: ProjectIndex, view: CurrencyView, { filters, zoom }: MapQuery): Buffer {
  return renderFeatureCollection({
    envelope: ENVELOPES[index.locale],
    layer: layerFor(index, filters, view.prices),
    bbox: filters.bbox,
    zoom,
    applied: filters,
    cluster: (cluster) => clusterFeature(cluster, { price_range: priceRange(index, view, cluster) }),
    single: (position) => singleFeature(index, view, position),
  });
}
