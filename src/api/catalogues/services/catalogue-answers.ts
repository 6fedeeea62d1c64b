/**
 * A catalogue's answers of one kind (its pages, its maps) per query string: the ones asked for last kept
 * beside the build they were rendered from (decision 183) and with the context they were rendered in
 * beside it (decision 221: prices in a currency, a page's content; none for the homes), reused while
 * that context is the one that would render them now, compared part by part by identity. The fast
 * lookup finds a kept answer by the raw query string before it reads the query (decision 211); a query
 * string is kept only once it read as valid, so one the full path answers with a 422 still reaches it.
 * A catalogue's filters answers are kept the same way per key its query reads as (a purpose, say; one
 * per build when its route reads none), so a tag-built and a versioned catalogue keep them alike
 * (decision 222).
 */
import type { LaneRequest } from '../../../lib/fast-lane';
import { KeptPerBuild } from '../../../lib/kept-per-build';
import type { Locale } from '../../../lib/locale';
import type { Representation } from '../../../lib/representation';
import type { ParsedQuery } from './catalogue-description';

/** What an answer renders from beside the build: a few parts, each compared by identity. */
export type RenderContext = readonly unknown[];

/** A query language, the context an answer of it renders in, and what renders it. */
export interface AnswerInContext<Index, Q, C extends RenderContext> {
  parse(raw: LaneRequest['query'], locale: Locale): ParsedQuery<Q>;
  /** The context `query` renders in now, made when missing. */
  context(index: Index, query: Q, locale: Locale): Promise<C>;
  /** The same from memory alone, or undefined. */
  peekContext(index: Index, query: Q, locale: Locale): C | undefined;
  /** Whether `context`, that a kept answer was rendered in, is still what would render it. */
  current(index: Index, locale: Locale, context: C): boolean;
  render(index: Index, query: Q, context: C): Representation;
}

/** Answers of a catalogue without a context of their own. */
export const NO_CONTEXT: RenderContext = [];

const sameParts = (a: RenderContext, b: RenderContext) => a.length === b.length && a.every((part, i) => part === b[i]);

interface Kept<C> {
  context: C;
  representation: Representation;
}

/** `perBuild` answers kept per build, each with the context it was rendered in. */
function keptInContext<Index extends object, C extends RenderContext>(perBuild: number) {
  const kept = new KeptPerBuild<Index, Kept<C>>(perBuild);
  return {
    /** The answer kept under `key`, whatever its context, or undefined. */
    get: (index: Index, key: string) => kept.get(index, key),

    /** The answer kept under `key` from `index` in `context`, else rendered and kept. */
    in(index: Index, key: string, context: C, render: () => Representation): Representation {
      const found = kept.get(index, key);
      if (found && sameParts(found.context, context)) return found.representation;
      return kept.keep(index, key, { context, representation: render() }).representation;
    },
  };
}

/** The answers of `kind`, `perBuild` kept per build. */
export function keptAnswers<Index extends object, Q, C extends RenderContext>(kind: AnswerInContext<Index, Q, C>, perBuild: number) {
  const kept = keptInContext<Index, C>(perBuild);

  /** The answer kept for `queryString` from `index` in `context`, else rendered and kept. */
  const answerIn = (index: Index, queryString: string, query: Q, context: C): Representation =>
    kept.in(index, queryString, context, () => kind.render(index, query, context));

  return {
    answerIn,

    /** The answer of a query read, its context made first when missing. */
    async answer(index: Index, queryString: string, query: Q, locale: Locale): Promise<Representation> {
      return answerIn(index, queryString, query, await kind.context(index, query, locale));
    },

    /** From memory alone: the answer kept for the raw query string, else rendered when it reads and its context is in memory. */
    fast(index: Index, { query, queryString, locale }: LaneRequest): Representation | undefined {
      const found = kept.get(index, queryString);
      if (found && kind.current(index, locale, found.context)) return found.representation;
      const parsed = kind.parse(query, locale);
      if (!parsed.ok) return undefined;
      const context = kind.peekContext(index, parsed.query, locale);
      return context && answerIn(index, queryString, parsed.query, context);
    },
  };
}

/** A catalogue's filters: the key its query reads as, the context its answer renders in, and what renders it. */
export interface FiltersInContext<Index, K extends string, C extends RenderContext> {
  /** The key, or undefined for a query the full path answers with a 422. */
  parse(raw: LaneRequest['query'], locale: Locale): K | undefined;
  /** The context a filters answer renders in now, made when missing. */
  context(index: Index, locale: Locale): Promise<C>;
  /** The same from memory alone, or undefined. */
  peekContext(index: Index, locale: Locale): C | undefined;
  render(index: Index, key: K, context: C): Representation;
}

/** The filters answers of `kind`, `perBuild` kept per build (decision 222). */
export function keptFilters<Index extends object, K extends string, C extends RenderContext>(kind: FiltersInContext<Index, K, C>, perBuild: number) {
  const kept = keptInContext<Index, C>(perBuild);

  /** The answer kept for `key` from `index` in `context`, else rendered and kept. */
  const answerIn = (index: Index, key: K, context: C): Representation => kept.in(index, key, context, () => kind.render(index, key, context));

  return {
    answerIn,

    /** The answer of `key`, its context made first when missing. */
    async answer(index: Index, key: K, locale: Locale): Promise<Representation> {
      return answerIn(index, key, await kind.context(index, locale));
    },

    /** From memory alone: the answer of the key the query reads as, kept or rendered, when its context is in memory. */
    fast(index: Index, { query, locale }: LaneRequest): Representation | undefined {
      const key = kind.parse(query, locale);
      if (key === undefined) return undefined;
      const context = kind.peekContext(index, locale);
      return context && answerIn(index, key, context);
    },
  };
}
