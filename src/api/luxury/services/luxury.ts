/**
 * Reads the published luxury records (population fixed here, in one place) and serves the page from the cache under the contract's key `luxury_page_data` (`luxury_page_data:ar`
 * in Arabic), tagged with every luxury content type (in English, and in the page's locale) and media.
 * A page in another locale is its records completed field by field from the English ones. A draft page
 * (a preview, decision 60) is built from the draft records each time and never cached.
 */
import type { Core, UID } from '@strapi/strapi';
import { success } from '../../../lib/envelope';
import { cache, declareCacheTags, MEDIA_TAG, type CacheEntry } from '../../../lib/cache';
import type { ContentStatus } from '../../../lib/drafts';
import { fastLane } from '../../../lib/fast-lane';
import { declareLocalizedSurrogateKey, SURROGATE_KEYS } from '../../../lib/http-caching';
import { DEFAULT_LOCALE, everyLocaleOf, localized, localizedSources, type Locale } from '../../../lib/locale';
import { mediaUrlsFor } from '../../../lib/media';
import { representationOf } from '../../../lib/representation';
import { sharedFields } from '../../../lib/translations';
import { buildLuxuryPage, translatedRecords, type LuxuryRecords, type SharedFields } from './luxury-page';

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

const tagsOf = (locale: Locale) => [...localizedSources(LUXURY_CONTENT_TYPES, locale), MEDIA_TAG];

declareCacheTags(...everyLocaleOf(LUXURY_CONTENT_TYPES));
declareLocalizedSurrogateKey(SURROGATE_KEYS.luxury, ...LUXURY_CONTENT_TYPES);
fastLane('/api/v1/luxury', ({ locale }) => {
  const entry = cache.peek(localized(LUXURY_CACHE_KEY, locale));
  return entry && representationOf(entry);
});

const createLuxuryService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * A section's published record in `locale`: a translation is that of the English document when there
   * is one (a single type has one document; an Arabic row left from a deleted English one is not it).
   */
  async function loadSection(key: SectionKey, status: ContentStatus, locale: Locale, english?: LuxuryRecords) {
    const { uid, populate } = SECTIONS[key];
    // The populate shapes are fixed per section above; Strapi's typing cannot follow a lookup table.
    const params = { status, locale, populate: populate as never };
    const documentId = (english?.[key] as { documentId?: string } | null | undefined)?.documentId;
    const record = documentId ? await strapi.documents(uid).findOne({ documentId, ...params }) : await strapi.documents(uid).findFirst(params);
    return [key, record ?? null] as const;
  }

  /** The records written in `locale` (none where nothing was translated), paired with the English ones when given. */
  async function recordsIn(status: ContentStatus, locale: Locale, english?: LuxuryRecords): Promise<LuxuryRecords> {
    const [sections, testimonials] = await Promise.all([
      Promise.all((Object.keys(SECTIONS) as SectionKey[]).map((key) => loadSection(key, status, locale, english))),
      strapi.documents(TESTIMONIAL_UID).findMany({ status, locale, filters: { is_active: true }, populate: ['client_photo'] }),
    ]);
    return { ...Object.fromEntries(sections), testimonials } as unknown as LuxuryRecords;
  }

  const shared = (): SharedFields => ({
    ...(Object.fromEntries((Object.keys(SECTIONS) as SectionKey[]).map((key) => [key, sharedFields(strapi, SECTIONS[key].uid)])) as Record<SectionKey, string[]>),
    testimonials: sharedFields(strapi, TESTIMONIAL_UID),
  });

  async function loadRecords(status: ContentStatus, locale: Locale): Promise<LuxuryRecords> {
    const english = await recordsIn(status, DEFAULT_LOCALE);
    return locale === DEFAULT_LOCALE ? english : translatedRecords(await recordsIn(status, locale, english), english, shared());
  }

  return {
    async buildPage(locale: Locale = DEFAULT_LOCALE, status: ContentStatus = 'published') {
      return buildLuxuryPage(await loadRecords(status, locale), mediaUrlsFor(strapi));
    },

    /** The draft page's response body in `locale`, built now and kept nowhere. */
    async draftResponse(locale: Locale) {
      return success(await this.buildPage(locale, 'draft'));
    },

    /** The finished response body (envelope included) in `locale`, from the cache or built once for all waiters. */
    cachedResponse(locale: Locale = DEFAULT_LOCALE): Promise<CacheEntry<unknown>> {
      const build = async () => success(await this.buildPage(locale));
      return cache.get(localized(LUXURY_CACHE_KEY, locale), build, { tags: tagsOf(locale), json: true });
    },
  };
};

export default createLuxuryService;
export type LuxuryService = ReturnType<typeof createLuxuryService>;

/** The luxury service with its real type (Strapi types every service as a bag of `any`). */
export const luxuryService = (strapi: Core.Strapi) => strapi.service('api::luxury.luxury') as LuxuryService;
