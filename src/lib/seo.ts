/**
 * The SEO block every answer that names a page carries (the `shared.seo` component, decision 111): the
 * editor's title and description, then the fields issue 34 added in a fixed shape (`canonical_url` and
 * `og_image` null, `noindex` false, `keywords` [] when empty), and the length rules of a derived
 * title (60) and description (160), cut on a word. Pure: no domain, no Strapi.
 */
import type { OptionalMediaUrl } from './media';
import type { RecordOf } from './records';

export type SeoRecord = RecordOf<'shared.seo'>;

/** The fields added to the two that existed before (whose bytes stay as they were). */
export interface SeoExtras {
  canonical_url: string | null;
  og_image: string | null;
  noindex: boolean;
  keywords: string[];
}

export interface SeoBlock extends SeoExtras {
  meta_title: string;
  meta_description: string;
}

/** What search results show in full, about: Google cuts a longer title or description itself. */
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;

const ELLIPSIS = '…';

/** Keywords as editors type them: separated by commas (Latin or Arabic) or lines; blanks and repeats dropped. */
export function keywordList(text: string | null | undefined): string[] {
  const words = (text ?? '').split(/[,،\n]/).map((word) => word.trim().replace(/\s+/g, ' '));
  return [...new Set(words.filter(Boolean))];
}

/** The extras of an editor's SEO record, in the fixed shape. */
export function seoExtras(record: SeoRecord | null | undefined, image: OptionalMediaUrl): SeoExtras {
  return {
    canonical_url: record?.canonical_url?.trim() || null,
    og_image: image(record?.og_image),
    noindex: record?.noindex === true,
    keywords: keywordList(record?.keywords),
  };
}

/**
 * `text` within `max` characters (code points): whole as it is when it fits, else cut after the last
 * whole word that leaves room for an ellipsis (trailing punctuation dropped). A first word longer than
 * the limit alone is cut inside it, the one case where no word boundary fits.
 */
export function withinLength(text: string, max: number): string {
  const normalised = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(normalised);
  if (chars.length <= max) return normalised;
  const room = chars.slice(0, max - ELLIPSIS.length + 1).join('');
  const lastSpace = room.lastIndexOf(' ');
  const kept = lastSpace > 0 ? room.slice(0, lastSpace) : Array.from(room).slice(0, max - ELLIPSIS.length).join('');
  return `${kept.replace(/[\s,،;؛:.\-–—|·]+$/u, '')}${ELLIPSIS}`;
}

/** The first candidate that fits `max` whole (most informative first), else the last one cut on a word. */
export function firstThatFits(candidates: readonly string[], max: number): string {
  const written = candidates.map((candidate) => candidate.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return written.find((candidate) => Array.from(candidate).length <= max) ?? withinLength(written.at(-1) ?? '', max);
}

/**
 * An editor's SEO record over what the data says when they wrote nothing: each field they filled wins,
 * each one left empty is the derived one. `noindex` is theirs alone (false unless set).
 */
export function seoOver(derived: SeoBlock, record: SeoRecord | null | undefined, image: OptionalMediaUrl): SeoBlock {
  const written = seoExtras(record, image);
  return {
    meta_title: record?.meta_title?.trim() || derived.meta_title,
    meta_description: record?.meta_description?.trim() || derived.meta_description,
    canonical_url: written.canonical_url ?? derived.canonical_url,
    og_image: written.og_image ?? derived.og_image,
    noindex: written.noindex || derived.noindex,
    keywords: written.keywords.length ? written.keywords : derived.keywords,
  };
}
