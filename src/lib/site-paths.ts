/**
 * The website's pages (decision 108): one map, page kind → path pattern per locale, under CLIENT_URL. The
 * answers name their page with it (`canonical_url`, `alternates`), the sitemap lists it, and Strapi's
 * Preview panel opens it (src/lib/preview.ts): the site's paths are configuration, said once. The defaults
 * are here; SITE_PATHS lays the site's own over them, read and checked at start by config/site-paths.ts
 * (a typo stops the start), which hands them to `useSitePaths`. Plain code, no Strapi, no domain.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';

export type PageKind = 'home' | 'luxury' | 'contact' | 'off-plan' | 'project' | 'developer' | 'emirate' | 'listing' | 'properties' | 'landing' | 'area-guide';

/** The parameters each kind's pattern names, as `{name}`: a project's, developer's, listing's or page's slug, an emirate's code (`DU`), a purpose (`sale`). */
const PAGE_PARAMS: Readonly<Record<PageKind, readonly string[]>> = {
  home: [],
  luxury: [],
  contact: [],
  'off-plan': [],
  project: ['slug'],
  developer: ['slug'],
  emirate: ['state_id'],
  listing: ['slug'],
  properties: ['purpose'],
  landing: ['slug'],
  'area-guide': ['slug'],
};

export const PAGE_KINDS = Object.keys(PAGE_PARAMS) as PageKind[];

export type SitePaths = Readonly<Record<PageKind, Readonly<Record<Locale, string>>>>;

/** The site's paths until SITE_PATHS says otherwise: English at the root, Arabic under `/ar` (one URL per language, as hreflang needs). */
export const DEFAULT_SITE_PATHS: SitePaths = {
  home: { en: '/', ar: '/ar' },
  luxury: { en: '/luxury', ar: '/ar/luxury' },
  contact: { en: '/contact', ar: '/ar/contact' },
  'off-plan': { en: '/off-plan', ar: '/ar/off-plan' },
  project: { en: '/off-plan/{slug}', ar: '/ar/off-plan/{slug}' },
  developer: { en: '/developers/{slug}', ar: '/ar/developers/{slug}' },
  emirate: { en: '/off-plan/emirates/{state_id}', ar: '/ar/off-plan/emirates/{state_id}' },
  listing: { en: '/properties/{slug}', ar: '/ar/properties/{slug}' },
  properties: { en: '/for-{purpose}', ar: '/ar/for-{purpose}' },
  landing: { en: '/campaigns/{slug}', ar: '/ar/campaigns/{slug}' },
  'area-guide': { en: '/areas/{slug}', ar: '/ar/areas/{slug}' },
};

/** The website's base without CLIENT_URL, so an answer's URLs never go missing (their shape never varies). */
export const DEFAULT_CLIENT_URL = 'http://localhost:3000';

export interface SitePathsSettings {
  /** CLIENT_URL (with its base path, if any), or DEFAULT_CLIENT_URL */
  clientUrl: string;
  paths: SitePaths;
}

type EnvReader = (name: string) => string | undefined;

const PLACEHOLDER = /\{([^{}]*)\}/g;

const namedParams = (pattern: string): string[] => [...pattern.matchAll(PLACEHOLDER)].map((match) => match[1]);

/** Why `pattern` cannot be the path of `kind` in `locale`, or undefined when it can. */
function patternProblem(kind: PageKind, locale: Locale, pattern: string): string | undefined {
  const where = `${kind}.${locale}=${pattern}`;
  if (!/^\/\S*$/.test(pattern)) return `${where} is not a path starting with /`;
  const named = namedParams(pattern);
  const wanted = PAGE_PARAMS[kind];
  const same = named.length === wanted.length && wanted.every((param) => named.includes(param));
  if (!same) return `${where} must name ${wanted.length ? wanted.map((param) => `{${param}}`).join(', ') + ' once' : 'no parameter'}`;
  return undefined;
}

/**
 * SITE_PATHS: `kind.locale=/path` pairs separated by commas (`project.ar=/ar/mashari/{slug}`), laid over
 * the defaults. Throws one sentence on a pair that is not one, an unknown kind or locale, a pattern that
 * does not name its kind's parameters, or a kind left with one path for two languages.
 */
export function parseSitePaths(configured: string | undefined, base: SitePaths = DEFAULT_SITE_PATHS): SitePaths {
  const paths = Object.fromEntries(PAGE_KINDS.map((kind) => [kind, { ...base[kind] }])) as Record<PageKind, Record<Locale, string>>;
  for (const pair of (configured ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)) {
    const match = /^([\w-]+)\.([\w-]+)=(.*)$/.exec(pair);
    if (!match) throw new Error(`SITE_PATHS: "${pair}" is not kind.locale=/path (e.g. project.ar=/ar/off-plan/{slug})`);
    const [, kind, locale, pattern] = match;
    if (!(kind in PAGE_PARAMS)) throw new Error(`SITE_PATHS: "${kind}" is not a page kind (${PAGE_KINDS.join(', ')})`);
    if (!(LOCALES as readonly string[]).includes(locale)) throw new Error(`SITE_PATHS: "${locale}" is not a locale of the site (${LOCALES.join(', ')})`);
    const problem = patternProblem(kind as PageKind, locale as Locale, pattern);
    if (problem) throw new Error(`SITE_PATHS: ${problem}`);
    paths[kind as PageKind][locale as Locale] = pattern;
  }
  for (const kind of PAGE_KINDS) {
    if (new Set(LOCALES.map((locale) => paths[kind][locale])).size < LOCALES.length) {
      throw new Error(`SITE_PATHS: ${kind} has the same path in two languages, and each language needs its own URL`);
    }
  }
  return paths;
}

/** The settings from the environment: CLIENT_URL (an http(s) URL when set, else the start stops) and SITE_PATHS. */
export function sitePathsFrom(env: EnvReader): SitePathsSettings {
  const configured = env('CLIENT_URL') ?? '';
  if (configured !== '' && !isHttpUrl(configured)) throw new Error(`CLIENT_URL: "${configured}" is not an http(s) URL (e.g. https://www.example.ae)`);
  return { clientUrl: (configured || DEFAULT_CLIENT_URL).replace(/\/+$/, ''), paths: parseSitePaths(env('SITE_PATHS')) };
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

let settings: SitePathsSettings = { clientUrl: DEFAULT_CLIENT_URL, paths: DEFAULT_SITE_PATHS };

/** Makes `settings` the site's paths (at start, from config/site-paths.ts). */
export function useSitePaths(configured: SitePathsSettings): void {
  settings = configured;
}

/** The page's path on the website (the kind's pattern in that locale, params filled in, URL-encoded), without CLIENT_URL. */
export function pagePath(kind: PageKind, locale: Locale, params: Readonly<Record<string, string>> = {}): string {
  return settings.paths[kind][locale].replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The ${kind} page needs its ${name}`);
    return encodeURIComponent(value);
  });
}

/** The page's absolute URL on the website (CLIENT_URL + the kind's path pattern in that locale, params filled in, URL-encoded). */
export function pageUrl(kind: PageKind, locale: Locale, params?: Readonly<Record<string, string>>): string {
  return `${settings.clientUrl}${pagePath(kind, locale, params)}`;
}

/** The same page in every language, plus x-default (= the default locale's): what hreflang needs. */
export function pageAlternates(kind: PageKind, params?: Readonly<Record<string, string>>): Readonly<Record<Locale | 'x-default', string>> {
  const urls = Object.fromEntries(LOCALES.map((locale) => [locale, pageUrl(kind, locale, params)])) as Record<Locale, string>;
  return { ...urls, 'x-default': urls[DEFAULT_LOCALE] };
}

/** What an answer that names a page says of it (decision 108): its URL in the answer's language, and in every language. */
export const pageLinks = (kind: PageKind, locale: Locale, params?: Readonly<Record<string, string>>) => ({
  canonical_url: pageUrl(kind, locale, params),
  alternates: pageAlternates(kind, params),
});

/** Whether the kind's page is one URL (no parameter): what the Preview panel can open for an editorial type. */
export const isSinglePage = (kind: PageKind): boolean => PAGE_PARAMS[kind].length === 0;
