/**
 * The site's languages (decisions 53-58): which locale a request asks for, what it is called in cache
 * keys, cache tags and surrogate keys, and how an Arabic record falls back to the English one field by
 * field. The api-edge reads `?locale=` once per request (`ctx.state.locale`) and the fast lane from the
 * query as Strapi parses it (`localeParam` both); everything downstream is handed the locale, never re-reads it.
 * Plain code, no Strapi.
 */

export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** English: the contract's language, the answer without a `locale`, and the fallback of every other one. */
export const DEFAULT_LOCALE: Locale = 'en';

/** One value per locale, made by `make` (a table of answers, a cache per language). */
export const perLocale = <T>(make: (locale: Locale) => T): Record<Locale, T> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Record<Locale, T>;

export const LOCALE_MESSAGE = `The locale must be one of: ${LOCALES.join(', ')}.`;

/**
 * The locale a `locale` query value names: the default when absent or empty, undefined when it names
 * none we serve (a 422). Case-insensitive (`AR`), as language tags are.
 */
export function localeParam(value: unknown): Locale | undefined {
  if (value === undefined || value === null) return DEFAULT_LOCALE;
  if (typeof value !== 'string') return undefined;
  const tag = value.trim().toLowerCase();
  if (tag === '') return DEFAULT_LOCALE;
  return (LOCALES as readonly string[]).includes(tag) ? (tag as Locale) : undefined;
}

/** The locale the api-edge read for this request (`ctx.state`), for the controllers. */
export function requestLocale(state: { locale?: Locale }): Locale {
  return state.locale ?? DEFAULT_LOCALE;
}

/** The locale's variant of a name (a cache key, a cache tag, a surrogate key): the default keeps the name as it was. */
export function localized(name: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? name : `${name}:${locale}`;
}

/**
 * What an answer in `locale` is built from, as cache tags or surrogate keys: the English record (the
 * fallback of every field) and, for another locale, its own. An English write clears both languages; an
 * Arabic write only the Arabic.
 */
export function localizedSources(names: readonly string[], locale: Locale): string[] {
  return locale === DEFAULT_LOCALE ? [...names] : [...names, ...names.map((name) => localized(name, locale))];
}

/** Every locale's variant of the names (to declare them once, at load). */
export function everyLocaleOf(names: readonly string[]): string[] {
  return LOCALES.flatMap((locale) => names.map((name) => localized(name, locale)));
}

/** Arabic-Indic (٠-٩) and Extended Arabic-Indic (۰-۹) digits as 0-9: a number typed on an Arabic keyboard reads as one. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * A translated record completed from the default locale's (decision 54): a field left empty (missing,
 * null, blank text, an empty list) takes the fallback's value, nested objects and list items (by position)
 * likewise; a missing translation is the fallback whole. The `shared` fields (decision 59: images,
 * order, links...) are always the fallback's, so both languages show the same.
 */
export function withFallback<T>(translated: T | null | undefined, fallback: T | null | undefined, shared: readonly string[] = []): T | null {
  if (isEmpty(translated)) return (fallback ?? translated ?? null) as T | null;
  if (Array.isArray(translated)) {
    const others = Array.isArray(fallback) ? fallback : [];
    return translated.map((item, index) => withFallback(item, others[index]) ?? item) as T;
  }
  if (isPlainObject(translated) && isPlainObject(fallback)) {
    const merged: Record<string, unknown> = { ...fallback };
    for (const [key, value] of Object.entries(translated)) {
      if (!shared.includes(key)) merged[key] = withFallback(value, fallback[key]);
    }
    return merged as T;
  }
  return translated as T;
}
