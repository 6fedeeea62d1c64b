/**
 * What the listings' answers are kept under in the app's cache and what clears them: everything is built
 * from one set of synced listings and goes when a sync run changes any (the plugin's `listings` tag, on
 * every instance), with the surrogate key a CDN purges for it.
 */
import { CACHE_LIFETIMES } from '../../../lib/cache';
import { declareSurrogateKey } from '../../../lib/http-caching';
import { localized, type Locale } from '../../../lib/locale';
import { LISTINGS_TAG } from '../../../plugins/extsource/server/src/public';
import { LISTINGS_SURROGATE_KEY } from '../routes/properties';

export const CATALOGUE_CACHE_KEY = 'listings:catalogue';
export const indexCacheKey = (locale: Locale) => localized('listings:index', locale);
export const LISTINGS_CACHE = { tags: [LISTINGS_TAG], lifetime: CACHE_LIFETIMES.states };

declareSurrogateKey(LISTINGS_SURROGATE_KEY, LISTINGS_TAG);
