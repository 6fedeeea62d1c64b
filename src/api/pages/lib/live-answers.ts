/**
 * A live section's answer (decision 168): what its catalogue's listing said of its query when the page was
 * built, in the request's language and currency. Cards are the listing's own; the link opens the whole
 * listing on the website; a map is the map endpoint's query (the bbox that holds the results, the zoom
 * that shows it); figures are counted over every item the query selects. A query the listing no longer
 * reads answers as one that selects nothing: the shape never varies. Pure.
 */
import type { LiveResult } from '../../catalogues/services/vocabulary';
import type { Locale } from '../../../lib/locale';
import { fittingZoom } from '../../../lib/catalogue/geo-query';
import { formatPrice } from '../../../plugins/extsource/server/src/public';
import type { Catalogue } from './live-queries';
import type { SectionRecord } from './sections';
import { areaCommunity, liveType, sectionTitle } from './sections';

/** Where a catalogue's listing and map are: the website's page with the query, the API's map route. */
export interface CatalogueLinks {
  listingUrl(catalogue: Catalogue, query: string, locale: Locale): string;
  mapPath(catalogue: Catalogue): string;
}

const NOTHING: LiveResult = { total: 0, items: [], figures: { count: 0, min: null, max: null, medianPerSqft: null, currency: '', completionYears: [], developers: [] }, bbox: null };

const money = (amount: number | null, currency: string) => (amount === null ? null : { amount, currency, formatted: formatPrice(amount, currency) });

function figuresOf({ figures }: LiveResult) {
  return {
    count: figures.count,
    price_from: money(figures.min, figures.currency),
    price_to: money(figures.max, figures.currency),
    median_price_per_sqft: money(figures.medianPerSqft, figures.currency),
    completion_years: figures.completionYears,
    developers: figures.developers,
  };
}

function mapOf(result: LiveResult, catalogue: Catalogue, query: string, links: CatalogueLinks) {
  if (!result.bbox) return { bbox: null, zoom: null, endpoint: links.mapPath(catalogue), query: null };
  const zoom = fittingZoom(result.bbox);
  // Commas as the map's own parameters are written: a section's query never names bbox nor zoom.
  return { bbox: result.bbox, zoom, endpoint: links.mapPath(catalogue), query: `${query ? `${query}&` : ''}bbox=${result.bbox.join(',')}&zoom=${zoom}` };
}

const cardsOf = (result: LiveResult, catalogue: Catalogue, query: string, links: CatalogueLinks, locale: Locale) => ({
  total: result.total,
  items: result.items,
  listing_url: links.listingUrl(catalogue, query, locale),
});

/** The section's answer from its catalogue's `result` (null: the query no longer reads). */
export function liveSection(record: SectionRecord, catalogue: Catalogue, query: string, found: LiveResult | null, links: CatalogueLinks, locale: Locale): Record<string, unknown> {
  const result = found ?? NOTHING;
  const type = liveType(record);
  const head = { type, title: sectionTitle(record) };
  switch (type) {
    case 'projects':
    case 'listings':
      return { ...head, catalogue, query, ...cardsOf(result, catalogue, query, links, locale) };
    case 'map':
      return { ...head, catalogue, query, total: result.total, map: mapOf(result, catalogue, query, links) };
    case 'figures':
      return { ...head, catalogue, query, figures: figuresOf(result) };
    default:
      return {
        ...head,
        community: areaCommunity(record),
        query,
        figures: figuresOf(result),
        projects: cardsOf(result, catalogue, query, links, locale),
        map: mapOf(result, catalogue, query, links),
      };
  }
}
