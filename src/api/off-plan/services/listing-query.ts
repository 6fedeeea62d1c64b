/**
 * The listing's query language for other domains (a saved search stores a listing query): a query
 * string read by the listing's own parser, with its own 422 messages in `locale`, and written back
 * normalised (lib/query-form.ts).
 */
import type { FieldErrors } from '../../../lib/envelope';
import type { Locale } from '../../../lib/locale';
import { parseQueryString } from '../../../lib/query-string';
import { parseListingQuery } from '../lib/query';
import { listingQueryString } from '../lib/query-form';

export type ListingQueryCheck = { ok: true; normalised: string } | { ok: false; errors: FieldErrors };

/** `queryString` (`state_id=DU&min_price=1000000`, a leading `?` allowed) as the listing reads it. */
export function checkListingQuery(queryString: string, locale: Locale): ListingQueryCheck {
  const parsed = parseListingQuery(parseQueryString(queryString.replace(/^\?/, '')), locale);
  return parsed.ok ? { ok: true, normalised: listingQueryString(parsed.query) } : parsed;
}

export default () => ({ check: checkListingQuery });
