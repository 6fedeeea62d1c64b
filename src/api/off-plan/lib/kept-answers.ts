/**
 * The off-plan listing pages and map answers asked for last (256 of each per project index, that is per
 * locale and collection), each with its ETag and compressed variants: reused while what it was rendered
 * from (the project index, the currency view and, for a page, the page content) is what would render it
 * now. Kept beside their index, which they do not hold (decision 183).
 */
import { KeptPerBuild } from '../../../lib/kept-per-build';
import { Representation } from '../../../lib/representation';
import { renderListing, type PreparedCurrency, type PreparedIndex, type PreparedPage } from './listing-response';
import { renderMapAnswer } from '../../../lib/catalogue/engine/map-answer';
import { PROJECT_VIEWS } from './project-views';
import type { MapQuery } from './map-query';
import type { ListingQuery } from './query';

/** A map answer as rendered from an index, reused while its currency view is current. */
interface RenderedMap {
  currency: PreparedCurrency;
  representation: Representation;
}

/** A listing page as rendered from an index, reused while its currency view and page content are current. */
interface RenderedListing extends RenderedMap {
  page: PreparedPage;
}

const RENDERED = 256;

export class KeptAnswers {
  private readonly listings = new KeptPerBuild<PreparedIndex, RenderedListing>(RENDERED);
  private readonly maps = new KeptPerBuild<PreparedIndex, RenderedMap>(RENDERED);

  /** The listing page for `queryString` (its raw form: the key of the pages kept), rendered unless kept. */
  listingPage(queryString: string, query: ListingQuery, projectIndex: PreparedIndex, currency: PreparedCurrency, page: PreparedPage): Representation {
    const kept = this.listings.get(projectIndex, queryString);
    if (kept && kept.currency === currency && kept.page === page) return kept.representation;
    // Compressed fast rather than small: a listing page is asked for far fewer times than a page.
    const representation = new Representation(renderListing(projectIndex, currency, page, query), false);
    return this.listings.keep(projectIndex, queryString, { currency, page, representation }).representation;
  }

  /** The map answer for `queryString` in the index's locale (decision 123), rendered unless kept. */
  mapAnswer(queryString: string, query: MapQuery, projectIndex: PreparedIndex, currency: PreparedCurrency): Representation {
    const kept = this.maps.get(projectIndex, queryString);
    if (kept && kept.currency === currency) return kept.representation;
    const representation = new Representation(renderMapAnswer(projectIndex.index, PROJECT_VIEWS, currency.view, query), false);
    return this.maps.keep(projectIndex, queryString, { currency, representation }).representation;
  }

  /**
   * The listing page kept for `queryString` from `projectIndex`, while it was rendered from `page` and
   * `current` says its currency view still is: found before the query string is read (decision 211).
   */
  listing(queryString: string, projectIndex: PreparedIndex, page: PreparedPage, current: (currency: PreparedCurrency) => boolean): Representation | undefined {
    const kept = this.listings.get(projectIndex, queryString);
    return kept && kept.page === page && current(kept.currency) ? kept.representation : undefined;
  }

  /** The map answer kept for `queryString` from `projectIndex`, while `current` says the currency view it was rendered in still is. */
  map(queryString: string, projectIndex: PreparedIndex, current: (currency: PreparedCurrency) => boolean): Representation | undefined {
    const kept = this.maps.get(projectIndex, queryString);
    return kept && current(kept.currency) ? kept.representation : undefined;
  }
}
