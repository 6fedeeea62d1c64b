/**
 * The pages routes' query (pure): a page's `currency` (the catalogues' own list, read as the listing reads
 * it), and a list's `kind`, `page` and `per_page`; every bad value named in one 422, in the request's language.
 */
import type { FieldErrors } from '../../../lib/envelope';
import type { Locale } from '../../../lib/locale';
import { positiveInteger, valueOf, type RawQuery } from '../../../lib/catalogue/query-values';
import { CURRENCIES, queryOption, type Currency } from '../../catalogues/services/vocabulary';
import { PAGE_MESSAGES } from './messages';
import { PAGE_KINDS_OF_PAGES, type PageKindOfPage } from './page-answer';

export const DEFAULT_PAGES_PER_PAGE = 12;
export const MAX_PAGES_PER_PAGE = 50;

export interface PagesQuery {
  currency?: Currency;
}

export interface PageListQuery {
  kind?: PageKindOfPage;
  page: number;
  perPage: number;
}

type Parsed<Q> = { ok: true; query: Q } | { ok: false; errors: FieldErrors };

const readKind = (text: string): PageKindOfPage | undefined => (PAGE_KINDS_OF_PAGES as readonly string[]).find((kind) => kind === text.trim().toLowerCase()) as PageKindOfPage | undefined;

/** Most asks name no currency: one answer for all of them (the fast lane reads a page's query per request). */
const NO_CURRENCY: Parsed<PagesQuery> = Object.freeze({ ok: true, query: Object.freeze({}) });

/** A page's query: its currency, else a 422 naming it. */
export function parsePageQuery(raw: RawQuery, locale: Locale): Parsed<PagesQuery> {
  const currency = valueOf(raw, 'currency', queryOption.currency);
  if (currency === null) return { ok: false, errors: { currency: [PAGE_MESSAGES[locale].currency(CURRENCIES)] } };
  return currency ? { ok: true, query: { currency } } : NO_CURRENCY;
}

/** A list's query, every bad value named. */
export function parsePageListQuery(raw: RawQuery, locale: Locale): Parsed<PageListQuery> {
  const messages = PAGE_MESSAGES[locale];
  const errors: FieldErrors = {};
  const kind = valueOf(raw, 'kind', readKind);
  const page = positiveInteger(raw, 'page');
  const perPage = positiveInteger(raw, 'per_page', MAX_PAGES_PER_PAGE);
  if (kind === null) errors.kind = [messages.kind(PAGE_KINDS_OF_PAGES)];
  if (page === null) errors.page = [messages.page];
  if (perPage === null) errors.per_page = [messages.perPage(MAX_PAGES_PER_PAGE)];
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, query: { kind: kind ?? undefined, page: page ?? 1, perPage: perPage ?? DEFAULT_PAGES_PER_PAGE } };
}
