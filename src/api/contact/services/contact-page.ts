/** The published contact page, cached as finished bytes and cleared on any edit of the page or its media. */
import type { Core } from '@strapi/strapi';
import { cache, declareCacheTags, MEDIA_TAG, type CacheEntry } from '../../../lib/cache';
import { success } from '../../../lib/envelope';
import { fastLane } from '../../../lib/fast-lane';
import { declareSurrogateKey, SURROGATE_KEYS } from '../../../lib/http-caching';
import { mediaUrlsFor } from '../../../lib/media';
import { representationOf } from '../../../lib/representation';
import { buildContactPage, type ContactPageRecord } from '../lib/contact-page';

export const CONTACT_PAGE_CACHE_KEY = 'contact_page_data';
const CONTACT_PAGE_UID = 'api::contact.contact-page';

const CONTACT_PAGE_TAGS = [CONTACT_PAGE_UID, MEDIA_TAG];

declareCacheTags(CONTACT_PAGE_UID);
declareSurrogateKey(SURROGATE_KEYS.contactPage, CONTACT_PAGE_UID);
fastLane('/api/v1/contact-us-page', () => {
  const entry = cache.peek(CONTACT_PAGE_CACHE_KEY);
  return entry && representationOf(entry);
});

const createContactPageService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async buildPage() {
    const record = await strapi.documents(CONTACT_PAGE_UID).findFirst({
      status: 'published',
      populate: { social_media: { populate: ['icon'] }, our_branches: { populate: ['branch_image'] }, seo: true },
    });
    return buildContactPage((record ?? null) as ContactPageRecord | null, mediaUrlsFor(strapi).image);
  },

  cachedResponse(): Promise<CacheEntry<unknown>> {
    return cache.get(CONTACT_PAGE_CACHE_KEY, async () => success(await this.buildPage()), { tags: CONTACT_PAGE_TAGS, json: true });
  },
});

export default createContactPageService;
export type ContactPageService = ReturnType<typeof createContactPageService>;
export const contactPageService = (strapi: Core.Strapi) => strapi.service('api::contact.contact-page') as ContactPageService;
