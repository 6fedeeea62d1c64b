/**
 * The sitemap, built once per change of what it lists and kept as finished bytes: the index and every
 * part in one cache entry (so an index never names parts of another build), dropped when a new project
 * collection arrives or an editor changes one of the three pages (their types' cache tags), and after
 * the developers' lifetime (the developers list is refreshed then). Each body's ETag and compressed
 * variants are made once, by its Representation. The fast lane answers from the entry alone.
 */
import type { Core } from '@strapi/strapi';
import { cache, CACHE_LIFETIMES, declareCacheTags } from '../../../lib/cache';
import { laneLookup } from '../../../lib/fast-lane';
import { everyLocaleOf } from '../../../lib/locale';
import { Representation } from '../../../lib/representation';
import { renderIndex, renderParts } from '../lib/sitemap-parts';
import { catalogues } from '../../catalogues/services/registry';
import { urlsOf } from '../lib/sitemap-urls';
import { SITEMAP_PARTS_PATH, SITEMAP_PATH } from '../routes/sitemap';
import { pageTypes, sitePages } from '../sources';
import { PAGE_UID } from '../../pages/services/pages';

export const SITEMAP_CACHE_KEY = 'sitemap';

/**
 * What the sitemap is built from: each catalogue's items, the pages' types and the types where editors
 * mark a catalogue's pages noindex, in every language. Read from the registry when first built (after
 * the catalogues register); each catalogue declares its own tags, the sitemap those of the site's pages.
 */
const sourceTags = (): string[] => [
  ...catalogues().map((entry) => entry.cacheTag),
  ...everyLocaleOf([...pageTypes().flatMap(([, uids]) => uids), ...catalogues().flatMap((entry) => entry.sitemap.noindexTypes), PAGE_UID]),
];
declareCacheTags(...everyLocaleOf([...pageTypes().flatMap(([, uids]) => uids), PAGE_UID]));

export interface BuiltSitemap {
  index: Representation;
  /** By part name (`projects-1`). */
  parts: ReadonlyMap<string, Representation>;
}

/** config/sitemap.ts */
interface SitemapSettings {
  url?: string;
  partsUrl?: string;
}

/** The part a file name names (`projects-1.xml` -> `projects-1`), or undefined. */
export const partNamed = (file: string): string | undefined => (file.endsWith('.xml') ? file.slice(0, -'.xml'.length) : undefined);

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

const createSitemapService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** Where the site serves the index and the parts: configured, else this API's own public URL. */
  function urls(): { index: string; parts: string } {
    const api = `${strapi.config.get<string>('server.url', '')}${strapi.config.get<string>('api.rest.prefix', '/api')}`;
    const configured = strapi.config.get<SitemapSettings>('sitemap', {});
    return { index: configured.url || `${api}${SITEMAP_PATH}`, parts: withSlash(configured.partsUrl || `${api}${SITEMAP_PARTS_PATH}`) };
  }

  async function build(): Promise<BuiltSitemap> {
    const sections = await sitePages(strapi);
    const parts = await renderParts(sections.map(([section, pages]) => [section, pages.flatMap(urlsOf)]));
    const partsUrl = urls().parts;
    const index = await renderIndex(parts, (name) => `${partsUrl}${name}.xml`);
    // Compressed fast rather than small: a part is megabytes, which brotli's best quality would take seconds over.
    return { index: new Representation(index, false), parts: new Map(parts.map((part) => [part.name, new Representation(part.xml, false)])) };
  }

  return {
    urls,

    /** The current sitemap, built unless kept (once for all who ask meanwhile). */
    async built(): Promise<BuiltSitemap> {
      return (await cache.get(SITEMAP_CACHE_KEY, build, { tags: sourceTags(), lifetime: CACHE_LIFETIMES.providerLists })).value;
    },

    /** The same from memory alone, or undefined. */
    peek: (): BuiltSitemap | undefined => cache.peek<BuiltSitemap>(SITEMAP_CACHE_KEY)?.value,
  };
};

export default createSitemapService;
export type SitemapService = ReturnType<typeof createSitemapService>;
export const sitemapService = (strapi: Core.Strapi) => strapi.service('api::sitemap.sitemap') as SitemapService;

/** The fast lane's lookups of the sitemap routes (at bootstrap, when the service exists). */
export function registerSitemapLookups(strapi: Core.Strapi): void {
  const service = sitemapService(strapi);
  laneLookup('api::sitemap.sitemap.index', () => service.peek()?.index);
  laneLookup('api::sitemap.sitemap.part', ({ path }) => {
    const name = partNamed(path.slice(path.lastIndexOf('/') + 1));
    return name === undefined ? undefined : service.peek()?.parts.get(name);
  });
}
