/**
 * The off-plan projects as the registry of catalogues knows them (decision 204): named `projects`, spelled
 * `off_plan` by page sections, read through this domain's own services.
 */
import { registerCatalogue, type CatalogueEntry } from '../catalogues/services/registry';
import { pageUrl } from '../website/services/site-pages';
import { PROJECTS_TAG } from '../../plugins/extsource/server/src/public';
import { checkListingQuery } from './services/listing-query';
import { projectAlerts } from './services/listing-match';
import { offPlanService, PROJECTS_MAP_PATH, PROJECTS_SURROGATE_KEY } from './services/off-plan';

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
};

export const registerOffPlanCatalogue = (): void => registerCatalogue(OFF_PLAN_CATALOGUE);
