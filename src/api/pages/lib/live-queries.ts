/**
 * The listing queries of a page's live sections (decision 168): what each section asks of which
 * catalogue, as the query string that catalogue's own listing reads. The editor writes the filters and
 * the sort (`state_id=DU&sort=price_asc`); the section sets the rest: the number of cards (its limit,
 * never `page` nor `per_page`), a listing section's purpose, an area's place (`location`), the reader's
 * currency when the page is read in another, and a map's box (the one that holds its results). Pure.
 */
import type { FieldErrors } from '../../../lib/envelope';

export const CATALOGUES = ['off_plan', 'sale', 'rent'] as const;
export type Catalogue = (typeof CATALOGUES)[number];

/** The parameters a section sets itself: an editor's are dropped. */
const SET_BY_SECTION = ['page', 'per_page', 'purpose', 'currency', 'bbox', 'zoom'];

/** The listing query string a section of `catalogue` asks with the editor's `query` (a leading `?` allowed). */
export function sectionQuery(catalogue: Catalogue, query: string | null | undefined, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams((query ?? '').trim().replace(/^\?/, ''));
  for (const name of SET_BY_SECTION) params.delete(name);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  if (catalogue !== 'off_plan') params.set('purpose', catalogue);
  params.sort();
  return params.toString();
}

/** The same query as read in `currency` (the site's own when undefined). */
export function inCurrency(query: string, currency: string | undefined): string {
  if (!currency) return query;
  const params = new URLSearchParams(query);
  params.set('currency', currency);
  return params.toString();
}

/** Reads a query string as a catalogue's listing does: its 422 messages, or undefined when it reads. */
export type QueryCheck = (catalogue: Catalogue, query: string) => FieldErrors | undefined;

/** One sentence of a listing's 422 messages, as the Content Manager shows it on the section's field. */
export const checkSentence = (errors: FieldErrors): string =>
  Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join(' ');
