/**
 * A saved search's body (pure but for the registry of catalogues it reads): its name, how often its alerts
 * go, the catalogue it searches (by its registry name: `projects`, `listings`; none: the first registered)
 * and the listing query it keeps, checked by that catalogue's own parser (handed in as `checkQuery`),
 * whose errors come under `query.<parameter>` with the listing's own words. On a PATCH every field is
 * optional, and the catalogue stays the search's.
 */
import type { FieldErrors } from '../../../lib/envelope';
import type { Locale } from '../../../lib/locale';
import { catalogueNamed, catalogues, firstCatalogue } from '../../catalogues/services/registry';
import { ACCOUNT_MESSAGES } from './account-messages';
import { FieldReader } from './fields';

export const FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** A catalogue's name in the registry (decision 204). */
export type Catalogue = string;

export const SEARCH_NAME_MAX = 100;
export const QUERY_MAX = 2000;

export interface SavedSearchFields {
  name?: string;
  catalogue?: Catalogue;
  query?: string;
  frequency?: Frequency;
}

export type QueryCheck = { ok: true; normalised: string } | { ok: false; errors: FieldErrors };

export type SavedSearchResult = { ok: true; fields: SavedSearchFields } | { ok: false; errors: FieldErrors };

export function savedSearchFields(
  body: Record<string, unknown>,
  locale: Locale,
  checkQuery: (query: string, catalogue: Catalogue) => QueryCheck,
  { partial = false, stored }: { partial?: boolean; stored?: Catalogue } = {}
): SavedSearchResult {
  const messages = ACCOUNT_MESSAGES[locale];
  const read = new FieldReader(body, messages);
  const fields: SavedSearchFields = {};

  const name = read.text('name', SEARCH_NAME_MAX);
  if (name) fields.name = name;
  else if (name === null || (name === undefined && !partial && !read.errors.name)) read.fail('name', messages.nameRequired);

  let catalogue = stored ?? firstCatalogue().name;
  if (read.has('catalogue') || !partial) {
    const given = body.catalogue ?? catalogue;
    if (!catalogueNamed(given)) read.fail('catalogue', messages.catalogue(catalogues().map((entry) => entry.name).join(', ')));
    else if (stored && given !== stored) read.fail('catalogue', messages.catalogueFixed);
    else if (!partial) fields.catalogue = catalogue = given as Catalogue;
  }

  const query = read.text('query', QUERY_MAX);
  if (query && !read.errors.catalogue) {
    const checked = checkQuery(query, catalogue);
    if (checked.ok) fields.query = checked.normalised;
    else for (const [parameter, problems] of Object.entries(checked.errors)) for (const problem of problems) read.fail(`query.${parameter}`, problem);
  } else if (query === null || (query === undefined && !partial && !read.errors.query)) read.fail('query', messages.queryRequired);

  if (read.has('frequency') || !partial) {
    const frequency = body.frequency ?? (partial ? undefined : 'daily');
    if (!(FREQUENCIES as readonly unknown[]).includes(frequency)) read.fail('frequency', messages.frequency(FREQUENCIES.join(', ')));
    else fields.frequency = frequency as Frequency;
  }

  if (!read.ok) return { ok: false, errors: read.errors };
  if (Object.keys(fields).length === 0) return { ok: false, errors: { body: [messages.nothingToChange] } };
  return { ok: true, fields };
}
