/**
 * The off-plan side's pure vocabulary that the listings catalogue shares (decision 148), through this
 * domain's front door: the option lists and how the query reads them, the search words, the 422 wording,
 * the words the service writes in each language, the currencies, and the counts by emirate. One vocabulary, so a website
 * sends both catalogues the same values and gets the same sentences.
 */
export { BEDROOMS, CURRENCIES, PROPERTY_TYPES, bedroomsOption, propertyTypesNamed, queryOption, searchWords, type Bedrooms, type Currency, type PropertyType } from '../lib/options';
export { SITE_CURRENCY } from '../lib/currency';
export { LISTING_WORDS } from '../lib/listing-words';
export { QUERY_MESSAGES, type QueryMessages } from '../lib/query-messages';
export { countStates, type StateCount } from '../lib/project-index';
