/**
 * The listing queries of a page's live sections (decision 168): what each section asks of which
 * catalogue, as the query string that catalogue's own listing reads. The editor writes the filters and
 * the sort (`state_id=DU&sort=price_asc`); the section sets the rest: the number of cards (its limit,
 * never `page` nor `per_page`), the part of the catalogue its spelling names (`sale`: `purpose=sale`), an
 * area's place (`location`), the reader's currency when the page is read in another, and a map's box (the
 * one that holds its results). Pure but for the registry of catalogues it reads.
 */
import type { FieldErrors } from '../../../lib/envelope';
import { catalogues, catalogueSpelled } from '../../catalogues/services/registry';

/** A catalogue as a section names it: a spelling of the registry's (`off_plan`, `sale`, `rent`, decision 204). */
export type Catalogue = string;

/** The parameters a section sets itself, besides those a catalogue's spellings narrow by: an editor's are dropped. */
export const SET_BY_SECTION = ['page', 'per_page', 'currency', 'bbox', 'zoom'];

/** Every parameter some spelling narrows its catalogue by (`purpose`): the spelling sets it, never the editor. */
const narrowingParameters = () => catalogues().flatMap((entry) => entry.spellings.flatMap(({ narrows }) => Object.keys(narrows)));

/** The listing query string a section of `catalogue` asks with the editor's `query` (a leading `?` allowed). */
export function sectionQuery(catalogue: Catalogue, query: string | null | undefined, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams((query ?? '').trim().replace(/^\?/, ''));
  for (const name of [...SET_BY_SECTION, ...narrowingParameters()]) params.delete(name);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  for (const [name, value] of Object.entries(catalogueSpelled(catalogue)?.narrows ?? {})) params.set(name, value);
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
