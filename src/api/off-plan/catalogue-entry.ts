/**
 * The off-plan projects as the registry of catalogues knows them (decision 204): named `projects`, spelled
 * `off_plan` by page sections, read through this domain's own services.
 */
import { registerCatalogue, type CatalogueEntry } from '../catalogues/services/registry';
import { pageUrl } from '../website/services/site-pages';
import { PROJECTS_TAG } from '../../plugins/extsource/server/src/public';
import { checkListingQuery } from './services/listing-query';
import { OFFPLAN_PAGE_SURROGATE_KEY, OFFPLAN_PAGE_UID, offPlanService, PROJECTS_MAP_PATH, PROJECTS_SURROGATE_KEY } from './services/off-plan';
import { countProjects, projectAlerts, type ProjectIndex } from './services/listing-match';
import { DEVELOPER_PAGE_UID, PROJECT_SEO_UID } from './services/seo-overrides';
import { projectsService } from '../../plugins/extsource/server/src/public';
import { sitemapRelated } from './lib/sitemap-related';
import { projectSuggestibles } from './lib/suggestibles';

export const OFF_PLAN_CATALOGUE: CatalogueEntry = {
  name: 'projects',
  spellings: [{ spelling: 'off_plan', narrows: {} }],
  surrogateKey: PROJECTS_SURROGATE_KEY,
  cacheTag: PROJECTS_TAG,
  mapPath: PROJECTS_MAP_PATH,
  checkQuery: checkListingQuery,
  live: (strapi, query, locale, limit) => offPlanService(strapi).live(query, locale, limit),
  listingUrl: (_narrows, locale) => pageUrl('off-plan', locale),
  favourites: {
    kind: 'project',
    column: 'project_id',
    card: { key: 'id', list: 'properties' },
    cardsOf: (strapi, ids, locale) => offPlanService(strapi).cardsOf(ids, locale),
    keyNamed: (strapi, key) => offPlanService(strapi).projectIdOf(key),
  },
  alerts: projectAlerts,
  async sitemapPages(strapi) {
    return (await offPlanService(strapi).sitemapProjects()).map(({ slug, lastModified }) => ({ kind: 'project', params: { slug }, lastModified }));
  },
  sitemap: {
    landing: { kind: 'off-plan', types: [OFFPLAN_PAGE_UID], surrogateKey: OFFPLAN_PAGE_SURROGATE_KEY },
    noindexTypes: [PROJECT_SEO_UID, DEVELOPER_PAGE_UID],
    async related(strapi) {
      const [listed, developers, hidden] = await Promise.all([offPlanService(strapi).sitemapProjects(), projectsService(strapi).developers(), offPlanService(strapi).noindexDevelopers()]);
      return sitemapRelated(listed, developers, hidden);
    },
  },
  enquiry: {
    kind: 'project',
    async find(strapi, key) {
      const found = await offPlanService(strapi).enquiredProject(key);
      return found && { kind: 'project', ...found };
    },
  },
  suggest: {
    // Without a collection held here the box suggests the rest: the projects come with the collection's fill.
    current: async (strapi) => (projectsService(strapi).peek() === undefined ? undefined : offPlanService(strapi).projectIndex('en')),
    suggestibles(build) {
      const index = build as ProjectIndex | undefined;
      return projectSuggestibles(index, (query) => (index ? countProjects(index, query) : 0));
    },
  },
};

export const registerOffPlanCatalogue = (): void => registerCatalogue(OFF_PLAN_CATALOGUE);
