// First: tracing (when asked for) patches http and pg before anything requires them.
import './bootstrap/tracing-start';
import type { Core } from '@strapi/strapi';
import { ACCOUNT_LAYOUTS } from './api/account/admin-layout';
import { answerBuyersOnFastLane } from './api/account/favorite-flags-lane';
import accountAdminRoutes from './api/account/admin/routes';
import { accountDataService } from './api/account/services/personal-data';
import { alertModels } from './api/account/alerts/tables';
import { startAlertSender, stopAlertSender } from './api/account/alerts/sender';
import { acceptOneClickPosts } from './api/account/one-click';
import { CONTACT_LAYOUTS } from './api/contact/admin-layout';
import contactAdminRoutes from './api/contact/admin/routes';
import editorFieldsAdminRoutes from './api/editor-fields/admin/routes';
import { registerEditorFields } from './api/editor-fields/register';
import { DELIVERY_MODEL } from './api/contact/deliveries/store';
import { REPEAT_MODEL } from './api/contact/repeats/store';
import { AUDIT_MODEL, registerPersonalDataPermission, startRetention, stopRetention } from './api/contact/personal-data';
import { startDeliveryWorker, stopDeliveryWorker } from './api/contact/deliveries/worker';
import { contactPageSeeder } from './api/contact/seed';
import { enforceContactType } from './api/contact/services/contact';
import { personalDataHolders } from './api/contact/services/personal-data-holders';
import { LUXURY_LAYOUTS } from './api/luxury/admin-layout';
import { enforceRatingRange } from './api/luxury/rating-rule';
import { luxurySeeder } from './api/luxury/seed';
import { OFF_PLAN_LAYOUTS } from './api/off-plan/admin-layout';
import { SITEMAP_LAYOUTS } from './api/sitemap/admin-layout';
import { registerSitemapLookups } from './api/sitemap/services/sitemap';
import { offPlanPageSeeder } from './api/off-plan/seed';
import { registerOffPlanCatalogue } from './api/off-plan/catalogue-entry';
import { registerPropertiesCatalogue } from './api/properties/catalogue-entry';
import { definedCataloguesWarmUp, registerDefinedCatalogues, startDefinedCatalogues } from './bootstrap/defined-catalogues';
import { offPlanWarmUp, prepareOffPlanIndexes, registerOffPlanLookups } from './api/off-plan/services/off-plan-startup';
import { listingsWarmUp, registerPropertiesLookups } from './api/properties/services/properties';
import { registerSearchLookups, searchWarmUp } from './api/search/services/suggest';
import { registerPagesLookups } from './api/pages/services/pages';
import { registerPageWrites } from './api/pages/services/page-writes';
import { composedPagesSeeder } from './api/pages/seed';
import { PAGES_LAYOUTS } from './api/pages/admin-layout';
import { SLUG_MODEL } from './api/catalogues/services/slugs';
import { registerSeoOverrideWrites } from './api/off-plan/services/seo-overrides';
import { applyAdminLayouts } from './bootstrap/admin-layouts';
import { arabicDemoSeeder } from './bootstrap/arabic-demo-seed';
import { ensureAdminUser } from './bootstrap/admin-user';
import { ensureLocales } from './bootstrap/locales';
import { enableMetrics, serveMetricsOnPublicPort, startMetricsListener, stopMetrics } from './bootstrap/metrics';
import { configureEditorRoles } from './bootstrap/editor-roles';
import { printBannerWhenListening } from './bootstrap/banner';
import { assertStartable } from './bootstrap/production-checks';
import { sampleListingsSeeder } from './bootstrap/sample-listings-seed';
import { seedDemoContent, type Seeder } from './lib/seeding/seed';
import { configureUsersPermissions } from './bootstrap/users-permissions';
import { serveDeclaredRoutes } from './bootstrap/declared-routes';
import { registerCacheInvalidation, startCacheBus, stopCacheBus } from './lib/cache';
import { provideExtsourceHost } from './bootstrap/extsource-host';
import { LEASE_MODEL } from './lib/cluster/leases';
import { releaseStartupLock, takeStartupLock } from './lib/cluster/startup-lock';
import { registerAdminRouters, type AdminRouter } from './lib/admin-routes';
import { installFastLane, lanesAskedAtStart } from './lib/fast-lane';
import { laneWarmUp } from './lib/lane-warm-up';
import { mountRoutesBeforeListening } from './lib/strapi/mount-routes';
import { metrics } from './lib/metrics';
import { stopTracing } from './lib/tracing';
import { logRequestContext } from './lib/tracing/log-context';
import { configureCacheControl, type CacheControlSettings } from './lib/http-caching';
import { hardenHttpServer } from './lib/http-server';
import { closeRedis } from './lib/redis';
import { publicationScheduleAdminRoutes, SCHEDULE_MODEL, startPublicationScheduler, stopPublicationScheduler } from './lib/publication-schedule';
import { parseUploadsAfterAuthentication } from './lib/uploads';
import { useSitePaths, type SitePathsOfSite } from './api/website/services/site-pages';
import { useAgencyNames, type AgencyNames } from './api/website/services/agency';
import { warmUp, type WarmUpStep } from './lib/warm-up';

/** First-run demo content, in the order it is loaded. */
const DEMO_SEEDERS: Seeder[] = [luxurySeeder, contactPageSeeder, offPlanPageSeeder, arabicDemoSeeder, sampleListingsSeeder, composedPagesSeeder];

/** How editors see each type in the Content Manager (labels, hints, columns, entry titles). */
const ADMIN_LAYOUTS = [...LUXURY_LAYOUTS, ...CONTACT_LAYOUTS, ...OFF_PLAN_LAYOUTS, ...ACCOUNT_LAYOUTS, ...SITEMAP_LAYOUTS, ...PAGES_LAYOUTS];

/**
 * What a start builds before it listens (decisions 175 and 182), in order: the search box's index is made from
 * both catalogues, and the fast lanes are asked once the catalogues are in memory.
 */
const warmUpSteps = (strapi: Core.Strapi): WarmUpStep[] => [
  offPlanWarmUp(strapi),
  listingsWarmUp(strapi),
  ...definedCataloguesWarmUp(strapi),
  searchWarmUp(strapi),
  laneWarmUp(strapi.server.httpServer, { asked: lanesAskedAtStart(), log: strapi.log }),
];

/** Every admin route of the app, one table per owner (the extsource plugin mounts its own). */
const ADMIN_ROUTERS: AdminRouter[] = [contactAdminRoutes, accountAdminRoutes, editorFieldsAdminRoutes, publicationScheduleAdminRoutes];

/** MAX_CONNECTIONS_PER_IP, or the default: 50, none behind a trusted proxy (it caps instead). */
function maxConnectionsPerAddress(strapi: Core.Strapi): number {
  const configured = Number(strapi.config.get('server.http.maxConnectionsPerAddress'));
  if (Number.isInteger(configured) && configured >= 0) return configured;
  return strapi.server.app.proxy ? 0 : 50;
}

/** The fast lane writes the request line (src/lib/request-log.ts) when the log level shows it. */
function fastLaneAccessLog(strapi: Core.Strapi): ((line: string) => void) | undefined {
  const log = strapi.log as typeof strapi.log & { isLevelEnabled?(level: string): boolean };
  return log.isLevelEnabled?.('http') ? (line) => strapi.log.http(line) : undefined;
}

export default {
  async register({ strapi }: { strapi: Core.Strapi }) {
    // Before anything else: a careless configuration stops the start with its reasons.
    assertStartable(strapi);
    enableMetrics(strapi);
    logRequestContext(strapi);
    // The website's pages, as config/site-paths.ts read them: every answer and the Preview panel name pages from them.
    useSitePaths(strapi.config.get<SitePathsOfSite>('site-paths'));
    // The agency's name in each language, as config/agency.ts read it: the structured data names it.
    useAgencyNames(strapi.config.get<AgencyNames>('agency'));
    // Held until the end of bootstrap: schema sync, first admin and seeding run one process at a time.
    await takeStartupLock(strapi);
    strapi.get('models').add(LEASE_MODEL);
    strapi.get('models').add(DELIVERY_MODEL);
    strapi.get('models').add(REPEAT_MODEL);
    strapi.get('models').add(SCHEDULE_MODEL);
    strapi.get('models').add(AUDIT_MODEL);
    strapi.get('models').add(SLUG_MODEL);
    registerEditorFields(strapi);
    // The catalogues, in the order every reader lists them (decision 204): before any page write checks a section's query.
    registerOffPlanCatalogue();
    registerPropertiesCatalogue();
    // Then those CATALOGUE_MODULES defines by a descriptor module alone (decision 220), mounted as APIs of their own.
    registerDefinedCatalogues(strapi);
    // Each catalogue's alerts keep a seen table of their own, named by its entry.
    for (const model of alertModels()) strapi.get('models').add(model);
    registerCacheInvalidation(strapi);
    registerSeoOverrideWrites(strapi);
    registerPageWrites(strapi);
    provideExtsourceHost(strapi);
    enforceContactType(strapi);
    enforceRatingRange(strapi);
    // A buyer's account is found, exported, erased and kept for a period with the leads (Personal data).
    personalDataHolders(strapi).register(accountDataService(strapi).holder);
    registerAdminRouters(strapi, ADMIN_ROUTERS);
    // Before the admin's bootstrap, which gives super admins every action registered by then.
    await registerPersonalDataPermission(strapi);
    parseUploadsAfterAuthentication(strapi);
    acceptOneClickPosts();
    hardenHttpServer(strapi, { maxConnectionsPerAddress: maxConnectionsPerAddress(strapi) });
    configureCacheControl(strapi.config.get('cache.cacheControl') as Partial<CacheControlSettings>);
    installFastLane(strapi.server.httpServer, { accessLog: fastLaneAccessLog(strapi), metrics: metrics.fastLane() });
    serveMetricsOnPublicPort(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    try {
      await startCacheBus(strapi);
      const login = await ensureAdminUser(strapi);
      await configureUsersPermissions(strapi);
      await ensureLocales(strapi);
      await applyAdminLayouts(strapi, ADMIN_LAYOUTS);
      await configureEditorRoles(strapi);
      await seedDemoContent(strapi, DEMO_SEEDERS);
      prepareOffPlanIndexes(strapi);
      registerOffPlanLookups(strapi);
      registerPropertiesLookups(strapi);
      startDefinedCatalogues(strapi);
      registerSearchLookups(strapi);
      registerPagesLookups(strapi);
      registerSitemapLookups(strapi);
      answerBuyersOnFastLane(strapi);
      serveDeclaredRoutes(strapi);
      mountRoutesBeforeListening(strapi);
      printBannerWhenListening(strapi, login);
      startDeliveryWorker(strapi);
      startAlertSender(strapi);
      startPublicationScheduler(strapi);
      startRetention(strapi);
      await startMetricsListener(strapi);
    } finally {
      await releaseStartupLock();
    }
    // After the lock: instances starting together fill at once (one fetches, the others take its snapshot).
    await warmUp(warmUpSteps(strapi), Number(strapi.config.get('warm-up.maxSeconds')) * 1000, strapi.log);
  },

  async destroy() {
    // The workers first: their attempts and publications under way still record their outcome in the database.
    stopRetention();
    await Promise.all([stopDeliveryWorker(), stopAlertSender(), stopPublicationScheduler()]);
    await Promise.all([stopCacheBus(), closeRedis(), releaseStartupLock(), stopMetrics()]);
    await stopTracing();
  },
};
