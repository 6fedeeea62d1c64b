/**
 * A catalogue's map answer (decisions 121, 123): the FeatureCollection (map-features.ts) of the items
 * matching the query inside its bbox. The items matching the filters but the bbox (the currency only when
 * a price is filtered in it) are clustered once per set of filters and index, whatever the bbox, so the
 * clusters stay put while the map moves; an item's marker is serialised once per currency view. What a
 * marker says, the envelope and the layer's key are the catalogue's (views.ts).
 */
import { formatPrice } from '../../../plugins/extsource/server/src/public';
import { members } from '../bitset';
import type { Bbox } from '../geo-query';
import { clusterFeature, filteredLayer, renderFeatureCollection, valueRange } from '../map-features';
import { layerOf, type ClusterView, type MapLayer } from '../map-layer';
import type { CatalogueIndex } from './build';
import type { CurrencyView } from './currency';
import { matchingSet } from './search';
import type { CatalogueViews } from './views';

/** The filters a price range reads: a filtered price is in the query's currency. */
interface PricedFilters {
  bbox?: Bbox;
  currency?: string;
  min_price?: number;
  max_price?: number;
}

type MapQuery = { filters: PricedFilters & { bbox: Bbox }; zoom: number };
type Index = CatalogueIndex<unknown, string, string>;
type MapViews<I, Q> = Pick<CatalogueViews<I, Q, string>, 'selection' | 'mapEnvelope' | 'layerKey' | 'applied' | 'marker' | 'priceOnRequest'>;

const markers = new WeakMap<CurrencyView, Array<Buffer | undefined>>();

/** The filters that decide which items are clustered: all but the bbox, and the currency only when a price is filtered in it. */
function clusteredBy<F extends PricedFilters>(filters: F): Omit<F, 'bbox'> {
  const { bbox: _bbox, currency, ...rest } = filters;
  return (rest.min_price !== undefined || rest.max_price !== undefined ? { ...rest, currency } : rest) as Omit<F, 'bbox'>;
}

/** The layer of the items the query's filters but the bbox select, prices in `view`'s currency. */
function layerFor<I extends Index, Q>(index: I, views: MapViews<I, Q>, view: CurrencyView, query: Q & MapQuery): MapLayer {
  const clustered = { ...query, filters: clusteredBy(query.filters) } as unknown as Q;
  const key = views.layerKey(clustered);
  if (key === undefined) return index.geo.all;
  return filteredLayer(index, key, () => {
    const matches = matchingSet(index, views.selection(clustered, view.prices));
    const placed = matches ? members(matches).filter((position) => index.geo.memberOf[position] >= 0) : index.geo.all.members;
    return layerOf(index.geo, placed);
  });
}

/** An item's own marker in `view`'s currency. */
function marker<I extends Index, Q>(index: I, views: MapViews<I, Q>, view: CurrencyView, position: number): Buffer {
  let kept = markers.get(view);
  if (!kept) markers.set(view, (kept = new Array(index.items.length)));
  const found = kept[position];
  if (found) return found;
  const price = () => view.price(position);
  const properties: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(views.marker)) properties[field] = value(index, position, price);
  const member = index.geo.memberOf[position];
  const feature = {
    type: 'Feature',
    id: properties.id,
    properties,
    geometry: { type: 'Point', coordinates: [index.geo.all.lng[member], index.geo.all.lat[member]] },
  };
  return (kept[position] = Buffer.from(JSON.stringify(feature)));
}

/** The lowest and highest comparable price of a cluster's members in the bbox, in `view`'s currency. */
function priceRange<I extends Index, Q>(index: I, views: MapViews<I, Q>, view: CurrencyView, cluster: ClusterView) {
  const range = valueRange(view.prices, cluster.members);
  const { currency } = view;
  if (!range) return { min: null, max: null, currency, formatted: views.priceOnRequest(index) };
  const { min, max } = range;
  const formatted = min === max ? formatPrice(min, currency) : `${formatPrice(min, currency)} - ${formatPrice(max, currency)}`;
  return { min, max, currency, formatted };
}

/** The map answer of a valid query; `view` must be the query's currency (the index's own for the site's). */
export function renderMapAnswer<I extends Index, Q>(index: I, views: MapViews<I, Q>, view: CurrencyView, query: NoInfer<Q> & MapQuery): Buffer {
  return renderFeatureCollection({
    envelope: views.mapEnvelope(index),
    layer: layerFor(index, views, view, query),
    bbox: query.filters.bbox,
    zoom: query.zoom,
    applied: views.applied(query),
    cluster: (cluster) => clusterFeature(cluster, { price_range: priceRange(index, views, view, cluster) }),
    single: (position) => marker(index, views, view, position),
  });
}
