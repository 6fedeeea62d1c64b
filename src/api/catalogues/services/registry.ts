/**
 * The registry of catalogues (decision 204), this domain's front door to it: each catalogue registers its
 * entry at the start, and every reader of catalogues (saved searches, alerts, page sections, the sitemap)
 * loops over what is registered. A service file rather than an `index.ts`, as vocabulary.ts says.
 */
export {
  catalogueAlerting, catalogueEnquiredAs, catalogueFavouriting, catalogueSurrogateKeys, landingSurrogateKeys, catalogueNamed, catalogues, catalogueSpelled, firstCatalogue, registerCatalogue, sectionSpellings, spellingOf, unregisterCatalogue,
  type AlertItems, type AlertSearch, type CatalogueAlerts, type BuilderOption, type CatalogueBuilder, type CatalogueEntry, type CataloguePage, type CatalogueQueryCheck, type CatalogueSpelling, type FavouriteItems,
  type CataloguePlace, type CatalogueSitemap, type CatalogueSuggestibles, type CatalogueSuggestSource, type SuggestibleItem, type SuggestibleItemType,
  type CatalogueEnquiry, type EnquiredItem, type EnquiredListing, type SpelledCatalogue,
} from '../lib/registry';
export { noSuggestibles, suggestiblesOf, type SuggestibleBuilder, type SuggestibleParts } from '../lib/suggestibles';
export { alertSearchOf, cardsByKey, countSelected, type ItemSelection } from '../lib/item-selection';
