/**
 * Query strings as Strapi reads them (`strapi::query`: qs with these options, config/middlewares.ts),
 * for code that sees a request before Koa does (the fast lane): one parser and one set of options, so
 * both paths read one URL alike, percent-encoded keys, brackets and repeats included.
 */
import qs from 'qs';

/** @strapi/core's defaults for `strapi::query`, stated here so the fast lane and Strapi share them. */
export const QUERY_PARSER_OPTIONS = { strictNullHandling: true, arrayLimit: 100, depth: 20 } as const;

export type ParsedQuery = qs.ParsedQs;

const NONE: ParsedQuery = Object.freeze({});

/** `query` (without the "?") as `ctx.query` will hold it; the empty string costs nothing. */
export const parseQueryString = (query: string): ParsedQuery => (query === '' ? NONE : qs.parse(query, QUERY_PARSER_OPTIONS));
