/**
 * The off-plan endpoints' data: the published page content (cached under `offplan_page_data`, no expiry, cleared
 * when an editor publishes the page), the catalogue index (rebuilt only when the extsource project
 * collection changes) and the finished listing JSON. `fastListing` answers from memory alone, for the
 * fast lane; the controller's path loads whatever is missing first.
 */
import type { Core } from '@strapi/strapi';
import { cacheDependsOn, responseCache } from '../../../lib/cache';
import { fastLane } from '../../../lib/fast-lane';
import { mediaUrlsFor } from '../../../lib/media';
import { projectsService, type ProjectCollection } from '../../../plugins/extsource/server/src/services/projects';
import { buildIndex, card, search, type CatalogueIndex } from '../lib/catalogue-index';
import { filtersData, renderListing } from '../lib/listing-response';
import { buildPageContent, type OffPlanPageContent, type OffPlanPageRecord } from '../lib/page-content';
import { parseListingQuery, type ListingQuery } from '../lib/query';

export const OFFPLAN_PAGE_CACHE_KEY = 'offplan_page_data';
const PAGE_UID = 'api::off-plan.off-plan-page';
const LISTING_PATH = '/api/v1/off-plan/projects';

cacheDependsOn(OFFPLAN_PAGE_CACHE_KEY, [PAGE_UID], { media: true });

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

const createOffPlanService = ({ strapi }: { strapi: Core.Strapi }) => {
  let indexed: { version: number; index: CatalogueIndex } | undefined;

  function indexOf(collection: ProjectCollection): CatalogueIndex {
    if (indexed?.version !== collection.version) indexed = { version: collection.version, index: buildIndex(collection.projects) };
    return indexed.index;
  }

  async function loadPage(): Promise<OffPlanPageContent> {
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
    return buildPageContent((record ?? null) as OffPlanPageRecord | null, mediaUrlsFor(strapi).image);
  }

  const service = {
    async pageContent(): Promise<OffPlanPageContent> {
      return (await responseCache.get(OFFPLAN_PAGE_CACHE_KEY, loadPage)).value as OffPlanPageContent;
    },

    async catalogue(): Promise<CatalogueIndex> {
      return indexOf(await projectsService(strapi).collection());
    },

    async listing(query: ListingQuery): Promise<Buffer> {
      const [index, page] = await Promise.all([service.catalogue(), service.pageContent()]);
      return renderListing(index, page, query, search(index, query));
    },

    /** The listing from memory alone, or undefined (not loaded yet, or a query the full path must answer). */
    fastListing(queryString: string): Buffer | undefined {
      const raw = plainQuery(queryString);
      const parsed = raw && parseListingQuery(raw);
      const page = responseCache.peek(OFFPLAN_PAGE_CACHE_KEY)?.value as OffPlanPageContent | undefined;
      const collection = projectsService(strapi).peek();
      if (!parsed?.ok || !page || !collection) return undefined;
      const index = indexOf(collection);
      return renderListing(index, page, parsed.query, search(index, parsed.query));
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
