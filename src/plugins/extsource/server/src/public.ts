/**
 * The plugin's one entry for the app that hosts it (package.json: `extsource/public`). Everything else
 * the app gets from the plugin goes through its services, `strapi.plugin('extsource').service(name)`,
 * typed with the service types below and reached through its accessors (`projectsService(strapi)`).
 * Besides, it holds the plugin's pure vocabulary that the app's own pure code shares (no Strapi, no
 * state): the emirate codes, the rounding of currency
 * conversion, sq.ft into m², the price label, the cache tag of everything built from the projects,
 * the text a database cannot keep, the names of its drivers; and its time slices and the start of its
 * background threads, which the app's long builds share.
 */
export type { ExtsourceHost, HostCache, HostCacheOptions, HostMetrics, HostService, Lease, Leases } from './host';
export type { CatalogueService, ListedRow } from './services/catalogue';
export type { ProjectAnswer, ProjectCollection, ProjectsService } from './services/projects';
export type { ReadAheadProgress } from './services/read-ahead';
export type { SyncRun, SyncService, Trigger } from './services/sync';
export type { CompletionStatus, Developer, ListingType, NormalisedListing, NormalisedProject, PaymentPlan, ProjectTranslation, TranslatedLanguage, UnitType } from './mapping/types';

export { catalogueService, hostService, projectsService, syncService } from './accessors';
export { LISTING_PAGES_TAG, LISTING_TAG_PREFIX, LISTINGS_TAG, listingTag, PROJECT_TAG_PREFIX, PROJECTS_TAG, projectTag } from './host';
export { sqmOf } from './mapping/area';
export { LISTINGS_DRIVERS, namesAsChoice, PROJECTS_DRIVERS } from './drivers/names';
export { EMIRATES, emirateCode, type EmirateCode } from './mapping/emirates';
export { formatPrice } from './mapping/formatting';
export { fromSiteCurrency } from './mapping/money';
export { hasUnstorableCharacters } from './mapping/text';
export { eachRowPaged, eachSliced, inSlices, slicer, type Elsewhere, type Pause } from './slices';
export { backgroundThread } from './drivers/thread-priority';
