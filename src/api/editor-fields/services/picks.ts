/**
 * The pickers' suggestions (decision 227): what the search box's index finds of what an editor typed,
 * as picks of the kind a field stores. The index is the one the public box reads, kept per build of the
 * catalogues; nothing here is kept for the public site.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Locale } from '../../../lib/locale';
import { parseSuggestQuery, suggestion, suggestService } from '../../search/services/suggest';
import { placePick, type Pick } from '../lib/picks';

/** Picks offered at once. */
const PICKS = 8;

/** The search box's groups of `typed` in `language`, or the admin API's 400 with its sentence. */
async function suggestionsOf(strapi: Core.Strapi, typed: unknown, language: Locale) {
  const parsed = parseSuggestQuery({ q: typed }, language);
  if (!parsed.ok) throw new errors.ValidationError(parsed.errors.q.join(' '), { errors: parsed.errors });
  const { index, found } = await suggestService(strapi).found({ ...parsed.query, limit: PICKS });
  return (group: keyof typeof found) => found[group].map(({ item, match }) => suggestion(index.items[item], match, language));
}

/** The cities and communities `typed` names, as the Location control's picks, counted in `catalogue`. */
export async function placePicks(strapi: Core.Strapi, typed: unknown, language: Locale, catalogue: string | undefined): Promise<Pick[]> {
  const groups = await suggestionsOf(strapi, typed, language);
  return [...groups('cities'), ...groups('communities')].flatMap((found) => placePick(found, catalogue) ?? []);
}
