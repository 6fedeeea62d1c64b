/**
 * The sitemap as the protocol (sitemaps.org) wants it served: parts of at most 50,000 URLs and 50 MB
 * (uncompressed) each, written by the `sitemap` package, and an index naming every part with the
 * latest `lastmod` in it. A section's URLs are cut every 50,000; a part that renders over 50 MB is
 * halved until each half fits. Pure (no Strapi).
 */
import { Readable } from 'stream';
import { ErrorLevel, SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { Section } from './sitemap-urls';

/** The protocol's limits of one part. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };

export type Limits = typeof SITEMAP_LIMITS;

export interface RenderedPart {
  /** `projects-1`: the part's name in its URL. */
  name: string;
  xml: Buffer;
  urls: number;
  /** The latest `lastmod` of its URLs (ISO), if any has one. */
  lastmod?: string;
}

/** `items` cut into runs of at most `size`. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

const render = (stream: SitemapStream | SitemapIndexStream, items: readonly unknown[]) => streamToPromise(Readable.from(items).pipe(stream));

/** One `<urlset>`: invalid input (a relative URL, say) throws rather than being left out unseen. */
const urlset = (urls: readonly SitemapItemLoose[]) =>
  render(new SitemapStream({ level: ErrorLevel.THROW, xmlns: { xhtml: true, news: false, image: false, video: false } }), urls);

/** The `<urlset>`s of `urls`, each within `limits` (halved until it is). */
async function rendered(urls: SitemapItemLoose[], limits: Limits): Promise<Array<{ xml: Buffer; urls: SitemapItemLoose[] }>> {
  const xml = await urlset(urls);
  if (xml.length <= limits.bytes || urls.length === 1) return [{ xml, urls }];
  const half = Math.ceil(urls.length / 2);
  return [...(await rendered(urls.slice(0, half), limits)), ...(await rendered(urls.slice(half), limits))];
}

const latestOf = (urls: readonly SitemapItemLoose[]) => urls.reduce<string | undefined>((found, { lastmod }) => (lastmod && (!found || lastmod > found) ? lastmod : found), undefined);

/** Each section's parts, in order, named `<section>-<n>` from 1; a section without URLs has none. */
export async function renderParts(sections: ReadonlyArray<[Section, SitemapItemLoose[]]>, limits: Limits = SITEMAP_LIMITS): Promise<RenderedPart[]> {
  const parts: RenderedPart[] = [];
  for (const [section, urls] of sections) {
    let number = 0;
    for (const chunk of chunked(urls, limits.urls)) {
      for (const part of await rendered(chunk, limits)) {
        number += 1;
        parts.push({ name: `${section}-${number}`, xml: part.xml, urls: part.urls.length, lastmod: latestOf(part.urls) });
      }
    }
  }
  return parts;
}

/** The sitemap index naming each part at `partUrl(name)`. */
export function renderIndex(parts: readonly RenderedPart[], partUrl: (name: string) => string): Promise<Buffer> {
  const items = parts.map(({ name, lastmod }) => ({ url: partUrl(name), ...(lastmod ? { lastmod } : {}) }));
  return render(new SitemapIndexStream({ level: ErrorLevel.THROW }), items);
}
