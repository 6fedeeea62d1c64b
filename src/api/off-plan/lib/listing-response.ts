/**
 * The JSON of GET /api/v1/off-plan/projects and /filters, assembled from parts serialised and encoded
 * once: the cards and the filters block per project index and currency, explore-by-city and FAQ per
 * page content (prepared when those are built, and cached with them), and what each recent set of
 * filters matched, with its counts serialised (the last MATCHES_KEPT sets per currency and collection).
 * A request serialises only what is its own (header, pagination, applied filters) and joins the rest
 * as bytes.
 */
import LRUCache from 'lru-cache';
import type { Developer } from '../../../plugins/extsource/server/src/public';
import { encodedSuccess } from '../../../lib/envelope';
import { perLocale, type Locale } from '../../../lib/locale';
import { matchFilters, pageItems, type Facets, type Matched, type ProjectIndex } from './project-catalogue';
import { currencyView, type CurrencyView } from '../../../lib/catalogue/engine/currency';
import { PROJECT_VIEWS } from './project-views';
import { BEDROOMS, CURRENCIES, PROPERTY_TYPES, SITE_CURRENCY, sharedBuilderOptions, stateOptions, type Currency } from '../../catalogues/services/vocabulary';
import type { BuilderOption } from '../../catalogues/services/registry';
import { AMENITIES, AREAS } from './options';
import type { OffPlanPageContent } from './page-content';
import { DEFAULT_SORT, SORTS, type ListingQuery } from './query';
import { LISTING_WORDS } from './listing-words';
import { AnswerBytes, facetsWriter, lastPage } from '../../../lib/catalogue/engine/page-answer';

/** The sort options with their labels in `locale` (the contract's in English). */
export const sortOptions = (locale: Locale) => SORTS.map(({ value }) => ({ value, label: LISTING_WORDS[locale].sorts[value] }));

/** The `filters` block: the contract's fixed lists, with their labels in the project index's locale. */
function filtersBlock(index: ProjectIndex, view: CurrencyView) {
  const words = LISTING_WORDS[index.locale];
  return {
    location_placeholder: words.locationPlaceholder,
    property_type: { label: words.propertyType, options: PROPERTY_TYPES },
    bedrooms: { label: words.bedrooms, options: BEDROOMS },
    price_range: { label: words.priceRange, min: view.priceRange.min, max: view.priceRange.max },
    more_filters: {
      label: words.moreFilters,
      options: {
        amenities: AMENITIES,
        area: AREAS,
        developer: index.developers.map(({ id, name }) => ({ id, name })),
        completion_year: index.completionYears,
      },
    },
    currency: { default: SITE_CURRENCY, options: CURRENCIES },
    sort_by: { default: DEFAULT_SORT, options: sortOptions(index.locale) },
  };
}

const ENVELOPES = perLocale((locale) => encodedSuccess(LISTING_WORDS[locale].listingMessage));

/** `filters.facets`: per group, each option with its count (written directly: it is built per search). */
const facetsJson: (facets: Facets) => string = facetsWriter([
  ['property_type', PROPERTY_TYPES],
  ['bedrooms', BEDROOMS],
  ['amenities', AMENITIES],
  ['area', AREAS],
]);

/** Sets of filters whose matches are kept per currency and collection (a set is about size/8 bytes). */
const MATCHES_KEPT = 256;
/** Sets of filters remembered as asked for once: kept only when asked for again (a key is ~100 bytes). */
const ASKED_ONCE = 2048;

/** What a set of filters matched, with its facets and counts per emirate serialised. */
interface PreparedMatch extends Matched {
  facetsJson: string;
  countsByStateJson: string;
}

/**
 * A currency view with the `filters` block up to its facets (`{...,"sort_by":{...}`), serialised once,
 * and what recent sets of filters matched in it.
 */
export interface PreparedCurrency {
  view: CurrencyView<Currency>;
  filtersHead: Buffer;
  matched: LRUCache<string, PreparedMatch>;
  askedOnce: LRUCache<string, true>;
}

export function prepareCurrency(index: ProjectIndex, view: CurrencyView<Currency>): PreparedCurrency {
  return { view, filtersHead: Buffer.from(JSON.stringify(filtersBlock(index, view)).slice(0, -1)), matched: new LRUCache({ max: MATCHES_KEPT }), askedOnce: new LRUCache({ max: ASKED_ONCE }) };
}

/** A project index with the parts every listing response repeats, serialised once (cached with it). */
export interface PreparedIndex {
  index: ProjectIndex;
  /** The listing in AED; other currencies are prepared when first asked for. */
  aed: PreparedCurrency;
  countsByState: string;
  facets: string;
}

export function prepareIndex(index: ProjectIndex): PreparedIndex {
  return {
    index,
    aed: prepareCurrency(index, currencyView(index, PROJECT_VIEWS, SITE_CURRENCY, {})),
    countsByState: JSON.stringify(index.countsByState),
    facets: facetsJson(index.facets),
  };
}

/** The page content with its `"explore_by_city":{...},"faq":{...}` part serialised once (cached with it). */
export interface PreparedPage {
  content: OffPlanPageContent;
  listingParts: Buffer;
}

export function preparePage(content: OffPlanPageContent): PreparedPage {
  return { content, listingParts: Buffer.from(`"explore_by_city":${JSON.stringify(content.exploreByCity)},"faq":${JSON.stringify(content.faq)}`) };
}

/**
 * What the query's filters match in `currency`: kept from an earlier request, or found now. A set is
 * kept from its second request on (paging through a search, a popular search): a stream of searches
 * that are all different keeps nothing and leaves no garbage in the old generation.
 */
function matchOf(projectIndex: PreparedIndex, currency: PreparedCurrency, query: ListingQuery): PreparedMatch {
  const key = JSON.stringify(query.filters);
  const kept = currency.matched.get(key);
  if (kept) return kept;
  const { index } = projectIndex;
  const matched = matchFilters(index, query.filters, currency.view.prices);
  const prepared = {
    ...matched,
    facetsJson: matched.facets === index.facets ? projectIndex.facets : facetsJson(matched.facets),
    countsByStateJson: matched.countsByState === index.countsByState ? projectIndex.countsByState : JSON.stringify(matched.countsByState),
  };
  if (currency.askedOnce.get(key)) currency.matched.set(key, prepared);
  else currency.askedOnce.set(key, true);
  return prepared;
}

/** The listing JSON of a valid query; `currency` must be the query's (the project index's own for AED). */
export function renderListing(projectIndex: PreparedIndex, currency: PreparedCurrency, page: PreparedPage, query: ListingQuery): Buffer {
  const { index } = projectIndex;
  const match = matchOf(projectIndex, currency, query);
  const { total } = match;
  const items = pageItems(index, match, query);
  const numbers = { total, perPage: query.perPage, page: query.page };
  const from = items.length ? (query.page - 1) * query.perPage + 1 : 0;
  const to = items.length ? from + items.length - 1 : 0;
  const header = { title: page.content.listingTitle, results_text: LISTING_WORDS[index.locale].resultsText(from, to, total) };
  const pagination = { current_page: query.page, per_page: query.perPage, total, last_page: lastPage(numbers), total_unfiltered: index.projects.length };
  return new AnswerBytes(ENVELOPES[index.locale])
    .text(`{"listing_header":${JSON.stringify(header)},"filters":`)
    .bytes(currency.filtersHead)
    .text(`,"facets":${match.facetsJson}},`)
    .page('properties', numbers, { positions: items, card: currency.view.card, geo: index.geo, near: query.near })
    .text(`,"pagination":${JSON.stringify(pagination)},`)
    .bytes(page.listingParts)
    .text(`,"applied_filters":${JSON.stringify(query.filters)},"counts_by_state":${match.countsByStateJson},"sort":${JSON.stringify(query.sort)}}`)
    .done();
}

/**
 * The filters endpoint. Developers are those with projects; their details come from the provider's
 * developer feed when it has them (cached 1 hour), else from the projects themselves.
 */
/** The listing's options in the editors' query builder (decision 227), as its filters answer offers them, in the index's language. */
export function builderOptions(index: ProjectIndex): Record<string, BuilderOption[]> {
  return {
    ...sharedBuilderOptions(index.locale),
    developer_id: index.developers.map(({ id, name }) => ({ value: String(id), label: name })),
    completion_year: index.completionYears.map(({ value, label }) => ({ value, label })),
    sort: sortOptions(index.locale),
  };
}

export function filtersData(index: ProjectIndex, feedDevelopers: Developer[] = []) {
  const fromFeed = new Map(feedDevelopers.map((developer) => [developer.id, developer]));
  return {
    developers: index.developers.map((developer) => {
      const feed = fromFeed.get(developer.id);
      return feed ? { id: feed.id, name: feed.name || developer.name, slug: feed.slug || developer.slug, logo: feed.logo || developer.logo } : developer;
    }),
    completion_years: index.completionYears,
    states: stateOptions(index.locale),
    price_range: index.priceRange,
    counts_by_state: index.countsByState,
    total_projects: index.projects.length,
    sort_options: sortOptions(index.locale),
  };
}
