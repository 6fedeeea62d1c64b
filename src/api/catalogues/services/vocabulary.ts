/**
 * The vocabulary every catalogue shares (decision 148, 196), this domain's front door: the option lists
 * and how the query reads them (the shared parameters' descriptions), the search words, the 422 wording, the words the service writes in each
 * language, the currencies, and the counts by emirate. One vocabulary, so a website sends every catalogue
 * the same values and gets the same sentences. A service file rather than an `index.ts`: Strapi loads a
 * domain's `index.ts` as the API's definition and refuses any key it does not know.
 */
export {
  BEDROOMS, CURRENCIES, PROPERTY_TYPES, SITE_CURRENCY, bedroomsOption, foldForSearch, optionsNamed, propertyTypesNamed, queryOption,
  rememberedByName, searchWords, type Bedrooms, type Currency, type PhraseTable, type PropertyType,
} from '../lib/options';
export { CATALOGUE_WORDS, type CatalogueWords } from '../lib/catalogue-words';
export { QUERY_MESSAGES, type QueryMessages, type SharedList } from '../lib/query-messages';
export { MAX_QUERY_TEXT, SHARED_QUERY_PARAMS } from '../lib/query-params';
export { countStates, stateOptions, type StateCount } from '../lib/state-counts';
export type { LiveResult } from '../lib/live-result';
export { sharedBuilderOptions } from '../lib/builder-options';
