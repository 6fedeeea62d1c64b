/**
 * What the off-plan listing says of a query for a page's live section (decision 168): the listing's own
 * search (its total, its first cards in its sort, in the query's currency), the figures of every project
 * it matches, and the box that holds them on the map. Pure.
 */
import { members } from '../../../lib/catalogue/bitset';
import { bboxOf, groupShares, priceFigures } from '../../../lib/catalogue/figures';
import type { LiveResult } from '../../catalogues/services/vocabulary';
import type { CurrencyView } from './currency';
import { matchingSet, search, type ProjectIndex } from './project-catalogue';
import type { ListingQuery } from './query';

export function liveProjects(index: ProjectIndex, view: CurrencyView, query: ListingQuery): LiveResult {
  const { total, items } = search(index, query, view.prices);
  const matches = matchingSet(index, query.filters, view.prices);
  const positions = matches ? members(matches) : Array.from(index.projects.keys());
  const { projects } = index;
  const years = new Set<string>();
  for (const position of positions) if (projects[position].completion.year) years.add(projects[position].completion.year);
  return {
    total,
    items: items.map((position) => JSON.parse(view.cardBytes[position].toString('utf8')) as unknown),
    figures: {
      // Per square foot of the smallest home a project offers, at its starting price.
      ...priceFigures(positions, view.prices, (position) => projects[position].size_range_sqft?.min ?? null),
      currency: view.currency,
      completionYears: [...years].sort(),
      developers: groupShares(positions, (position) => {
        const { developer } = projects[position];
        return developer.id ? { id: developer.id, name: developer.name, slug: index.developerSlugs?.get(developer.id) ?? developer.slug } : null;
      }),
    },
    bbox: bboxOf(index.geo, positions),
  };
}
