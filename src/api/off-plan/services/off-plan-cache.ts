/**
 * What the off-plan answers are kept under in the app's cache, and what clears them: the page per
 * locale (cleared when an editor publishes it in English or in that language, or changes its media),
 * and everything derived from one project collection (its project index, prices in other currencies),
 * which lives as long as that collection. Declared once, at import, with the surrogate keys
 * a CDN purges for each tag.
 */
import { CACHE_LIFETIMES, declareCacheTags, MEDIA_TAG } from '../../../lib/cache';
import { declareLocalizedSurrogateKey, declareSurrogateKey, declareSurrogateKeyFamily } from '../../../lib/http-caching';
import { everyLocaleOf, localized, localizedSources, type Locale } from '../../../lib/locale';
import { PROJECT_TAG_PREFIX, PROJECTS_TAG } from '../../../plugins/extsource/server/src/public';
import type { Currency } from '../../catalogues/services/vocabulary';
import { OFFPLAN_PAGE_SURROGATE_KEY, projectSurrogateKey, PROJECTS_SURROGATE_KEY } from '../routes/off-plan';

export const PAGE_UID = 'api::off-plan.off-plan-page';

export const OFFPLAN_PAGE_CACHE_KEY = 'offplan_page_data';
export const PROJECT_INDEX_CACHE_KEY = 'offplan:index';
export const LEGACY_CACHE_KEY = 'offplan_legacy_data';
export const currencyCacheKey = (currency: Currency, locale: Locale) => localized(`offplan:index:${currency}`, locale);

export const pageCache = (locale: Locale) => ({ tags: [...localizedSources([PAGE_UID], locale), MEDIA_TAG], lifetime: CACHE_LIFETIMES.editedPage });
// Derived from one collection: lives as long as it, and goes when it goes.
export const PROJECT_INDEX_CACHE = { tags: [PROJECTS_TAG], lifetime: CACHE_LIFETIMES.states };

declareCacheTags(...everyLocaleOf([PAGE_UID]));
declareLocalizedSurrogateKey(OFFPLAN_PAGE_SURROGATE_KEY, PAGE_UID);
declareSurrogateKey(PROJECTS_SURROGATE_KEY, PROJECTS_TAG);
declareSurrogateKeyFamily(PROJECT_TAG_PREFIX, projectSurrogateKey(''));
