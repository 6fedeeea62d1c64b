/**
 * The off-plan projects as the registry of catalogues knows them (decision 204): named `projects`, spelled
 * `off_plan` by page sections, read through this domain's own services.
 */
import { noSuggestibles, registerCatalogue, suggestiblesOf, type CatalogueEntry, type SuggestibleParts } from '../catalogues/services/registry';
import { pageUrl } from '../website/services/site-pages';
import { PROJECTS_TAG } from '../../plugins/extsource/server/src/public';
import { checkListingQuery } from './services/listing-query';
import { OFFPLAN_PAGE_SURROGATE_KEY, OFFPLAN_PAGE_UID, offPlanService, PROJECTS_MAP_PATH, PROJECTS_SURROGATE_KEY } from './services/off-plan';
import { countProjects, projectAlerts, type ProjectIndex } from './services/listing-match';
import { DEVELOPER_PAGE_UID, PROJECT_SEO_UID } from './services/seo-overrides';
import { projectsService } from '../../plugins/extsource/server/src/public';
import { sitemapRelated } from './lib/sitemap-related';
import { PROJECT_ID } from './lib/project-response';
import { PROJECT_QUERY_MESSAGES } from './lib/query-messages';
import { PROJECT_BUILDER_CONTROLS } from './lib/query';
import { builderOptions } from './lib/listing-response';

type Project = ProjectIndex['projects'][number];

/** A project's Arabic name, '' where its feed gives none other than its English one. */
function arabicName(project: Project): string {
  const arabic = project.translations?.ar?.name ?? '';
  return arabic === project.name ? '' : arabic;
}

/** What the search box suggests of the projects (decision 215): their places with the Arabic names the feed gives, their developers by the slug the collection settled, the projects. */
const suggestibleProjects = (index: ProjectIndex): SuggestibleParts<Project> => ({
  type: 'project',
  place: ({ state_id, city, community, sub_community, translations }) => ({ state_id, city, community, sub_community, arabic: translations?.ar }),
  names: (project) => ({ en: project.name, ar: arabicName(project) }),
  slug: (position) => index.slugs[position],
  builder: ({ developer }) => ({ id: developer.id, name: developer.name, slug: index.developerSlugs?.get(developer.id) ?? developer.slug }),
});

export const OFF_PLAN_CATALOGUE: CatalogueEntry = {
  name: 'projects',
  spellings: [{ spelling: 'off_plan', narrows: {} }],
  surrogateKey: PROJECTS_SURROGATE_KEY,
  cacheTag: PROJECTS_TAG,
  mapPath: PROJECTS_MAP_PATH,
  checkQuery: checkListingQuery,
  live: (strapi, query, locale, limit) => offPlanService(strapi).live(query, locale, limit),
  listingUrl: (_narrows, locale) => pageUrl('off-plan', locale),
  builder: {
    controls: PROJECT_BUILDER_CONTROLS,
    options: async (strapi, locale) => builderOptions(await offPlanService(strapi).projectIndex(locale)),
  },
  favourites: {
    kind: 'project',
    column: 'project_id',
    card: { key: 'id', list: 'properties' },
    path: ':projectId',
    keyPattern: PROJECT_ID,
    notFound: (key, locale) => PROJECT_QUERY_MESSAGES[locale].projectNotFound(key.slice(0, 64)),
    cardsOf: (strapi, ids, locale) => offPlanService(strapi).cardsOf(ids, locale),
    keyNamed: (strapi, key) => offPlanService(strapi).projectIdOf(key),
    leftAt: (strapi, id) => projectsService(strapi).leftAt(id),
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
      return index ? suggestiblesOf(index.projects, suggestibleProjects(index), (query) => countProjects(index, query)) : noSuggestibles();
    },
  },
};

export const registerOffPlanCatalogue = (): void => registerCatalogue(OFF_PLAN_CATALOGUE);
