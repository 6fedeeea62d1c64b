/**
 * What a catalogue says of a query for a page's live section (decision 168): its own search (its total,
 * its first cards in its sort, in the query's currency), the figures of every item it matches (figures.ts,
 * then the catalogue's own, views.ts) and the box that holds them on the map. Pure.
 */
import { count, members } from '../bitset';
import { bboxOf, priceFigures, type PriceFigures } from '../figures';
import type { Bbox } from '../geo-query';
import type { CatalogueIndex } from './build';
import type { CurrencyView } from './currency';
import { matchingSet, pageItems, type PageRequest } from './search';
import type { CatalogueViews } from './views';

type Index = CatalogueIndex<unknown, string, string>;
type LiveViews<I, Q, X extends object> = Pick<CatalogueViews<I, Q, string, X>, 'selection' | 'sqft' | 'figures'>;

/** `X`: the figures the catalogue adds. */
export interface LiveAnswer<X> {
  total: number;
  items: unknown[];
  figures: PriceFigures & { currency: string } & X;
  bbox: Bbox | null;
}

export function liveAnswer<I extends Index, Q, X extends object>(index: I, views: LiveViews<I, Q, X>, view: CurrencyView, query: NoInfer<Q> & PageRequest<string>): LiveAnswer<X> {
  const selection = views.selection(query, view.prices);
  const matches = matchingSet(index, selection);
  const total = matches ? count(matches) : index.items.length;
  const items = pageItems(index, selection, { matches, total }, query);
  const positions = matches ? members(matches) : Array.from(index.items.keys());
  return {
    total,
    items: items.map((position) => JSON.parse(view.card(position).toString('utf8')) as unknown),
    figures: {
      ...priceFigures(positions, view.prices, (position) => views.sqft(index, position)),
      currency: view.currency,
      ...views.figures(index, positions),
    },
    bbox: bboxOf(index.geo, positions),
  };
}
