/**
 * What the listings' answers are kept under in the app's cache and what clears them: everything is built
 * from one set of synced listings and goes when a sync run changes any (the plugin's `listings` tag, on
 * every instance). At a CDN the catalogue's answers go with it (`listings`), and of the listings' own
 * answers those of the listings the run changed (`listing-<reference>`; all, `listing-pages`, past the
 * plugin's limit of tags).
 */
import { CACHE_LIFETIMES } from '../../../lib/cache';
import { declareSurrogateKey, declareSurrogateKeyFamily } from '../../../lib/http-caching';
import { localized, type Locale } from '../../../lib/locale';
import { LISTING_PAGES_TAG, LISTING_TAG_PREFIX, LISTINGS_TAG } from '../../../plugins/extsource/server/src/public';
import { LISTING_PAGES_SURROGATE_KEY, LISTINGS_SURROGATE_KEY, listingSurrogateKey } from '../routes/properties';

export const CATALOGUE_CACHE_KEY = 'listings:catalogue';
/** The index every locale shares, and each locale's view of it. */
export const SHARED_INDEX_CACHE_KEY = 'listings:shared-index';
export const indexCacheKey = (locale: Locale) => localized('listings:index', locale);
export const LISTINGS_CACHE = { tags: [LISTINGS_TAG], lifetime: CACHE_LIFETIMES.states };

declareSurrogateKey(LISTINGS_SURROGATE_KEY, LISTINGS_TAG);
declareSurrogateKey(LISTING_PAGES_SURROGATE_KEY, LISTING_PAGES_TAG);
// The plugin's tag holds the reference percent-encoded, as the key does.
declareSurrogateKeyFamily(LISTING_TAG_PREFIX, listingSurrogateKey(''));
