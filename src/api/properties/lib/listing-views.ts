/**
 * What the listings' views show (the engine's currency, map and live views, decision 209): a card's price
 * in another currency (a listing priced in another than the site's is shown as given), cards kept on the
 * locale's shelf; a marker's id, slug, reference, title, purpose, price, image and emirate; every map
 * clustered per purpose; no completion years nor developers for a page section's figures.
 */
import { encodedSuccess } from '../../../lib/envelope';
import { perLocale } from '../../../lib/locale';
import type { GroupShare } from '../../../lib/catalogue/figures';
import type { CatalogueViews } from '../../../lib/catalogue/engine/views';
import { formatPrice } from '../../../plugins/extsource/server/src/public';
import { CATALOGUE_WORDS, SITE_CURRENCY, type Currency } from '../../catalogues/services/vocabulary';
import { listingCard, listingPrice } from './card';
import { selectionOf, type ListingIndex } from './listing-catalogue';
import { LISTING_MESSAGES } from './messages';
import type { ListingQuery } from './query';

const MAP_ENVELOPES = perLocale((locale) => encodedSuccess(LISTING_MESSAGES[locale].mapMessage));

interface ListingFigures {
  completionYears: string[];
  developers: GroupShare[];
}

export const LISTING_VIEWS: CatalogueViews<ListingIndex, Pick<ListingQuery, 'purpose' | 'filters'>, Currency, ListingFigures> = {
  siteCurrency: SITE_CURRENCY,
  priceRange: 'price',
  priceField: 'price',
  price: (index, position) => listingPrice(index.listings[position], index.locale),
  priceIn(index, position, amount, currency) {
    const price = listingPrice(index.listings[position], index.locale);
    return Number.isNaN(amount) ? price : { ...price, amount, formatted: formatPrice(amount, currency), currency };
  },
  card: (index, position) => listingCard(index.listings[position], index.slugs[position], index.locale),
  cardBytes: (index, position) => index.card(position),
  shelf: (index) => index.cards,
  selection: selectionOf,
  mapEnvelope: (index) => MAP_ENVELOPES[index.locale],
  layerKey: ({ purpose, filters }) => JSON.stringify([purpose, filters]),
  applied: ({ purpose, filters }) => ({ purpose, ...filters }),
  marker: {
    id: (index, position) => index.listings[position].id,
    slug: (index, position) => index.slugs[position],
    reference: (index, position) => index.listings[position].reference,
    title: ({ listings, locale }, position) => (locale === 'ar' && listings[position].title_ar ? listings[position].title_ar : listings[position].title),
    purpose: (index, position) => index.listings[position].purpose,
    price: (_index, _position, price) => price(),
    image: (index, position) => index.listings[position].images[0] ?? null,
    state_id: (index, position) => index.listings[position].state_id || null,
    state_name: ({ listings, locale }, position) => (listings[position].state_id ? CATALOGUE_WORDS[locale].emirate(listings[position].state_id) : null),
  },
  priceOnRequest: (index) => CATALOGUE_WORDS[index.locale].priceOnRequest,
  sqft: (index, position) => index.listings[position].area_sqft,
  // Homes on the market have no completion years nor developers in the feed.
  figures: () => ({ completionYears: [], developers: [] }),
};
