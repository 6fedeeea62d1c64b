/**
 * Reads the published luxury records (population fixed here, in one place) and serves the page from the cache under the contract's key `luxury_page_data` (`luxury_page_data:ar`
 * in Arabic), tagged with every luxury content type (in English, and in the page's locale) and media.
 * A page in another locale is its records completed field by field from the English ones. A draft page
 * (a preview, decision 60) is built from the draft records each time and never cached.
 */
import type { Core, UID } from '@strapi/strapi';
import { success } from '../../../lib/envelope';
import { cache, CACHE_LIFETIMES, declareCacheTags, MEDIA_TAG, type CacheEntry } from '../../../lib/cache';
import { previews, PUBLISHED_VERSIONS, versionOf, type ContentStatus, type ReadVersions } from '../../../lib/drafts';
import { laneLookup } from '../../../lib/fast-lane';
import { declareLocalizedSurrogateKey } from '../../../lib/http-caching';
import { DEFAULT_LOCALE, everyLocaleOf, localized, localizedSources, type Locale } from '../../../lib/locale';
import { mediaUrlsFor } from '../../../lib/media';
import { representationOf } from '../../../lib/representation';
import { sharedFields } from '../../../lib/shared-fields';
import { buildLuxuryPage, translatedRecords, type LuxuryRecords, type SharedFields } from '../lib/luxury-page';
import { LUXURY_SURROGATE_KEY } from '../routes/luxury';
import { pageLinks } from '../../website/services/site-pages';

export const LUXURY_CACHE_KEY = 'luxury_page_data';
/** What purges the luxury page at a CDN, for answers that show it too (the sitemap). */
export { LUXURY_SURROGATE_KEY };

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
  // The page's own search-engine fields: a type of its own, as they belong to no section (decision 111).
  seo: { uid: 'api::luxury.luxury-seo', populate: { seo: { populate: ['og_image'] } } },
} as const;

const TESTIMONIAL_UID = 'api::luxury.luxury-testimonial';

type SectionKey = keyof typeof SECTIONS;

export const LUXURY_CONTENT_TYPES: UID.ContentType[] = [...Object.values(SECTIONS).map((section) => section.uid), TESTIMONIAL_UID];

const tagsOf = (locale: Locale) => [...localizedSources(LUXURY_CONTENT_TYPES, locale), MEDIA_TAG];

declareCacheTags(...everyLocaleOf(LUXURY_CONTENT_TYPES));
declareLocalizedSurrogateKey(LUXURY_SURROGATE_KEY, ...LUXURY_CONTENT_TYPES);
laneLookup('api::luxury.luxury.page', ({ locale }) => {
  const entry = cache.peek(localized(LUXURY_CACHE_KEY, locale));
  return entry && representationOf(entry);
});

const createLuxuryService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * A section's published record in `locale`: a translation is that of the English document when there
   * is one (a single type has one document; an Arabic row left from a deleted English one is not it).
   */
  async function loadSection(key: SectionKey, versions: ReadVersions, locale: Locale, english?: LuxuryRecords) {
    const { uid, populate } = SECTIONS[key];
    // The populate shapes are fixed per section above; Strapi's typing cannot follow a lookup table.
    const params = { status: versionOf(versions, uid, locale), locale, populate: populate as never };
    const documentId = (english?.[key] as { documentId?: string } | null | undefined)?.documentId;
    const record = documentId ? await strapi.documents(uid).findOne({ documentId, ...params }) : await strapi.documents(uid).findFirst(params);
    return [key, record ?? null] as const;
  }

  /** The records written in `locale` (none where nothing was translated), paired with the English ones when given. */
  async function recordsIn(versions: ReadVersions, locale: Locale, english?: LuxuryRecords): Promise<LuxuryRecords> {
    const [sections, testimonials] = await Promise.all([
      Promise.all((Object.keys(SECTIONS) as SectionKey[]).map((key) => loadSection(key, versions, locale, english))),
      testimonialsIn(versions, locale),
    ]);
    return { ...Object.fromEntries(sections), testimonials } as unknown as LuxuryRecords;
  }

  const findTestimonials = (status: ContentStatus, locale: Locale, documentId?: string) =>
    strapi.documents(TESTIMONIAL_UID).findMany({ status, locale, filters: { is_active: true, ...(documentId ? { documentId } : {}) }, populate: ['client_photo'] });

  /** The active testimonials in `locale`, a previewed one in its draft version (listed if its draft is active). */
  async function testimonialsIn(versions: ReadVersions, locale: Locale) {
    const listed = await findTestimonials(versions.base, locale);
    const previewed = versions.preview;
    if (!previewed || !previews(versions, TESTIMONIAL_UID, locale, previewed.documentId)) return listed;
    const draft = await findTestimonials('draft', locale, previewed.documentId);
    return [...listed.filter((item) => item.documentId !== previewed.documentId), ...draft];
  }

  const shared = (): SharedFields => ({
    ...(Object.fromEntries((Object.keys(SECTIONS) as SectionKey[]).map((key) => [key, sharedFields(strapi, SECTIONS[key].uid)])) as Record<SectionKey, string[]>),
    testimonials: sharedFields(strapi, TESTIMONIAL_UID),
  });

  async function loadRecords(versions: ReadVersions, locale: Locale): Promise<LuxuryRecords> {
    const english = await recordsIn(versions, DEFAULT_LOCALE);
    return locale === DEFAULT_LOCALE ? english : translatedRecords(await recordsIn(versions, locale, english), english, shared());
  }

  return {
    async buildPage(locale: Locale = DEFAULT_LOCALE, versions: ReadVersions = PUBLISHED_VERSIONS) {
      return { ...buildLuxuryPage(await loadRecords(versions, locale), mediaUrlsFor(strapi)), ...pageLinks('luxury', locale) };
    },

    /** The page's response body in `locale` with the drafts `versions` reads, built now and kept nowhere. */
    async draftResponse(locale: Locale, versions: ReadVersions) {
      return success(await this.buildPage(locale, versions));
    },

    /** The finished response body (envelope included) in `locale`, from the cache or built once for all waiters. */
    cachedResponse(locale: Locale = DEFAULT_LOCALE): Promise<CacheEntry<unknown>> {
      const build = async () => success(await this.buildPage(locale));
      return cache.get(localized(LUXURY_CACHE_KEY, locale), build, { tags: tagsOf(locale), lifetime: CACHE_LIFETIMES.editedPage, json: true });
    },
  };
};

export default createLuxuryService;
export type LuxuryService = ReturnType<typeof createLuxuryService>;

/** The luxury service with its real type (Strapi types every service as a bag of `any`). */
export const luxuryService = (strapi: Core.Strapi) => strapi.service('api::luxury.luxury') as LuxuryService;
