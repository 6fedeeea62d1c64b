/**
 * The site's languages in Strapi's i18n (decision 53): English, the default (i18n creates it on a new
 * database), and Arabic, created on every start where it is missing, so editors can translate from the
 * first login, on a new database as on one created before Arabic existed.
 */
import type { Core } from '@strapi/strapi';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../lib/locale';

/** Names as Strapi's own list of ISO locales gives them (the admin's locale picker shows them). */
const NAMES: Record<Locale, string> = { en: 'English (en)', ar: 'Arabic (ar)' };

interface LocalesService {
  find(params?: Record<string, unknown>): Promise<Array<{ code: string }>>;
  create(locale: { code: string; name: string }): Promise<unknown>;
  getDefaultLocale(): Promise<string>;
  setDefaultLocale(locale: { code: string }): Promise<unknown>;
}

export async function ensureLocales(strapi: Core.Strapi): Promise<void> {
  const locales = strapi.plugin('i18n').service('locales') as LocalesService;
  const existing = new Set((await locales.find()).map((locale) => locale.code));
  for (const code of LOCALES) {
    if (!existing.has(code)) await locales.create({ code, name: NAMES[code] });
  }
  if ((await locales.getDefaultLocale()) !== DEFAULT_LOCALE) await locales.setDefaultLocale({ code: DEFAULT_LOCALE });
}
