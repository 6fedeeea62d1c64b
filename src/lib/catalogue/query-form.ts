/**
 * A catalogue's query written back as its one query string (pure): `first` (a required parameter), the
 * filters in the parser's order, lists comma-separated, `near` when given, the sort when not the default,
 * without paging. Two queries that mean the same search write the same string, and parsing it gives the
 * same filters back.
 */
import type { LatLng } from './geo-query';

export interface WrittenQuery {
  filters: object;
  near?: LatLng;
  sort: string;
}

export function catalogueQueryString(query: WrittenQuery, defaultSort: string, first: Record<string, string> = {}): string {
  const params = new URLSearchParams(first);
  for (const [name, value] of Object.entries(query.filters)) params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  if (query.near) params.set('near', query.near.join(','));
  if (query.sort !== defaultSort) params.set('sort', query.sort);
  return params.toString();
}
