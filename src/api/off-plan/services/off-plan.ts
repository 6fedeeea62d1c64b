/**
 * The off-plan endpoints' data, from the app's cache: the published page content (under
 * `offplan_page_data`, cleared when an editor publishes the page or changes its media), the catalogue
 * index (built once per project collection, dropped with it) and the finished listing JSON.
 * `fastListing` answers from memory alone, for the fast lane; the controller's path loads whatever is
 * missing first.
 */
import type { Core } from '@strapi/strapi';
import { cache, declareCacheTags, MEDIA_TAG } from '../../../lib/cache';
import { fastLane } from '../../../lib/fast-lane';
import { mediaUrlsFor } from '../../../lib/media';
import { PROJECTS_TAG, projectsService, type ProjectCollection } from '../../../plugins/extsource/server/src/services/projects';
import { buildIndex, card, search, type CatalogueIndex } from '../lib/catalogue-index';
import { filtersData, prepareCatalogue, preparePage, renderListing, type PreparedCatalogue, type PreparedPage } from '../lib/listing-response';
import { buildPageContent, type OffPlanPageContent, type OffPlanPageRecord } from '../lib/page-content';
import { parseListingQuery, type ListingQuery } from '../lib/query';

export const OFFPLAN_PAGE_CACHE_KEY = 'offplan_page_data';
const CATALOGUE_CACHE_KEY = 'offplan:catalogue';
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

const link = { populate: { links: true } };

/** A raw query string as Strapi's parser would see it; undefined for forms only the full path handles (a[]=, a[b]=). */
export function plainQuery(queryString: string): Record<string, string | string[]> | undefined {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(queryString)) {
    if (key.includes('[') || key.includes(']')) return undefined;
    const existing = query[key];
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

  const service = {
    async pageContent(): Promise<OffPlanPageContent> {
      return (await preparedPage()).content;
    },

    async catalogue(): Promise<CatalogueIndex> {
      return (await catalogue()).index;
    },

    async listing(query: ListingQuery): Promise<Buffer> {
      const [prepared, page] = await Promise.all([catalogue(), preparedPage()]);
      return renderListing(prepared, page, query, search(prepared.index, query));
    },

    /** The listing from memory alone, or undefined (not loaded yet, or a query the full path must answer). */
    fastListing(queryString: string): Buffer | undefined {
      const raw = plainQuery(queryString);
      const parsed = raw && parseListingQuery(raw);
      const page = cache.peek<PreparedPage>(OFFPLAN_PAGE_CACHE_KEY)?.value;
      const collection = projectsService(strapi).peek();
      const prepared = cache.peek<Catalogue>(CATALOGUE_CACHE_KEY)?.value;
      if (!parsed?.ok || !page || !collection || prepared?.version !== collection.version) return undefined;
      return renderListing(prepared, page, parsed.query, search(prepared.index, parsed.query));
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
