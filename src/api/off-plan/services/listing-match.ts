/**
 * Which projects a listing query matches, for other domains (a saved search's alerts): the listing's
 * own parser and search index (lib/query.ts, lib/project-catalogue.ts), without pages, counts or facets.
 * A matcher holds one project index: the listing's current one, or one built here over a few projects
 * (the earlier versions of those that changed), in slices (decision 93).
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../lib/locale';
import { parseQueryString } from '../../../lib/query-string';
import { inSlices, slicer, type NormalisedProject, type Pause } from '../../../plugins/extsource/server/src/public';
import { bitsetOf, count, has, intersect, members, type Bitset } from '../../../lib/catalogue/bitset';
import { currencyView } from '../../../lib/catalogue/engine/currency';
import { PROJECT_VIEWS } from '../lib/project-views';
import { SITE_CURRENCY, type Currency } from '../../catalogues/services/vocabulary';
import { indexBuild, matchingSet, type ProjectIndex } from '../lib/project-catalogue';
import { projectIn } from '../lib/project-locale';
import { parseListingQuery } from '../lib/query';

export type ProjectSet = Bitset;
export type { ProjectIndex };

export class ListingMatcher {
  private readonly pricesIn = new Map<Currency, Float64Array>();

  /** `rates`: AED per unit of each other currency, for queries priced in one (CURRENCY_RATES). */
  constructor(readonly index: ProjectIndex, private readonly rates: Record<string, number>) {}

  get projects(): NormalisedProject[] {
    return this.index.projects;
  }

  positionOf(id: string): number | undefined {
    return this.index.byId.get(id);
  }

  /** The project's name in each language the site has. */
  names(position: number): Record<Locale, string> {
    const project = this.index.projects[position];
    return Object.fromEntries(LOCALES.map((locale) => [locale, projectIn(project, locale).name])) as Record<Locale, string>;
  }

  /** The set of the projects at `positions`. */
  setOf(positions: Iterable<number>): ProjectSet {
    return bitsetOf(this.index.projects.length, positions);
  }

  /** Whether `set` holds the project at `position`. */
  holds(set: ProjectSet, position: number): boolean {
    return has(set, position);
  }

  /**
   * The positions of the projects of `within` that `query` (a normalised listing query string)
   * matches; null when the query no longer reads (the listing's rules changed since it was saved).
   */
  matching(query: string, within: ProjectSet): number[] | null {
    const parsed = parseListingQuery(parseQueryString(query), DEFAULT_LOCALE);
    if (!parsed.ok) return null;
    const { filters } = parsed.query;
    const matches = matchingSet(this.index, filters, this.prices(filters.currency ?? SITE_CURRENCY));
    return members(matches ? intersect([matches, within])! : within);
  }

  private prices(currency: Currency): Float64Array {
    if (currency === SITE_CURRENCY) return this.index.prices;
    let prices = this.pricesIn.get(currency);
    if (!prices) {
      prices = currencyView(this.index, PROJECT_VIEWS, currency, this.rates).prices;
      this.pricesIn.set(currency, prices);
    }
    return prices;
  }
}

/** How many projects of `index` the off-plan listing shows for `query` (a listing query string); 0 when it does not read. */
export function countProjects(index: ProjectIndex, query: string): number {
  const parsed = parseListingQuery(parseQueryString(query), DEFAULT_LOCALE);
  if (!parsed.ok) return 0;
  const matches = matchingSet(index, parsed.query.filters);
  return matches ? count(matches) : index.projects.length;
}

/** A matcher over `projects`, its index built a slice at a time. */
export async function listingMatcherOf(projects: NormalisedProject[], rates: Record<string, number>, pause: Pause = slicer()): Promise<ListingMatcher> {
  return new ListingMatcher(await inSlices(indexBuild(projects), pause), rates);
}

export default () => ({ listingMatcherOf });
