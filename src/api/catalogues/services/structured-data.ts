/**
 * The JSON-LD every catalogue's item page shares, this domain's front door to it (as vocabulary.ts is to
 * the shared words): the page's shape, the agency as its publisher, the home types schema.org names.
 */
export { APARTMENT_TYPES, HOUSE_TYPES, agencyWith, itemPageData, offeredByAgency, type ItemPage } from '../lib/structured-data';
