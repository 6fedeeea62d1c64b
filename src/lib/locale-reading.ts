/**
 * The language asked for on the website's paths (decision 53), read once for the whole request at the
 * api-edge: every answer says it (`Content-Language`), an unknown one is a 422 (in English: which
 * language to answer in is what is unknown). Downstream code gets it from `requestLocale(ctx.state)`.
 */
import type { Context } from 'koa';
import { ApiError } from './envelope';
import { isWebsitePath } from './contract-paths';
import { DEFAULT_LOCALE, LOCALE_MESSAGE, localeParam } from './locale';

export function readLocale(ctx: Context): void {
  if (!isWebsitePath(ctx.path)) return;
  const locale = localeParam(ctx.query.locale);
  ctx.set('Content-Language', locale ?? DEFAULT_LOCALE);
  if (!locale) throw ApiError.validation({ locale: [LOCALE_MESSAGE] });
  ctx.state.locale = locale;
}
