/**
 * The website's public pages as sitemap entries: each page in each language is its own `<url>`, and
 * every one of them names the whole set of its alternates (each language and x-default, itself
 * included), as Google asks of an hreflang cluster (it drops a cluster whose links are not reciprocal).
 * The URLs come from the paths map (src/api/website/services/site-pages.ts). Pure.
 */
import type { SitemapItemLoose } from 'sitemap';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../lib/locale';
import { pageAlternates, type PageKind } from '../../website/services/site-pages';

/**
 * One page of the site (in every language), and when what it shows last changed (epoch ms), when known:
 * by its kind in the paths map, or by its URL in each language (a defined catalogue's item, decision 220).
 */
export type SitePage =
  | { kind: PageKind; params?: Readonly<Record<string, string>>; lastModified?: number }
  | { urls: Readonly<Record<Locale, string>>; lastModified?: number };

/** The sitemap's sections (`pages`, `developers`, then each catalogue's name), each served in parts of its own (`projects-1`, `projects-2`, ...). */
export type Section = string;

/** A page's entries, one per language, each with the whole cluster of alternates. */
export function urlsOf(page: SitePage): SitemapItemLoose[] {
  const alternates = 'urls' in page ? { ...page.urls, 'x-default': page.urls[DEFAULT_LOCALE] } : pageAlternates(page.kind, page.params);
  const links = Object.entries(alternates).map(([lang, url]) => ({ lang, hreflang: lang, url }));
  const lastmod = page.lastModified ? new Date(page.lastModified).toISOString() : undefined;
  return LOCALES.map((locale) => ({ url: alternates[locale], ...(lastmod ? { lastmod } : {}), links }));
}

/** The latest of some dates (epoch ms), or undefined when none is known. */
export function latest(dates: Iterable<number | undefined>): number | undefined {
  let found: number | undefined;
  for (const date of dates) if (date && (found === undefined || date > found)) found = date;
  return found;
}
