/**
 * The homes for sale and rent as the registry of catalogues knows them (decision 204): named `listings`,
 * spelled `sale` and `rent` by page sections (each the listings of that purpose), read through this
 * domain's own services.
 */
import { registerCatalogue, suggestiblesOf, type CatalogueEntry, type SuggestibleParts } from '../catalogues/services/registry';
import { pageUrl } from '../website/services/site-pages';
import { catalogueService, LISTINGS_TAG } from '../../plugins/extsource/server/src/public';
import { checkPropertiesQuery } from './services/listing-query';
import { listingAlerts } from './services/listing-match';
import { LISTINGS_SURROGATE_KEY, PROPERTIES_MAP_PATH, propertiesService } from './services/properties';
import { countListings, type ListingIndex } from './services/listing-match';
import { LISTING_MESSAGES } from './lib/messages';
import { LISTING_BUILDER_CONTROLS } from './lib/query';
import { sortOptions } from './lib/response';
import { sharedBuilderOptions } from '../catalogues/services/vocabulary';

type Listing = ListingIndex['listings'][number];

/** What the search box suggests of the listings (decision 215): their places and their references, each counted under its purpose. */
const suggestibleListings = (index: ListingIndex): SuggestibleParts<Listing> => ({
  type: 'listing',
  place: ({ state_id, city, community, sub_community }) => ({ state_id, city, community, sub_community }),
  names: (listing) => ({ en: listing.reference, ar: '' }),
  slug: (position) => index.slugs[position],
  fields: (listing) => ({ purpose: listing.purpose }),
});

export const PROPERTIES_CATALOGUE: CatalogueEntry = {
  name: 'listings',
  spellings: [
    { spelling: 'sale', narrows: { purpose: 'sale' } },
    { spelling: 'rent', narrows: { purpose: 'rent' } },
  ],
  surrogateKey: LISTINGS_SURROGATE_KEY,
  cacheTag: LISTINGS_TAG,
  mapPath: PROPERTIES_MAP_PATH,
  checkQuery: checkPropertiesQuery,
  live: (strapi, query, locale, limit) => propertiesService(strapi).live(query, locale, limit),
  listingUrl: (narrows, locale) => pageUrl('properties', locale, narrows),
  builder: {
    controls: LISTING_BUILDER_CONTROLS,
    options: async (_strapi, locale) => ({ ...sharedBuilderOptions(locale), sort: sortOptions(locale) }),
  },
  favourites: {
    kind: 'listing',
    column: 'listing_reference',
    card: { key: 'reference', list: 'listings' },
    path: 'listings/:reference',
    keyPattern: /^[A-Za-z0-9_.\/-]{1,100}$/,
    notFound: (key, locale) => LISTING_MESSAGES[locale].favouriteNotFound(key.slice(0, 100)),
    cardsOf: (strapi, references, locale) => propertiesService(strapi).cardsOf(references, locale),
    keyNamed: (strapi, key, locale) => propertiesService(strapi).referenceOf(key, locale),
    leftAt: (strapi, reference) => catalogueService(strapi).listingLeftAt(reference),
  },
  alerts: listingAlerts,
  async sitemapPages(strapi) {
    return (await propertiesService(strapi).sitemapListings()).map(({ slug, lastModified }) => ({ kind: 'listing', params: { slug }, lastModified }));
  },
  sitemap: { noindexTypes: [], related: async () => ({ pages: [], sections: [] }) },
  enquiry: {
    kind: 'listing',
    async find(strapi, key, locale) {
      const listing = await propertiesService(strapi).enquiredListing(key, locale);
      return listing && { kind: 'listing', listing };
    },
  },
  suggest: {
    // After a rebuild under way (a sync's), so the box reads the listings it brought.
    async current(strapi) {
      await propertiesService(strapi).rebuilt();
      return propertiesService(strapi).index('en');
    },
    suggestibles(build) {
      const index = build as ListingIndex;
      return suggestiblesOf(index.listings, suggestibleListings(index), (query) => countListings(index, query));
    },
  },
};

export const registerPropertiesCatalogue = (): void => registerCatalogue(PROPERTIES_CATALOGUE);
