/**
 * The published contact page per locale, cached as finished bytes and cleared on any edit of the page
 * (in English, or in that locale) or its media; another locale's page is completed field by field from
 * the English one. A draft page (a preview, decision 60) is built from the draft records and never cached.
 */
import type { Core } from '@strapi/strapi';
import { cache, CACHE_LIFETIMES, declareCacheTags, MEDIA_TAG, type CacheEntry } from '../../../lib/cache';
import { PUBLISHED_VERSIONS, versionOf, type ReadVersions } from '../../../lib/drafts';
import { success } from '../../../lib/envelope';
import { laneLookup } from '../../../lib/fast-lane';
import { declareLocalizedSurrogateKey } from '../../../lib/http-caching';
import { DEFAULT_LOCALE, everyLocaleOf, localized, localizedSources, withFallback, type Locale } from '../../../lib/locale';
import { mediaUrlsFor } from '../../../lib/media';
import { representationOf } from '../../../lib/representation';
import { sharedFields } from '../../../lib/shared-fields';
import { buildContactPage, type ContactPageRecord } from '../lib/contact-page';
import { contactStructuredData } from '../lib/contact-structured-data';
import { CONTACT_PAGE_SURROGATE_KEY } from '../routes/contact';
import { pageLinks } from '../../website/services/site-pages';

export const CONTACT_PAGE_CACHE_KEY = 'contact_page_data';
export const CONTACT_PAGE_UID = 'api::contact.contact-page';
/** What purges the contact page at a CDN, for answers that show it too (the sitemap). */
export { CONTACT_PAGE_SURROGATE_KEY };

const tagsOf = (locale: Locale) => [...localizedSources([CONTACT_PAGE_UID], locale), MEDIA_TAG];

declareCacheTags(...everyLocaleOf([CONTACT_PAGE_UID]));
declareLocalizedSurrogateKey(CONTACT_PAGE_SURROGATE_KEY, CONTACT_PAGE_UID);
laneLookup('api::contact.contact.page', ({ locale }) => {
  const entry = cache.peek(localized(CONTACT_PAGE_CACHE_KEY, locale));
  return entry && representationOf(entry);
});

const createContactPageService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** The page in `locale`: a translation is that of the English document when there is one. */
  async function recordIn(versions: ReadVersions, locale: Locale, english?: ContactPageRecord | null): Promise<ContactPageRecord | null> {
    const params = {
      status: versionOf(versions, CONTACT_PAGE_UID, locale),
      locale,
      // Strapi's populate typing does not follow nested lists of fields.
      populate: { social_media: { populate: ['icon'] }, our_branches: { populate: ['branch_image'] }, seo: { populate: ['og_image'] } } as never,
    };
    const documentId = (english as { documentId?: string } | null | undefined)?.documentId;
    const record = documentId ? await strapi.documents(CONTACT_PAGE_UID).findOne({ documentId, ...params }) : await strapi.documents(CONTACT_PAGE_UID).findFirst(params);
    return (record ?? null) as ContactPageRecord | null;
  }

  return {
    async buildPage(locale: Locale = DEFAULT_LOCALE, versions: ReadVersions = PUBLISHED_VERSIONS) {
      const english = await recordIn(versions, DEFAULT_LOCALE);
      const record =
        locale === DEFAULT_LOCALE ? english : withFallback(await recordIn(versions, locale, english), english, sharedFields(strapi, CONTACT_PAGE_UID));
      const media = mediaUrlsFor(strapi);
      const page = buildContactPage(record, media.image, media.optionalImage);
      return { ...page, ...pageLinks('contact', locale), structured_data: contactStructuredData(record, locale, media.optionalImage) };
    },

    /** The page's response body in `locale` with the drafts `versions` reads, built now and kept nowhere. */
    async draftResponse(locale: Locale, versions: ReadVersions) {
      return success(await this.buildPage(locale, versions));
    },

    cachedResponse(locale: Locale = DEFAULT_LOCALE): Promise<CacheEntry<unknown>> {
      const build = async () => success(await this.buildPage(locale));
      return cache.get(localized(CONTACT_PAGE_CACHE_KEY, locale), build, { tags: tagsOf(locale), lifetime: CACHE_LIFETIMES.editedPage, json: true });
    },
  };
};

export default createContactPageService;
export type ContactPageService = ReturnType<typeof createContactPageService>;
export const contactPageService = (strapi: Core.Strapi) => strapi.service('api::contact.contact-page') as ContactPageService;
