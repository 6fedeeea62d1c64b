/**
 * What every catalogue says of a listing query for a page's live section (decision 168), as the pages
 * domain reads it from each: its first cards, its figures and where they are.
 */
import type { Bbox } from '../../../lib/catalogue/geo-query';
import type { GroupShare, PriceFigures } from '../../../lib/catalogue/figures';

export interface LiveResult {
  /** How many items the listing shows for the query (its own total). */
  total: number;
  /** The listing's first cards for the query, in its sort, as it sends them. */
  items: unknown[];
  figures: PriceFigures & {
    /** The query's currency, in which the prices are. */
    currency: string;
    /** The completion years of the items, ascending (a catalogue without them: none). */
    completionYears: string[];
    /** The developers behind the items, most items first (a catalogue without them: none). */
    developers: GroupShare[];
  };
  bbox: Bbox | null;
}
