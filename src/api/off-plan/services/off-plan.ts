/**
 * The off-plan endpoints' data, from the app's cache: the published page content (under
 * `offplan_page_data`, cleared when an editor publishes the page or changes its media), the catalogue
 * index (built once per project collection, dropped with it), its cards and prices in each other
 * currency (built when first asked for, dropped with it) and the finished listing JSON.
 * `fastListing` answers from memory alone, for the fast lane; the controller's path loads whatever is
 * missing first.
 */
import type { Core } from '@strapi/strapi';
import { cache, declareCacheTags, MEDIA_TAG } from '../../../lib/cache';
import { fastLane } from '../../../lib/fast-lane';
import { mediaUrlsFor } from '../../../lib/media';
import { extsourceConfig } from '../../../plugins/extsource/server/src/drivers';
import { PROJECTS_TAG, projectsService, type ProjectCollection } from '../../../plugins/extsource/server/src/services/projects';
import { buildIndex, card, type CatalogueIndex } from '../lib/catalogue-index';
import { currencyView, SITE_CURRENCY } from '../lib/currency';
import {
  filtersData, prepareCatalogue, prepareCurrency, preparePage, renderListing, type PreparedCatalogue, type PreparedCurrency, type PreparedPage,
} from '../lib/listing-response';
import type { Currency } from '../lib/options';
import { buildPageContent, type OffPlanPageContent, type OffPlanPageRecord } from '../lib/page-content';
import { parseListingQuery, type ListingQuery } from '../lib/query';

export const OFFPLAN_PAGE_CACHE_KEY = 'offplan_page_data';
const CATALOGUE_CACHE_KEY = 'offplan:catalogue';
const currencyCacheKey = (currency: Currency) => `offplan:catalogue:${currency}`;
const PAGE_UID = 'api::off-plan.off-plan-page';
const LISTING_PATH = '/api/v1/off-plan/projects';

const PAGE_CACHE = { tags: [PAGE_UID, MEDIA_TAG] };
// Derived from one collection: lives as long as it, and goes when it goes.
const CATALOGUE_CACHE = { tags: [PROJECTS_TAG], lifetime: Infinity };

declareCacheTags(PAGE_UID);

interface Catalogue extends PreparedCatalogue {
  /** The collection version it was built from. */
  version: number;
}

interface InCurrency extends PreparedCurrency {
  /** The collection version of the catalogue it was converted from. */
  version: number;
}

const link = { populate: { links: true } };

/** Values one key may have on the fast lane (Strapi's parser turns more than 100 into an object). */
const MAX_REPEATS = 20;

/**
 * A raw query string as Strapi's parser (qs) would see it; undefined for what only the full path reads
 * as qs does: bracket forms (a[]=, a[b]=), percent escapes that are not UTF-8 (qs keeps them as
 * written), a key given more than MAX_REPEATS times.
 */
export function plainQuery(queryString: string): Record<string, string | string[]> | undefined {
  try {
    decodeURIComponent(queryString);
  } catch {
    return undefined;
  }
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(queryString)) {
    if (key.includes('[') || key.includes(']')) return undefined;
    const existing = query[key];
    if (Array.isArray(existing) && existing.length >= MAX_REPEATS) return undefined;
    query[key] = existing === undefined ? value : ([] as string[]).concat(existing, value);
  }
  return query;
}

const catalogueOf = (collection: ProjectCollection): Catalogue => ({ version: collection.version, ...prepareCatalogue(buildIndex(collection.projects)) });

const createOffPlanService = ({ strapi }: { strapi: Core.Strapi }) => {
  async function loadPage(): Promise<PreparedPage> {
    const record = await strapi.documents(PAGE_UID).findFirst({
      status: 'published',
      populate: {
        guide_image: true,
        explore_by_city_columns: link,
        recommended_searches: link,
        other_property_types: link,
        useful_links: link,
        faq_items: true,
        seo: true,
      },
    });
    return preparePage(buildPageContent((record ?? null) as OffPlanPageRecord | null, mediaUrlsFor(strapi).image));
  }

  async function preparedPage(): Promise<PreparedPage> {
    return (await cache.get(OFFPLAN_PAGE_CACHE_KEY, loadPage, PAGE_CACHE)).value;
  }

  /** The catalogue of the current collection (rebuilt if the cached one is of an older collection). */
  async function catalogue(): Promise<Catalogue> {
    const collection = await projectsService(strapi).collection();
    const cached = await cache.get(CATALOGUE_CACHE_KEY, async () => catalogueOf(collection), CATALOGUE_CACHE);
    if (cached.value.version === collection.version) return cached.value;
    return cache.set(CATALOGUE_CACHE_KEY, catalogueOf(collection), CATALOGUE_CACHE).value;
  }

  /** The catalogue's cards and prices in `currency` (built once per currency and collection). */
  async function inCurrency(prepared: Catalogue, currency: Currency): Promise<PreparedCurrency> {
    if (currency === SITE_CURRENCY) return prepared.aed;
    const convert = async (): Promise<InCurrency> => ({
      version: prepared.version,
      ...prepareCurrency(prepared.index, currencyView(prepared.index, currency, extsourceConfig(strapi).currencyRates)),
    });
    const cached = await cache.get(currencyCacheKey(currency), convert, CATALOGUE_CACHE);
    if (cached.value.version === prepared.version) return cached.value;
    return cache.set(currencyCacheKey(currency), await convert(), CATALOGUE_CACHE).value;
  }

  /** The same from memory alone, or undefined. */
  function peekCurrency(prepared: Catalogue, currency: Currency): PreparedCurrency | undefined {
    if (currency === SITE_CURRENCY) return prepared.aed;
    const cached = cache.peek<InCurrency>(currencyCacheKey(currency))?.value;
    return cached?.version === prepared.version ? cached : undefined;
  }

  const service = {
    async pageContent(): Promise<OffPlanPageContent> {
      return (await preparedPage()).content;
    },

    async catalogue(): Promise<CatalogueIndex> {
      return (await catalogue()).index;
    },

    async listing(query: ListingQuery): Promise<Buffer> {
      const [prepared, page] = await Promise.all([catalogue(), preparedPage()]);
      return renderListing(prepared, await inCurrency(prepared, query.filters.currency ?? SITE_CURRENCY), page, query);
    },

    /** The listing from memory alone, or undefined (not loaded yet, or a query the full path must answer). */
    fastListing(queryString: string): Buffer | undefined {
      const raw = plainQuery(queryString);
      const parsed = raw && parseListingQuery(raw);
      const page = cache.peek<PreparedPage>(OFFPLAN_PAGE_CACHE_KEY)?.value;
      const collection = projectsService(strapi).peek();
      const prepared = cache.peek<Catalogue>(CATALOGUE_CACHE_KEY)?.value;
      if (!parsed?.ok || !page || !collection || prepared?.version !== collection.version) return undefined;
      const currency = peekCurrency(prepared, parsed.query.filters.currency ?? SITE_CURRENCY);
      return currency && renderListing(prepared, currency, page, parsed.query);
    },

    async filters() {
      const [index, developers] = await Promise.all([service.catalogue(), projectsService(strapi).developers()]);
      return filtersData(index, developers);
    },

    /** Decision 25: every card field and the detail fields, or null for an unknown id. */
    async project(id: string) {
      const project = await projectsService(strapi).project(id);
      if (!project) return null;
      const { description, apartments, facilities, coordinates, gallery, payment_plans } = project;
      return { ...card(project), description, apartments, facilities, coordinates, gallery, payment_plans };
    },

    /** Decision 26: the legacy page data. */
    async legacyPage() {
      const page = await service.pageContent();
      return { hero: page.hero, guide: page.guide, sold_section: page.soldSection };
    },
  };
  return service;
};

export default createOffPlanService;
export type OffPlanService = ReturnType<typeof createOffPlanService>;
export const offPlanService = (strapi: Core.Strapi) => strapi.service('api::off-plan.off-plan') as OffPlanService;

/** Puts the listing on the fast lane (called at bootstrap, when the service exists). */
export function registerListingFastLane(strapi: Core.Strapi): void {
  const service = offPlanService(strapi);
  fastLane(LISTING_PATH, (query) => service.fastListing(query));
}
