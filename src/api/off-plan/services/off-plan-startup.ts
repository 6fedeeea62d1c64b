/**
 * The off-plan service's part in a start (src/index.ts): each new collection prepared before it is
 * served, the warm-up before the start listens, and the fast lane's lookups of the off-plan routes.
 */
import type { Core } from '@strapi/strapi';
import { cache } from '../../../lib/cache';
import { laneLookup } from '../../../lib/fast-lane';
import { LOCALES, localized } from '../../../lib/locale';
import { representationOf } from '../../../lib/representation';
import type { WarmUpStep } from '../../../lib/warm-up';
import { projectsService } from '../../../plugins/extsource/server/src/public';
import { LEGACY_CACHE_KEY } from './off-plan-cache';
import { offPlanService } from './off-plan';

/**
 * Each new project collection reaches visitors with its slugs and indexes built, and the developers are
 * named by their kept slugs (at bootstrap, when the service exists).
 */
export function prepareOffPlanIndexes(strapi: Core.Strapi): void {
  const service = offPlanService(strapi);
  service.start();
  projectsService(strapi).slugDevelopersWith((developers) => service.developerSlugs(developers));
}

/**
 * Before a start listens (decision 175): the project collection, its snapshot or its first fill, and its
 * index in every locale (a first fill prepares them before it is served; a snapshot is served as read).
 */
export function offPlanWarmUp(strapi: Core.Strapi): WarmUpStep {
  const service = offPlanService(strapi);
  return {
    name: 'the off-plan projects',
    run: async () => {
      for (const locale of LOCALES) await service.projectIndex(locale);
    },
  };
}

/** The fast lane's lookups of the off-plan routes (at bootstrap, when the service exists). */
export function registerOffPlanLookups(strapi: Core.Strapi): void {
  const service = offPlanService(strapi);
  service.registerListLanes();
  laneLookup('api::off-plan.off-plan.project', ({ path, locale }) => service.fastProject(path.slice(path.lastIndexOf('/') + 1), locale));
  laneLookup('api::off-plan.off-plan.developer', ({ path, locale }) => service.fastDeveloper(path.slice(path.lastIndexOf('/') + 1), locale));
  laneLookup('api::off-plan.off-plan.legacy', ({ locale }) => {
    const entry = cache.peek(localized(LEGACY_CACHE_KEY, locale));
    return entry && representationOf(entry);
  });
}
