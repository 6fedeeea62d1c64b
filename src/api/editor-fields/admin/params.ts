/** How the editor fields' admin routes read their query parameters. */
import { errors } from '@strapi/utils';
import { DEFAULT_LOCALE, localeParam, LOCALE_MESSAGE, type Locale } from '../../../lib/locale';

export const textParam = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A language parameter (`locale`, `language`): English when absent, the admin API's 400 when not one of ours. */
export function localeOf(value: unknown, name: string): Locale {
  if (value === undefined) return DEFAULT_LOCALE;
  const locale = localeParam(value);
  if (!locale) throw new errors.ValidationError(`${name}: ${LOCALE_MESSAGE}`);
  return locale;
}
