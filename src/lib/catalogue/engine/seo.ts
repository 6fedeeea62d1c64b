/**
 * An item page's search-engine fields as its data gives them (decision 113), the part every catalogue
 * shares: the candidate wordings (most informative first) cut to the 60/160 rules of src/lib/seo.ts, no
 * canonical URL and no `noindex` of its own (an editor's override may add them), the image, and the
 * keywords once each. A catalogue writes only its words: which fields, in which sentences. Pure.
 */
import type { Locale } from '../../locale';
import { firstThatFits, META_DESCRIPTION_MAX, META_TITLE_MAX, type SeoBlock } from '../../seo';

export interface SeoWording {
  /** Titles, most informative first: the first that fits whole is taken, else the last cut on a word. */
  titles: readonly string[];
  descriptions: readonly string[];
  image: string | null;
  /** Blanks and repeats are dropped. */
  keywords: readonly string[];
}

/** How a language separates the items of a list in a sentence ("Marina, Dubai"). */
export const LIST_SEPARATOR: Record<Locale, string> = { en: ', ', ar: '، ' };

/** Texts trimmed, blanks dropped, each once in the order first given. */
export const distinct = (values: readonly string[]): string[] => [...new Set(values.map((value) => value.trim()).filter(Boolean))];

/** The parts that have a value, joined. */
export const joined = (parts: readonly (string | null | false | undefined)[], separator: string): string => parts.filter(Boolean).join(separator);

/** " in Marina", " by Emaar": a word and its value after a space, nothing without a value. */
export const phrase = (word: string, value: string): string => (value ? ` ${word} ${value}` : '');

/** The SEO block of an item's page from its catalogue's wording. */
export function derivedSeo({ titles, descriptions, image, keywords }: SeoWording): SeoBlock {
  return {
    meta_title: firstThatFits(titles, META_TITLE_MAX),
    meta_description: firstThatFits(descriptions, META_DESCRIPTION_MAX),
    canonical_url: null,
    og_image: image,
    noindex: false,
    keywords: distinct(keywords),
  };
}
