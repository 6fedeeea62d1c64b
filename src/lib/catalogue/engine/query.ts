/**
 * A catalogue's listing query read from its description (decisions 15-16, 19, 23): the parameters it
 * takes, in the order their 422s are reported and its filters are kept, each of a kind this file reads
 * the one way every catalogue reads it (query-values.ts) — the page, its size, its sort and `near`; a
 * value a reader accepts or refuses; a text; search words; a number range; an option list — with the
 * sentence its refusal says in the request's language. Every bad parameter is reported together;
 * unknown ones are ignored. A catalogue's query file is its description and its types. Pure, no domain.
 */
import type { FieldErrors } from '../../envelope';
import type { Locale } from '../../locale';
import { isLongerThan } from '../../text-length';
import { readNear, type LatLng } from '../geo-query';
import { isNumber, optionsOf, positiveInteger, several, single, valueOf, type RawQuery } from '../query-values';

/** The sentences of the parameters every description has (the page, its size, the sort, `near`). */
export interface PagingMessages {
  page: string;
  perPage(max: number): string;
  sort(values: string): string;
  near: string;
  distanceSort: string;
}

type Message<M> = (messages: M) => string;

/**
 * One parameter (a range: two). `page`, `per_page`, `sort` and `near` are the paging's, nearest first
 * (`sort=distance`) only with `near` and never among the sorts offered; a value set `top` is the
 * query's own field rather than a filter.
 */
export type QueryParam<M> =
  | { kind: 'paging'; sorts: readonly string[]; defaultSort: string; defaultPerPage: number; maxPerPage: number }
  | { kind: 'value'; name: string; read: (text: string) => unknown; message: Message<M>; required: boolean; top: boolean }
  | { kind: 'text'; name: string; max: number; message: Message<M> }
  | { kind: 'words'; name: string; max: number; words: (text: string) => readonly string[]; message: Message<M> }
  | { kind: 'range'; names: readonly [min: string, max: string]; message: (messages: M, name: string) => string; order: Message<M> }
  | { kind: 'list'; name: string; options: readonly string[]; read: (item: string) => string | undefined; message: (messages: M, options: string) => string };

export interface QueryDescription<M extends PagingMessages> {
  messages: Readonly<Record<Locale, M>>;
  params: readonly QueryParam<M>[];
}

/** What every catalogue's query holds; a catalogue's own type names its top fields and filters. */
export interface ParsedQuery {
  page: number;
  perPage: number;
  sort: string;
  filters: object;
  near?: LatLng;
}

export type QueryResultOf<Q> = { ok: true; query: Q } | { ok: false; errors: FieldErrors };

/** A value `read` accepts (undefined or null: refused), optional unless `required`, a filter unless `top`. */
export function valueParam<M, N extends string>(
  name: N,
  read: (text: string) => unknown,
  message: Message<M>,
  { required = false, top = false }: { required?: boolean; top?: boolean } = {},
): QueryParam<M> {
  return { kind: 'value', name, read, message, required, top };
}

/** A number range's two ends: each a number of at least 0, the max not below the min. */
export function rangeParam<M, N extends string>(names: readonly [N, N], message: (messages: M, name: N) => string, order: Message<M>): QueryParam<M> {
  return { kind: 'range', names, message: message as (messages: M, name: string) => string, order };
}

/** An option list, repeated or comma-separated, each item as `read` reads it into one of `options`. */
export function listParam<M, N extends string>(
  name: N,
  options: readonly string[],
  read: (item: string) => string | undefined,
  message: (messages: M, name: N, options: string) => string,
): QueryParam<M> {
  return { kind: 'list', name, options, read, message: (messages, joined) => message(messages, name, joined) };
}

/** A description whose paging is given once. */
export function queryDescription<M extends PagingMessages>(description: QueryDescription<M>): QueryDescription<M> {
  if (description.params.filter((param) => param.kind === 'paging').length !== 1) throw new Error('A query description names its paging once.');
  return description;
}

/** `raw` as `description` reads it in `locale`: the query, or every bad parameter with its sentence. */
export function parseQuery<Q extends ParsedQuery, M extends PagingMessages>(description: QueryDescription<M>, raw: RawQuery, locale: Locale): QueryResultOf<Q> {
  const messages = description.messages[locale];
  const errors: FieldErrors = {};
  const fail = (name: string, message: string) => (errors[name] = [message]);
  const top: Record<string, unknown> = {};
  const filters: Record<string, unknown> = {};
  let paging = { page: 1, perPage: 0, sort: '' };
  let near: LatLng | undefined;

  for (const param of description.params) {
    switch (param.kind) {
      case 'paging': {
        const page = positiveInteger(raw, 'page');
        const perPage = positiveInteger(raw, 'per_page', param.maxPerPage);
        const sort = single(raw, 'sort');
        if (page === null) fail('page', messages.page);
        if (perPage === null) fail('per_page', messages.perPage(param.maxPerPage));
        const nearText = single(raw, 'near');
        const point = nearText === undefined ? undefined : nearText === null ? null : readNear(nearText);
        if (point === null) fail('near', messages.near);
        if (sort === 'distance') {
          if (nearText === undefined) fail('sort', messages.distanceSort);
        } else if (sort !== undefined && !param.sorts.includes(sort as string)) {
          fail('sort', messages.sort(param.sorts.join(', ')));
        }
        paging = { page: page ?? 1, perPage: perPage ?? param.defaultPerPage, sort: sort ?? param.defaultSort };
        near = point ?? undefined;
        break;
      }
      case 'value': {
        const value = valueOf(raw, param.name, param.read);
        if (value === null || (value === undefined && param.required)) fail(param.name, param.message(messages));
        else if (value !== undefined) (param.top ? top : filters)[param.name] = value;
        break;
      }
      case 'text': {
        const text = single(raw, param.name);
        if (text === null || (text && isLongerThan(text, param.max))) fail(param.name, param.message(messages));
        else if (text) filters[param.name] = text;
        break;
      }
      case 'words': {
        const given = single(raw, param.name);
        if (given === undefined) break;
        const text = given?.replace(/\s+/g, ' ');
        if (!text || isLongerThan(text, param.max) || param.words(text).length === 0) fail(param.name, param.message(messages));
        else filters[param.name] = text;
        break;
      }
      case 'range': {
        for (const name of param.names) {
          const value = single(raw, name);
          if (value === undefined) continue;
          if (value === null || !isNumber(value)) fail(name, param.message(messages, name));
          else filters[name] = Number(value);
        }
        const [low, high] = param.names.map((name) => filters[name] as number | undefined);
        if (low !== undefined && high !== undefined && low > high) fail(param.names[1], param.order(messages));
        break;
      }
      case 'list': {
        const items = several(raw, param.name);
        if (items === undefined) break;
        const chosen = items && optionsOf<string>(items, param.read, param.options);
        if (!chosen) fail(param.name, param.message(messages, param.options.join(', ')));
        else filters[param.name] = chosen;
        break;
      }
    }
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  // The description is what Q names: its top fields, its filters (each catalogue's unit tests pin them).
  return { ok: true, query: { ...top, ...paging, filters, ...(near ? { near } : {}) } as unknown as Q };
}
