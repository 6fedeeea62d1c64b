/**
 * The machinery of the website's pages (decision 108): one map, page kind → path pattern per locale,
 * under CLIENT_URL. The answers name their page with it (`canonical_url`, `alternates`), the sitemap lists
 * it, and Strapi's Preview panel opens it (src/lib/preview.ts): the site's paths are configuration, said
 * once. Which kinds there are, their parameters and default paths are the site's (`sitePages(table)`,
 * called once by the module that names them); SITE_PATHS lays the site's own paths over the defaults, read
 * and checked at start (a typo stops the start). Plain code, no Strapi, no domain.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';

/** A kind's page: the parameters its pattern names, as `{name}`, and its default path in each locale. */
export interface PageDefinition {
  params: readonly string[];
  paths: Readonly<Record<Locale, string>>;
}

export type SitePaths<K extends string> = Readonly<Record<K, Readonly<Record<Locale, string>>>>;

/** The website's base without CLIENT_URL, so an answer's URLs never go missing (their shape never varies). */
export const DEFAULT_CLIENT_URL = 'http://localhost:3000';

export interface SitePathsSettings<K extends string = string> {
  /** CLIENT_URL (with its base path, if any), or DEFAULT_CLIENT_URL */
  clientUrl: string;
  paths: SitePaths<K>;
}

type EnvReader = (name: string) => string | undefined;
type Params = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{([^{}]*)\}/g;

const namedParams = (pattern: string): string[] => [...pattern.matchAll(PLACEHOLDER)].map((match) => match[1]);

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** What the Preview panel asks of the site's pages (src/lib/preview.ts). */
export interface PageOpener {
  isPageKind(kind: string): boolean;
  isSinglePage(kind: string): boolean;
  pagePath(kind: string, locale: Locale): string;
}

/** The site's pages made of its `table` (kind → parameters and default paths): its URLs, and SITE_PATHS read against it. */
export function sitePages<K extends string>(table: Readonly<Record<K, PageDefinition>>) {
  const kinds = Object.keys(table) as K[];
  const defaults = Object.fromEntries(kinds.map((kind) => [kind, table[kind].paths])) as SitePaths<K>;
  const isPageKind = (kind: string): kind is K => Object.prototype.hasOwnProperty.call(table, kind);

  /** Why `pattern` cannot be the path of `kind` in `locale`, or undefined when it can. */
  function patternProblem(kind: K, locale: Locale, pattern: string): string | undefined {
    const where = `${kind}.${locale}=${pattern}`;
    if (!/^\/\S*$/.test(pattern)) return `${where} is not a path starting with /`;
    const named = namedParams(pattern);
    const wanted = table[kind].params;
    const same = named.length === wanted.length && wanted.every((param) => named.includes(param));
    if (!same) return `${where} must name ${wanted.length ? wanted.map((param) => `{${param}}`).join(', ') + ' once' : 'no parameter'}`;
    return undefined;
  }

  /**
   * SITE_PATHS: `kind.locale=/path` pairs separated by commas (`example`, the first kind with a parameter,
   * shown in the sentence), laid over the defaults. Throws one sentence on a pair that is not one, an
   * unknown kind or locale, a pattern that does not name its kind's parameters, or a kind left with one
   * path for two languages.
   */
  function parseSitePaths(configured: string | undefined, base: SitePaths<K> = defaults): SitePaths<K> {
    const paths = Object.fromEntries(kinds.map((kind) => [kind, { ...base[kind] }])) as Record<K, Record<Locale, string>>;
    for (const pair of (configured ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)) {
      const match = /^([\w-]+)\.([\w-]+)=(.*)$/.exec(pair);
      if (!match) throw new Error(`SITE_PATHS: "${pair}" is not kind.locale=/path (e.g. ${examplePair()})`);
      const [, kind, locale, pattern] = match;
      if (!isPageKind(kind)) throw new Error(`SITE_PATHS: "${kind}" is not a page kind (${kinds.join(', ')})`);
      if (!(LOCALES as readonly string[]).includes(locale)) throw new Error(`SITE_PATHS: "${locale}" is not a locale of the site (${LOCALES.join(', ')})`);
      const problem = patternProblem(kind, locale as Locale, pattern);
      if (problem) throw new Error(`SITE_PATHS: ${problem}`);
      paths[kind][locale as Locale] = pattern;
    }
    for (const kind of kinds) {
      if (new Set(LOCALES.map((locale) => paths[kind][locale])).size < LOCALES.length) {
        throw new Error(`SITE_PATHS: ${kind} has the same path in two languages, and each language needs its own URL`);
      }
    }
    return paths;
  }

  /** A pair SITE_PATHS takes, from the first kind with a parameter: its path in the last locale. */
  function examplePair(): string {
    const kind = kinds.find((candidate) => table[candidate].params.length > 0) ?? kinds[0];
    const locale = LOCALES[LOCALES.length - 1];
    return `${kind}.${locale}=${defaults[kind][locale]}`;
  }

  /** The settings from the environment: CLIENT_URL (an http(s) URL when set, else the start stops) and SITE_PATHS. */
  function sitePathsFrom(env: EnvReader): SitePathsSettings<K> {
    const configured = env('CLIENT_URL') ?? '';
    if (configured !== '' && !isHttpUrl(configured)) throw new Error(`CLIENT_URL: "${configured}" is not an http(s) URL (e.g. https://www.example.ae)`);
    return { clientUrl: (configured || DEFAULT_CLIENT_URL).replace(/\/+$/, ''), paths: parseSitePaths(env('SITE_PATHS')) };
  }

  let settings: SitePathsSettings<K> = { clientUrl: DEFAULT_CLIENT_URL, paths: defaults };

  /** The page's path on the website (the kind's pattern in that locale, params filled in, URL-encoded), without CLIENT_URL. */
  function pagePath(kind: K, locale: Locale, params: Params = {}): string {
    return settings.paths[kind][locale].replace(PLACEHOLDER, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`The ${kind} page needs its ${name}`);
      return encodeURIComponent(value);
    });
  }

  /** The page's absolute URL on the website (CLIENT_URL + the kind's path pattern in that locale, params filled in, URL-encoded). */
  const pageUrl = (kind: K, locale: Locale, params?: Params): string => `${settings.clientUrl}${pagePath(kind, locale, params)}`;

  /** The same page in every language, plus x-default (= the default locale's): what hreflang needs. */
  function pageAlternates(kind: K, params?: Params): Readonly<Record<Locale | 'x-default', string>> {
    const urls = Object.fromEntries(LOCALES.map((locale) => [locale, pageUrl(kind, locale, params)])) as Record<Locale, string>;
    return { ...urls, 'x-default': urls[DEFAULT_LOCALE] };
  }

  return {
    PAGE_KINDS: kinds,
    DEFAULT_SITE_PATHS: defaults,
    isPageKind,
    parseSitePaths,
    sitePathsFrom,
    /** Makes `configured` the site's paths (at start, from the configuration). */
    useSitePaths(configured: SitePathsSettings<K>): void {
      settings = configured;
    },
    pagePath,
    pageUrl,
    pageAlternates,
    /** What an answer that names a page says of it (decision 108): its URL in the answer's language, and in every language. */
    pageLinks: (kind: K, locale: Locale, params?: Params) => ({ canonical_url: pageUrl(kind, locale, params), alternates: pageAlternates(kind, params) }),
    /** Whether the kind's page is one URL (no parameter): what the Preview panel can open for an editorial type. */
    isSinglePage: (kind: K): boolean => table[kind].params.length === 0,
  };
}
