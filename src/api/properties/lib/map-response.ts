/**
 * The JSON of GET /api/v1/properties/map: the catalogue's map answer (src/lib/catalogue/map-features.ts)
 * over the listings of a purpose inside the bbox. The listings matching the other filters are clustered
 * once per set of filters and index, whatever the bbox; a listing's feature is serialised once per index
 * and currency.
 */
import { encodedSuccess, type EncodedEnvelope } from '../../../lib/envelope';
import { LOCALES, type Locale } from '../../../lib/locale';
import { members } from '../../../lib/catalogue/bitset';
import { clusterFeature, filteredLayer, renderFeatureCollection, valueRange } from '../../../lib/catalogue/map-features';
import { layerOf, type ClusterView, type MapLayer } from '../../../lib/catalogue/map-layer';
import { formatPrice } from '../../../plugins/extsource/server/src/public';
import { CATALOGUE_WORDS } from '../../catalogues/services/vocabulary';
import type { ListingCurrencyView } from './currency';
import { matchingListings, type ListingIndex } from './listing-catalogue';
import { LISTING_MESSAGES } from './messages';
import type { ListingMapQuery, ListingQuery } from './query';

const ENVELOPES = Object.fromEntries(LOCALES.map((locale) => [locale, encodedSuccess(LISTING_MESSAGES[locale].mapMessage)])) as Record<Locale, EncodedEnvelope>;

const features = new WeakMap<ListingCurrencyView, Array<Buffer | undefined>>();

/**
 * The layer of the listings matching the query's purpose and filters but the bbox (the currency only
 * when a price is filtered in it).
 */
function layerFor(index: ListingIndex, view: ListingCurrencyView, query: ListingQuery): MapLayer {
  const { bbox: _bbox, currency, ...rest } = query.filters;
  const clustered = rest.min_price !== undefined || rest.max_price !== undefined ? { ...rest, currency } : rest;
  return filteredLayer(index, JSON.stringify([query.purpose, clustered]), () => {
    const matches = matchingListings(index, { ...query, filters: clustered }, view.prices);
    return layerOf(index.geo, members(matches).filter((position) => index.geo.memberOf[position] >= 0));
  });
}

/** A listing's own marker: id, slug, reference, title, purpose, price (in `view`'s currency), image, emirate. */
function singleFeature(index: ListingIndex, view: ListingCurrencyView, position: number): Buffer {
  let kept = features.get(view);
  if (!kept) features.set(view, (kept = new Array(index.listings.length)));
  const found = kept[position];
  if (found) return found;
  const listing = index.listings[position];
  const member = index.geo.memberOf[position];
  const feature = {
    type: 'Feature',
    id: listing.id,
    properties: {
      id: listing.id,
      slug: index.slugs[position],
      reference: listing.reference,
      title: index.locale === 'ar' && listing.title_ar ? listing.title_ar : listing.title,
      purpose: listing.purpose,
      price: view.price(position),
      image: listing.images[0] ?? null,
      state_id: listing.state_id || null,
      state_name: listing.state_id ? CATALOGUE_WORDS[index.locale].emirate(listing.state_id) : null,
    },
    geometry: { type: 'Point', coordinates: [index.geo.all.lng[member], index.geo.all.lat[member]] },
  };
  return (kept[position] = Buffer.from(JSON.stringify(feature)));
}

/** The lowest and highest comparable price of a cluster's members in the bbox, in `view`'s currency. */
function priceRange(index: ListingIndex, view: ListingCurrencyView, cluster: ClusterView) {
  const range = valueRange(view.prices, cluster.members);
  const { currency } = view;
  if (!range) return { min: null, max: null, currency, formatted: CATALOGUE_WORDS[index.locale].priceOnRequest };
  const { min, max } = range;
  const formatted = min === max ? formatPrice(min, currency) : `${formatPrice(min, currency)} - ${formatPrice(max, currency)}`;
  return { min, max, currency, formatted };
}

/** The map answer of a valid query; `view` must be the query's currency (the index's own for AED). */
export function renderListingMap(index: ListingIndex, view: ListingCurrencyView, query: ListingMapQuery): Buffer {
  return renderFeatureCollection({
    envelope: ENVELOPES[index.locale],
    layer: layerFor(index, view, query),
    bbox: query.filters.bbox,
    zoom: query.zoom,
    applied: { purpose: query.purpose, ...query.filters },
    cluster: (cluster) => clusterFeature(cluster, { price_range: priceRange(index, view, cluster) }),
    single: (position) => singleFeature(index, view, position),
  });
}
