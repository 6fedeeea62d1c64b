/**
 * A catalogue's listing query read from its description (decisions 15-16, 19, 23, 220): the parameters it
 * takes, in the order their 422s are reported and its filters are kept, each of a kind this file reads
 * the one way every catalogue reads it (query-values.ts) — the page, its size, its sort and `near`; a
 * value a reader accepts or refuses; a text; search words; a number range; an option list; a parameter
 * another reader reads (a map's zoom) — with the sentence its refusal says in the request's language.
 * Every bad parameter is reported together; an unknown one is ignored, or refused when the description
 * says so (a defined catalogue's, so a saved search never keeps a filter it lacks). A catalogue's query
 * file is its description and its types. Pure, no domain.
 */
import type { FieldErrors } from '../../envelope';
import type { Locale } from '../../locale';
import { isLongerThan } from '../../text-length';
import { readNear, type LatLng } from '../geo-query';
import type { BuilderControl } from '../query-controls';
import { isNumber, optionsOf, positiveInteger, several, single, valueOf, type RawQuery } from '../query-values';

/** The sentences of the listings' paging (`paging`): the page, its size, the sort, `near`. */
export interface PagingMessages {
  page: string;
  perPage(max: number): string;
  sort(values: string): string;
  near: string;
  distanceSort: string;
}

type Message<M> = (messages: M) => string;

/**
 * One parameter (a range: two). `page`, `per_page` and `sort` are the query's own fields, each described
 * once; a sort with a `distance` sentence takes nearest first (`sort=distance`, never among the sorts
 * offered) only with `near`, the query's own point. A value set `top` is the query's own field rather
 * than a filter; an `elsewhere` parameter is known but read by another reader.
 */
export type QueryParam<M> =
  | { kind: 'page'; message: Message<M> }
  | { kind: 'perPage'; defaultPerPage: number; maxPerPage: number; message: (messages: M, max: number) => string }
  | { kind: 'sort'; sorts: readonly string[]; defaultSort: string; message: (messages: M, sorts: string) => string; distance?: Message<M> }
  | { kind: 'near'; message: Message<M> }
  | { kind: 'value'; name: string; read: (text: string) => unknown; message: Message<M>; required: boolean; top: boolean }
  | { kind: 'text'; name: string; max: number; message: Message<M> }
  | { kind: 'words'; name: string; max: number; words: (text: string) => readonly string[]; message: Message<M> }
  | { kind: 'range'; names: readonly [min: string, max: string]; message: (messages: M, name: string) => string; order?: Message<M> }
  | { kind: 'list'; name: string; options: readonly string[]; read: (item: string) => string | undefined; message: (messages: M, options: string) => string }
  | { kind: 'elsewhere'; name: string };

export interface QueryDescription<M> {
  messages: Readonly<Record<Locale, M>>;
  params: readonly QueryParam<M>[];
  /** The sentence refusing a parameter the description does not name; without it, one is ignored. */
  refuseUnknown?: (messages: M, name: string) => string;
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

/** A number range's two ends: each a number of at least 0; with `order`, the max not below the min. */
export function rangeParam<M, N extends string>(names: readonly [N, N], message: (messages: M, name: N) => string, order?: Message<M>): QueryParam<M> {
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

/** The listings' paging: the page, its size, `near` and the sort (nearest first with `near`), in that order. */
export function paging<M extends PagingMessages>({ sorts, defaultSort, defaultPerPage, maxPerPage }: { sorts: readonly string[]; defaultSort: string; defaultPerPage: number; maxPerPage: number }): QueryParam<M>[] {
  return [
    { kind: 'page', message: (m) => m.page },
    { kind: 'perPage', defaultPerPage, maxPerPage, message: (m, max) => m.perPage(max) },
    { kind: 'near', message: (m) => m.near },
    { kind: 'sort', sorts, defaultSort, message: (m, values) => m.sort(values), distance: (m) => m.distanceSort },
  ];
}

/**
 * The controls of the editors' query builder over a description (decision 227): its filters in its
 * order, then the sort. A value or a text is one, search words one typed with suggestions, an option
 * list many, a range its two ends. The paging, `near` and a value set `top` (a spelling sets it) are no
 * editor's.
 */
export function builderControls<M>({ params }: QueryDescription<M>): BuilderControl[] {
  const controlOf = (param: QueryParam<M>): BuilderControl | undefined => {
    switch (param.kind) {
      case 'value':
        return param.top ? undefined : { kind: 'one', name: param.name };
      case 'text':
        return { kind: 'one', name: param.name };
      case 'words':
        return { kind: 'one', name: param.name, words: true };
      case 'list':
        return { kind: 'many', name: param.name, options: param.options };
      case 'range':
        return { kind: 'range', names: param.names };
      default:
        return undefined;
    }
  };
  const sorts = params.flatMap((param): BuilderControl[] => (param.kind === 'sort' ? [{ kind: 'one', name: 'sort', options: param.sorts }] : []));
  return [...params.flatMap((param) => controlOf(param) ?? []), ...sorts];
}

/** A parameter known to the description but read by another reader (a map's `zoom`). */
export const readElsewhere = <M>(name: string): QueryParam<M> => ({ kind: 'elsewhere', name });

const OWN_NAMES = { page: 'page', perPage: 'per_page', sort: 'sort', near: 'near' } as const;

/** The parameters a description names, in its order. */
export function parameterNames<M>({ params }: QueryDescription<M>): string[] {
  return params.flatMap((param) => (param.kind === 'range' ? param.names : 'name' in param ? param.name : OWN_NAMES[param.kind]));
}

/** A description whose page, size and sort are each given once. */
export function queryDescription<M>(description: QueryDescription<M>): QueryDescription<M> {
  const once = (kind: QueryParam<M>['kind']) => description.params.filter((param) => param.kind === kind).length === 1;
  if (!once('page') || !once('perPage') || !once('sort')) throw new Error('A query description names its paging once: page, per_page and sort.');
  return description;
}

/** `raw` as `description` reads it in `locale`: the query, or every bad parameter with its sentence. */
export function parseQuery<Q extends ParsedQuery, M>(description: QueryDescription<M>, raw: RawQuery, locale: Locale): QueryResultOf<Q> {
  const messages = description.messages[locale];
  const errors: FieldErrors = {};
  const fail = (name: string, message: string) => (errors[name] = [message]);
  const top: Record<string, unknown> = {};
  const filters: Record<string, unknown> = {};
  const own = { page: 1, perPage: 0, sort: '' };
  let near: LatLng | undefined;

  // Unknown parameters first, in the order given.
  if (description.refuseUnknown) {
    const known = new Set(parameterNames(description));
    for (const name of Object.keys(raw)) if (!known.has(name)) fail(name, description.refuseUnknown(messages, name));
  }
  for (const param of description.params) {
    switch (param.kind) {
      case 'page': {
        const page = positiveInteger(raw, 'page');
        if (page === null) fail('page', param.message(messages));
        own.page = page ?? 1;
        break;
      }
      case 'perPage': {
        const perPage = positiveInteger(raw, 'per_page', param.maxPerPage);
        if (perPage === null) fail('per_page', param.message(messages, param.maxPerPage));
        own.perPage = perPage ?? param.defaultPerPage;
        break;
      }
      case 'near': {
        const text = single(raw, 'near');
        const point = text === undefined ? undefined : text === null ? null : readNear(text);
        if (point === null) fail('near', param.message(messages));
        near = point ?? undefined;
        break;
      }
      case 'sort': {
        const sort = single(raw, 'sort');
        if (sort === 'distance' && param.distance) {
          if (single(raw, 'near') === undefined) fail('sort', param.distance(messages));
        } else if (sort !== undefined && !param.sorts.includes(sort as string)) {
          fail('sort', param.message(messages, param.sorts.join(', ')));
        }
        own.sort = sort ?? param.defaultSort;
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
        if (param.order && low !== undefined && high !== undefined && low > high) fail(param.names[1], param.order(messages));
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
      case 'elsewhere':
        break;
    }
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  // The description is what Q names: its top fields, its filters (each catalogue's unit tests pin them).
  return { ok: true, query: { ...top, ...own, filters, ...(near ? { near } : {}) } as unknown as Q };
}
