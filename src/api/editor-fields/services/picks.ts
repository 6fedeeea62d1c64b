/**
 * The pickers' suggestions and the item a field holds (decision 227): what the search box's index finds
 * of what an editor typed, as picks of the kind a field stores, an item's with its listing's card. The
 * index is the one the public box reads, kept per build of the catalogues; nothing here is kept for the
 * public site.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Locale } from '../../../lib/locale';
import { catalogueFavouriting } from '../../catalogues/services/registry';
import { parseSuggestQuery, suggestion, suggestService } from '../../search/services/suggest';
import { PICK_KINDS, pickOf, withCard, type Pick, type PickKind, type Suggestion } from '../lib/picks';
import { previewCard } from '../lib/query-form';

/** Picks offered at once. */
const PICKS = 8;

/** The search box's suggestions of `typed` in `language` in the kind's groups, or the admin API's 400 with its sentence. */
async function suggestionsOf(strapi: Core.Strapi, kind: PickKind, typed: unknown, language: Locale): Promise<Suggestion[]> {
  const parsed = parseSuggestQuery({ q: typed }, language);
  if (!parsed.ok) throw new errors.ValidationError(parsed.errors.q.join(' '), { errors: parsed.errors });
  const { index, found } = await suggestService(strapi).found({ ...parsed.query, limit: PICKS });
  return PICK_KINDS[kind].groups.flatMap((group) => found[group].map(({ item, match }) => suggestion(index.items[item], match, language)));
}

/** The catalogue holding items of `kind`, read through its favourites (the items a buyer saves are those a field names). */
function itemsOf(kind: PickKind) {
  const entry = catalogueFavouriting(kind);
  if (!entry) throw new errors.ValidationError(`No catalogue holds items of the kind ${kind}`);
  return entry.favourites;
}

/** The first pick of each value: a city and a community of one name are one place to a query. */
const onceEach = (picks: Pick[]) => picks.filter((pick, i) => picks.findIndex((other) => other.value === pick.value) === i);

/** What `typed` names of `kind`, as picks counted in `catalogue` (a section's spelling) when given. */
export async function picksOf(strapi: Core.Strapi, kind: PickKind, typed: unknown, language: Locale, catalogue?: string): Promise<Pick[]> {
  const suggestions = await suggestionsOf(strapi, kind, typed, language);
  const { stored } = PICK_KINDS[kind];
  if ('own' in stored) {
    return onceEach(suggestions.flatMap((found) => {
      const value = stored.own(found);
      return value ? [pickOf(found, value, catalogue)] : [];
    }));
  }
  const items = itemsOf(kind);
  const keys = await Promise.all(suggestions.map((found) => (found.page ? items.keyNamed(strapi, found.page.slug, language) : undefined)));
  const cards = await items.cardsOf(strapi, keys.filter((key): key is string => !!key), language);
  return suggestions.flatMap((found, i) => {
    const card = keys[i] && cards.get(keys[i]!);
    return card ? [withCard(pickOf(found, keys[i]!, catalogue), previewCard(card))] : [];
  });
}

/** The item a field holds: as its card shows it now, or, once the catalogue no longer holds it, null and when it left (null when not known). */
export interface PickedItem {
  pick: Pick | null;
  leftAt: string | null;
}

/** The item a field of an item kind holds. */
export async function pickedItem(strapi: Core.Strapi, kind: PickKind, value: string, language: Locale): Promise<PickedItem> {
  const items = itemsOf(kind);
  const card = (await items.cardsOf(strapi, [value], language)).get(value);
  if (card) return { pick: withCard({ value, label: value, detail: null, image: null, count: 1 }, previewCard(card)), leftAt: null };
  return { pick: null, leftAt: await items.leftAt(strapi, value) };
}
