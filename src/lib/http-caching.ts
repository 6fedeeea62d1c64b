/**
 * What browsers and CDNs are told about each public GET (docs/performance.md, "Caching at the edge"):
 * - `Cache-Control` per kind of route: editorial pages (purged by the service on every edit, so a CDN may
 *   keep them) and provider data (refreshed in the background, so a CDN keeps it shorter). Browsers
 *   always revalidate (`max-age=0`), which the ETag makes a cheap 304.
 * - `Surrogate-Key` (Fastly, Varnish xkey) and `Cache-Tag` (Cloudflare, Akamai): what the answer is built
 *   from, so an invalidation of the service's cache purges exactly those answers at the CDN.
 * Each route declares its policy (src/lib/site-routes.ts); errors, POSTs and token routes have none and
 * get none of these headers.
 */

import { DEFAULT_LOCALE, LOCALES, localized, type Locale } from './locale';

export type CacheKind = 'pages' | 'provider' | 'pending';

export interface CacheControlSettings {
  /** CACHE_CONTROL_PAGES */
  pages: string;
  /** CACHE_CONTROL_PROVIDER */
  provider: string;
  /** CACHE_CONTROL_PENDING: a project answered from its card while its detail is read (decision 67). */
  pending: string;
}

export const DEFAULT_CACHE_CONTROL: CacheControlSettings = {
  pages: 'public, max-age=0, s-maxage=300, stale-while-revalidate=60',
  provider: 'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
  pending: 'public, max-age=0, s-maxage=5',
};

let settings: CacheControlSettings = DEFAULT_CACHE_CONTROL;

export function configureCacheControl(configured: Partial<CacheControlSettings>): void {
  settings = {
    pages: configured.pages || DEFAULT_CACHE_CONTROL.pages,
    provider: configured.provider || DEFAULT_CACHE_CONTROL.provider,
    pending: configured.pending || DEFAULT_CACHE_CONTROL.pending,
  };
}

/** How the edge may keep a public GET's answer: declared with its route (src/lib/site-routes.ts). */
export interface CachePolicy {
  kind: CacheKind;
  /** What the answer is built from, in the order sent. */
  surrogateKeys: readonly string[];
  /**
   * Those of them editors write per language: an answer in another locale carries the locale's own key
   * beside the English one (`luxury media luxury:ar`), as it is built from both (decision 55).
   */
  localized?: readonly string[];
}

/** Media are shared by every page that shows them. */
export const MEDIA_SURROGATE_KEY = 'media';

export interface EdgeHeaders {
  'Cache-Control': string;
  'Surrogate-Key': string;
  'Cache-Tag': string;
}

const edgeHeaders = (cacheControl: string, keys: readonly string[]): EdgeHeaders => ({
  'Cache-Control': cacheControl,
  'Surrogate-Key': keys.join(' '),
  // Cloudflare and Akamai separate tags with commas.
  'Cache-Tag': keys.join(','),
});

/** An answer's own caching headers, when they differ per answer (a project's: decision 67). */
export const ownEdgeHeaders = (kind: CacheKind, keys: readonly string[]): EdgeHeaders => edgeHeaders(settings[kind], keys);

/** The caching headers of a successful public GET under `policy` in `locale`. */
export function edgeHeadersFor(policy: CachePolicy, locale: Locale = DEFAULT_LOCALE): EdgeHeaders {
  const { surrogateKeys, localized: perLocale = [] } = policy;
  const keys = locale === DEFAULT_LOCALE ? surrogateKeys : [...surrogateKeys, ...perLocale.map((key) => localized(key, locale))];
  return edgeHeaders(settings[policy.kind], keys);
}

const keysByTag = new Map<string, string>();

/** Says which surrogate key answers built from cache tag `tag` carry (declared beside the tag). */
export function declareSurrogateKey(key: string, ...tags: string[]): void {
  for (const tag of tags) keysByTag.set(tag, key);
}

/** `declareSurrogateKey` for each locale: the locale's variant of the key for that of the tags. */
export function declareLocalizedSurrogateKey(key: string, ...tags: string[]): void {
  for (const locale of LOCALES) declareSurrogateKey(localized(key, locale), ...tags.map((tag) => localized(tag, locale)));
}

const keyPrefixByTagPrefix = new Map<string, string>();

/** `declareSurrogateKey` for a family: tag `tagPrefix + x` purges key `keyPrefix + x`. */
export function declareSurrogateKeyFamily(tagPrefix: string, keyPrefix: string): void {
  keyPrefixByTagPrefix.set(tagPrefix, keyPrefix);
}

function surrogateKeyOf(tag: string): string | undefined {
  const key = keysByTag.get(tag);
  if (key) return key;
  for (const [tagPrefix, keyPrefix] of keyPrefixByTagPrefix) {
    if (tag.startsWith(tagPrefix)) return keyPrefix + tag.slice(tagPrefix.length);
  }
  return undefined;
}

/** The surrogate keys to purge when these cache tags are invalidated. */
export function surrogateKeysOf(tags: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const tag of tags) {
    const key = surrogateKeyOf(tag);
    if (key) keys.add(key);
  }
  return [...keys];
}
