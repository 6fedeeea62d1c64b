/**
 * The off-plan listing pages and map answers asked for last (256 of each), each with its ETag and
 * compressed variants: reused while what it was rendered from (the project index, the currency view
 * and, for a page, the page content) is what would render it now.
 */
import LRUCache from 'lru-cache';
import { Representation } from '../../../lib/representation';
import { renderListing, type PreparedCurrency, type PreparedIndex, type PreparedPage } from './listing-response';
import { renderMap } from './map-response';
import type { MapQuery } from './map-query';
import type { ListingQuery } from './query';

/** A listing page as rendered, with what it was rendered from: reused while all three are current. */
interface RenderedListing {
  projectIndex: PreparedIndex;
  currency: PreparedCurrency;
  page: PreparedPage;
  representation: Representation;
}

/** A map answer as rendered, reused while its project index and currency view are current. */
type RenderedMap = Omit<RenderedListing, 'page'>;

const RENDERED = 256;

export class KeptAnswers {
  private readonly listings = new LRUCache<string, RenderedListing>({ max: RENDERED });
  private readonly maps = new LRUCache<string, RenderedMap>({ max: RENDERED });

  /** The listing page for `queryString` (its raw form: the key of the pages kept), rendered unless kept. */
  listingPage(queryString: string, query: ListingQuery, projectIndex: PreparedIndex, currency: PreparedCurrency, page: PreparedPage): Representation {
    const kept = this.listings.get(queryString);
    if (kept && kept.projectIndex === projectIndex && kept.currency === currency && kept.page === page) return kept.representation;
    // Compressed fast rather than small: a listing page is asked for far fewer times than a page.
    const representation = new Representation(renderListing(projectIndex, currency, page, query), false);
    this.listings.set(queryString, { projectIndex, currency, page, representation });
    return representation;
  }

  /** The map answer for `queryString` in the index's locale (decision 123), rendered unless kept. */
  mapAnswer(queryString: string, query: MapQuery, projectIndex: PreparedIndex, currency: PreparedCurrency): Representation {
    const key = `${projectIndex.index.locale}?${queryString}`;
    const kept = this.maps.get(key);
    if (kept && kept.projectIndex === projectIndex && kept.currency === currency) return kept.representation;
    const representation = new Representation(renderMap(projectIndex.index, currency.view, query), false);
    this.maps.set(key, { projectIndex, currency, representation });
    return representation;
  }

  /** The map answer kept for `queryString` from `projectIndex`, while `current` says the currency view it was rendered in still is. */
  map(queryString: string, projectIndex: PreparedIndex, current: (currency: PreparedCurrency) => boolean): Representation | undefined {
    const kept = this.maps.get(`${projectIndex.index.locale}?${queryString}`);
    return kept?.projectIndex === projectIndex && current(kept.currency) ? kept.representation : undefined;
  }
}
