/**
 * A suggestion as the site shows it, in the request's language: its label (the other language's name
 * beside it where both are known), its emirate, its counts, and what applying it means: the listing
 * query that selects it, or the page it opens with its canonical URL.
 */
import { success } from '../../../lib/envelope';
import { LOCALES, type Locale } from '../../../lib/locale';
import { pageUrl } from '../../website/services/site-pages';
import { CATALOGUE_WORDS } from '../../catalogues/services/vocabulary';
import { SEARCH_MESSAGES } from './query';
import { GROUPS, type Group, type Suggestible } from './suggestibles';
import type { Found, SuggestIndex } from './suggest-index';

/** The name in `locale`, else the one there is. */
const nameIn = (names: Record<Locale, string>, locale: Locale) => names[locale] || names.en;

export function suggestion(item: Suggestible, match: Found['match'], locale: Locale) {
  const label = nameIn(item.names, locale);
  const other = LOCALES.map((language) => item.names[language]).find((name) => name && name !== label) ?? null;
  return {
    type: item.type,
    label,
    alternate_label: other,
    community: item.community && nameIn(item.community, locale),
    state_id: item.state_id,
    state_name: item.state_id ? CATALOGUE_WORDS[locale].emirate(item.state_id) : null,
    counts: item.counts,
    query: item.query,
    page: item.page && { slug: item.page.slug, canonical_url: pageUrl(item.page.kind, locale, { slug: item.page.slug }) },
    match,
  };
}

export type SuggestionBody = ReturnType<typeof suggestion>;

export function suggestBody(index: SuggestIndex, q: string, found: Record<Group, Found[]>, locale: Locale) {
  const groups = Object.fromEntries(GROUPS.map((group) => [group, found[group].map(({ item, match }) => suggestion(index.items[item], match, locale))])) as Record<Group, SuggestionBody[]>;
  return success({ q, groups }, 200, SEARCH_MESSAGES[locale].suggestions);
}
