/**
 * How far to page a Goyzer feed (pure). Every unit carries its page position as text: `PageIndex`
 * "2/13" (page of pages) and `Count` "251/3120" (item of total). Paging stops at the feed's own page
 * total. A feed that ignores `PageIndex` is recognised, and so is one that repeats a page past its end:
 *
 * - an empty answer ends the feed (an account with nothing answers `<ArrayOfUnitDTO />`);
 * - an answer holding units of several pages is the whole feed in one document (what an empty
 *   `PageIndex` returns): complete when it holds pages 1..total, and then paging is done; otherwise
 *   the feed is not paging and the fetch fails;
 * - an answer that is not the page asked for (page 2 answered "1/13" again) means the feed ignores
 *   `PageIndex`: the fetch fails (asking further would only download the same page again);
 * - without positions, an answer repeating the previous page is the feed repeating its last page:
 *   done, unless `Count` announced more units than were received (then it is not paging: fail).
 */

export interface PageSummary {
  /** The page asked for (from 1). */
  requested: number;
  units: number;
  /** Distinct page numbers the units carry, ascending; empty when they carry none. */
  pagesSeen: number[];
  /** The page total the units announce (the largest seen), or null. */
  pages: number | null;
  /** The item total `Count` announces (the largest seen), or null. */
  total: number | null;
  /** Tells two answers apart: unit count and the first and last references. */
  fingerprint: string;
}

export type Verdict = { next: 'page' } | { next: 'done'; repeated?: boolean } | { next: 'fail'; reason: string };

const FRACTION = /^\s*(\d+)\s*\/\s*(\d+)\s*$/;

/** "2/13" -> [2, 13]; anything else -> null. */
export function fraction(value: unknown): [number, number] | null {
  const match = typeof value === 'string' ? FRACTION.exec(value) : null;
  if (!match) return null;
  const [part, whole] = [Number(match[1]), Number(match[2])];
  return part >= 1 && whole >= part ? [part, whole] : null;
}

/** Collects the summary of one answer as its units are read. */
export class PageTally {
  private readonly seen = new Set<number>();
  private pages: number | null = null;
  private total: number | null = null;
  private first = '';
  private last = '';
  private units = 0;

  constructor(private readonly requested: number) {}

  add(reference: string, pageIndex: unknown, count: unknown): void {
    this.units += 1;
    if (this.units === 1) this.first = reference;
    this.last = reference;
    const position = fraction(pageIndex);
    if (position) {
      this.seen.add(position[0]);
      this.pages = Math.max(this.pages ?? 0, position[1]);
    }
    const item = fraction(count);
    if (item) this.total = Math.max(this.total ?? 0, item[1]);
  }

  summary(): PageSummary {
    return {
      requested: this.requested,
      units: this.units,
      pagesSeen: [...this.seen].sort((a, b) => a - b),
      pages: this.pages,
      total: this.total,
      fingerprint: `${this.units}:${this.first}:${this.last}`,
    };
  }
}

const span = (pages: number[]) => (pages.length === 1 ? `page ${pages[0]}` : `pages ${pages[0]}-${pages[pages.length - 1]}`);

/** What to do after an answer, given the previous one and how many units were received before it. */
export function judgePage(page: PageSummary, previous: PageSummary | undefined, receivedBefore: number): Verdict {
  if (page.units === 0) return { next: 'done' };
  const { requested, pagesSeen, pages } = page;

  if (pagesSeen.length > 1) {
    const complete = requested === 1 && pages !== null && pagesSeen.length === pages;
    if (complete) return { next: 'done' };
    return { next: 'fail', reason: `asked for page ${requested}, the feed sent units of ${span(pagesSeen)} of ${pages}: it does not page as asked (PageIndex ignored)` };
  }
  if (pagesSeen.length === 1) {
    const answered = pagesSeen[0];
    if (answered !== requested) {
      return { next: 'fail', reason: `asked for page ${requested}, the feed answered page ${answered} of ${pages}: it ignores PageIndex` };
    }
    return requested >= pages! ? { next: 'done' } : { next: 'page' };
  }
  if (previous && previous.fingerprint === page.fingerprint) {
    if (page.total !== null && receivedBefore < page.total) {
      return { next: 'fail', reason: `page ${requested} repeats page ${requested - 1} after ${receivedBefore} of the ${page.total} units announced: the feed ignores PageIndex` };
    }
    return { next: 'done', repeated: true };
  }
  return { next: 'page' };
}
