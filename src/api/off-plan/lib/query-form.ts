/**
 * The off-plan listing's query written back as its one query string (the catalogue's rule,
 * src/lib/catalogue/query-form.ts).
 */
import { catalogueQueryString } from '../../../lib/catalogue/query-form';
import { DEFAULT_SORT, type ListingQuery } from './query';

export const listingQueryString = (query: ListingQuery): string => catalogueQueryString(query, DEFAULT_SORT);
