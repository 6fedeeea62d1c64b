/**
 * A listing query written back as its one query string (pure): the filters in the parser's order, lists
 * comma-separated, `near` when given, the sort when not the default, without paging. Two queries that mean the same
 * search write the same string, and parsing it gives the same filters back.
 */
import { DEFAULT_SORT, type ListingQuery } from './query';

export function listingQueryString(query: ListingQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query.filters)) params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  if (query.near) params.set('near', query.near.join(','));
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  return params.toString();
}
