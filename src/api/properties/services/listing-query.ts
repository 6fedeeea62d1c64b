/**
 * The sale and rent listing's query language for other domains (a saved search of listings stores one):
 * a query string read by the listing's own parser, with its own 422 messages in `locale`, and written
 * back normalised (the purpose first).
 */
import type { FieldErrors } from '../../../lib/envelope';
import type { Locale } from '../../../lib/locale';
import { catalogueQueryString } from '../../../lib/catalogue/query-form';
import { parseQueryString } from '../../../lib/query-string';
import { DEFAULT_SORT } from '../lib/options';
import { parseListingQuery, type ListingQuery } from '../lib/query';

export type PropertiesQueryCheck = { ok: true; normalised: string } | { ok: false; errors: FieldErrors };

/** The listing query a stored or typed query string means, or its 422s. */
export const readPropertiesQuery = (queryString: string, locale: Locale) => parseListingQuery(parseQueryString(queryString.replace(/^\?/, '')), locale);

/** `queryString` (`purpose=rent&state_id=DU`, a leading `?` allowed) as the listing reads it. */
export function checkPropertiesQuery(queryString: string, locale: Locale): PropertiesQueryCheck {
  const parsed = readPropertiesQuery(queryString, locale);
  return parsed.ok ? { ok: true, normalised: propertiesQueryString(parsed.query) } : parsed;
}

const propertiesQueryString = (query: ListingQuery) => catalogueQueryString(query, DEFAULT_SORT, { purpose: query.purpose });
