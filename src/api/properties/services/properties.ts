/**
 * The listings' data per locale, from the app's cache: the advertisable listings of the last sync with
 * their slugs (the one slug service's kind `listing`, settled once per set of listings), each locale's
 * index built from them in slices, and the last listing pages asked for (each with its ETag and
 * compressed variants, kept while the index they were rendered from is current). A sync run that
 * changed a listing drops all of it on every instance; the next request builds it again.
 */
import type { Core } from '@strapi/strapi';
import LRUCache from 'lru-cache';
import { cache } from '../../../lib/cache';
import { slugStore } from '../../../lib/catalogue/slug-store';
import { matchSlug, type SlugBook } from '../../../lib/catalogue/slugs';
import { catalogueService } from '../../../lib/extsource';
import { localized, type Locale } from '../../../lib/locale';
import { Representation } from '../../../lib/representation';
import { inSlices, slicer } from '../../../plugins/extsource/server/src/public';
import { listingIndexBuild, type ListingIndex } from '../lib/listing-index';
import { listingOf, mayAdvertise, type Listing } from '../lib/listing';
import type { Purpose } from '../lib/listing';
import type { ListingQuery } from '../lib/query';
import { filtersBody, listingBody, renderListingPage } from '../lib/response';
import { CATALOGUE_CACHE_KEY, indexCacheKey, LISTINGS_CACHE } from './properties-cache';

/** The advertisable listings of one sync and their slugs, shared by every locale's index. */
interface Catalogue {
  listings: Listing[];
  slugs: SlugBook;
}

const RENDERED_PAGES = 256;

/** A listing key's answer: the listing's, or the current slug a former one moved to. */
export type ListingFound = { representation: Representation } | { moved: { id: number; slug: string } };

const json = (body: unknown) => new Representation(Buffer.from(JSON.stringify(body)));

export function propertiesService(strapi: Core.Strapi) {
  const rendered = new LRUCache<string, { index: ListingIndex; representation: Representation }>({ max: RENDERED_PAGES });

  async function catalogue(): Promise<Catalogue> {
    const entry = await cache.get(CATALOGUE_CACHE_KEY, async () => {
      const pause = slicer();
      const requirePermit = strapi.config.get<boolean>('properties.requirePermit', true);
      const rows = await catalogueService(strapi).activeListings(pause);
      const listings = rows.map(listingOf).filter((listing) => mayAdvertise(listing, requirePermit));
      const references = new Set(listings.map((listing) => listing.reference));
      const owners = listings.map((listing) => ({ owner: listing.reference, name: listing.title || listing.reference }));
      // A slug is never another listing's reference, which a path may name too.
      const slugs = await slugStore(strapi).settle('listing', owners, (slug) => references.has(slug));
      return { listings, slugs };
    }, LISTINGS_CACHE);
    return entry.value;
  }

  async function index(locale: Locale): Promise<ListingIndex> {
    const entry = await cache.get(indexCacheKey(locale), async () => {
      const { listings, slugs } = await catalogue();
      return inSlices(listingIndexBuild(listings, { locale, slugs: slugs.slugOf }), slicer());
    }, LISTINGS_CACHE);
    return entry.value;
  }

  return {
    /** A listing page; `key` names the request's query (its string), as the page is kept per query and locale. */
    async listingPage(key: string, query: ListingQuery, locale: Locale): Promise<Representation> {
      const current = await index(locale);
      const cacheKey = localized(key, locale);
      const kept = rendered.get(cacheKey);
      if (kept && kept.index === current) return kept.representation;
      const representation = new Representation(renderListingPage(current, query));
      rendered.set(cacheKey, { index: current, representation });
      return representation;
    },

    async filters(purpose: Purpose, locale: Locale): Promise<Representation> {
      return json(filtersBody(await index(locale), purpose));
    },

    /** The listing a path segment names: by its current slug or its reference, or a former slug's (moved); undefined when none is listed. */
    async listing(key: string, locale: Locale): Promise<ListingFound | undefined> {
      const current = await index(locale);
      const position = current.bySlug.get(key) ?? current.byReference.get(key);
      if (position !== undefined) return { representation: json(listingBody(current, position)) };
      const match = matchSlug((await catalogue()).slugs, key);
      const owner = match && !match.current ? current.byReference.get(match.owner) : undefined;
      return owner === undefined || !match || match.current ? undefined : { moved: { id: current.listings[owner].id, slug: match.slug } };
    },
  };
}
