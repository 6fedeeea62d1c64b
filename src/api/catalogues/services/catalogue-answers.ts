/**
 * A catalogue's answers of one kind (its pages, its maps) per query string: the ones asked for last kept
 * beside the build they were rendered from (decision 183) and with the context they were rendered in
 * beside it (decision 221: prices in a currency, a page's content; none for the homes), reused while
 * that context is the one that would render them now, compared part by part by identity. The fast
 * lookup finds a kept answer by the raw query string before it reads the query (decision 211); a query
 * string is kept only once it read as valid, so one the full path answers with a 422 still reaches it.
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

/** The answers of `kind`, `perBuild` kept per build. */
export function keptAnswers<Index extends object, Q, C extends RenderContext>(kind: AnswerInContext<Index, Q, C>, perBuild: number) {
  const kept = new KeptPerBuild<Index, Kept<C>>(perBuild);

  /** The answer kept for `queryString` from `index` in `context`, else rendered and kept. */
  function answerIn(index: Index, queryString: string, query: Q, context: C): Representation {
    const found = kept.get(index, queryString);
    if (found && sameParts(found.context, context)) return found.representation;
    return kept.keep(index, queryString, { context, representation: kind.render(index, query, context) }).representation;
  }

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
