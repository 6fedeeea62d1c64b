/**
 * Reads the published luxury records (population fixed here, in one place; drafts are never served)
 * and serves the page from the cache under the contract's key `luxury_page_data`, tagged with every
 * luxury content type and media.
 */
import type { Core, UID } from '@strapi/strapi';
import { success } from '../../../lib/envelope';
import { cache, declareCacheTags, MEDIA_TAG, type CacheEntry } from '../../../lib/cache';
import { fastLane } from '../../../lib/fast-lane';
import { declareSurrogateKey, SURROGATE_KEYS } from '../../../lib/http-caching';
import { mediaUrlsFor } from '../../../lib/media';
import { representationOf } from '../../../lib/representation';
import { buildLuxuryPage, type LuxuryRecords } from './luxury-page';

export const LUXURY_CACHE_KEY = 'luxury_page_data';

/** Each single-type section and the media or components it needs populated. */
const SECTIONS = {
  hero: { uid: 'api::luxury.luxury-hero', populate: ['background_image'] },
  trusted: { uid: 'api::luxury.luxury-trusted', populate: ['image'] },
  advisors: { uid: 'api::luxury.luxury-advisors', populate: ['images'] },
  communities: { uid: 'api::luxury.luxury-communities', populate: { communities: { populate: ['image'] } } },
  destination: { uid: 'api::luxury.luxury-destination', populate: ['points', 'image'] },
  experience: { uid: 'api::luxury.luxury-experience', populate: ['services', 'image'] },
  signature: { uid: 'api::luxury.luxury-signature', populate: [] },
  cta: { uid: 'api::luxury.luxury-cta', populate: ['background_image'] },
} as const;

const TESTIMONIAL_UID = 'api::luxury.luxury-testimonial';

type SectionKey = keyof typeof SECTIONS;

export const LUXURY_CONTENT_TYPES: UID.ContentType[] = [...Object.values(SECTIONS).map((section) => section.uid), TESTIMONIAL_UID];

const LUXURY_TAGS = [...LUXURY_CONTENT_TYPES, MEDIA_TAG];

declareCacheTags(...LUXURY_CONTENT_TYPES);
declareSurrogateKey(SURROGATE_KEYS.luxury, ...LUXURY_CONTENT_TYPES);
fastLane('/api/v1/luxury', () => {
  const entry = cache.peek(LUXURY_CACHE_KEY);
  return entry && representationOf(entry);
});

const createLuxuryService = ({ strapi }: { strapi: Core.Strapi }) => {
  async function loadSection(key: SectionKey) {
    const { uid, populate } = SECTIONS[key];
    // The populate shapes are fixed per section above; Strapi's typing cannot follow a lookup table.
    const record = await strapi.documents(uid).findFirst({ status: 'published', populate: populate as never });
    return [key, record ?? null] as const;
  }

  async function loadRecords(): Promise<LuxuryRecords> {
    const [sections, testimonials] = await Promise.all([
      Promise.all((Object.keys(SECTIONS) as SectionKey[]).map(loadSection)),
      strapi.documents(TESTIMONIAL_UID).findMany({ status: 'published', filters: { is_active: true }, populate: ['client_photo'] }),
    ]);
    return { ...Object.fromEntries(sections), testimonials } as unknown as LuxuryRecords;
  }

  return {
    async buildPage() {
      return buildLuxuryPage(await loadRecords(), mediaUrlsFor(strapi));
    },

    /** The finished response body (envelope included), from the cache or built once for all waiters. */
    cachedResponse(): Promise<CacheEntry<unknown>> {
      return cache.get(LUXURY_CACHE_KEY, async () => success(await this.buildPage()), { tags: LUXURY_TAGS, json: true });
    },
  };
};

export default createLuxuryService;
export type LuxuryService = ReturnType<typeof createLuxuryService>;

/** The luxury service with its real type (Strapi types every service as a bag of `any`). */
export const luxuryService = (strapi: Core.Strapi) => strapi.service('api::luxury.luxury') as LuxuryService;
