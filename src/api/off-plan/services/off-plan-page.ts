/**
 * The off-plan page's content (its editorial blocks around the listing) per locale: the published page
 * from the app's cache (built once, cleared as off-plan-cache.ts declares), or the versions a draft read
 * asks for, built now and kept nowhere. A translation is that of the English document, completed from
 * it field by field.
 */
import type { Core } from '@strapi/strapi';
import { cache } from '../../../lib/cache';
import { PUBLISHED_VERSIONS, versionOf, type ReadVersions } from '../../../lib/drafts';
import { DEFAULT_LOCALE, localized, withFallback, type Locale } from '../../../lib/locale';
import { mediaUrlsFor } from '../../../lib/media';
import { sharedFields } from '../../../lib/shared-fields';
import { preparePage, type PreparedPage } from '../lib/listing-response';
import { buildPageContent, type OffPlanPageRecord } from '../lib/page-content';
import { OFFPLAN_PAGE_CACHE_KEY, PAGE_UID, pageCache } from './off-plan-cache';

const link = { populate: { links: true } };

const POPULATE = {
  guide_image: true,
  explore_by_city_columns: link,
  recommended_searches: link,
  other_property_types: link,
  useful_links: link,
  faq_items: true,
  seo: { populate: { og_image: true } },
};

export function offPlanPage(strapi: Core.Strapi) {
  /** The page in `locale`: a translation is that of the English document when there is one. */
  async function recordIn(versions: ReadVersions, locale: Locale, english?: OffPlanPageRecord | null): Promise<OffPlanPageRecord | null> {
    const params = { status: versionOf(versions, PAGE_UID, locale), locale, populate: POPULATE };
    const documentId = (english as { documentId?: string } | null | undefined)?.documentId;
    const record = documentId ? await strapi.documents(PAGE_UID).findOne({ documentId, ...params }) : await strapi.documents(PAGE_UID).findFirst(params);
    return (record ?? null) as OffPlanPageRecord | null;
  }

  async function load(locale: Locale, versions: ReadVersions = PUBLISHED_VERSIONS): Promise<PreparedPage> {
    const english = await recordIn(versions, DEFAULT_LOCALE);
    const record = locale === DEFAULT_LOCALE ? english : withFallback(await recordIn(versions, locale, english), english, sharedFields(strapi, PAGE_UID));
    const media = mediaUrlsFor(strapi);
    return preparePage(buildPageContent(record, media.image, media.optionalImage, locale));
  }

  return {
    load,
    /** The published page in `locale`, from the cache or built once for all waiters. */
    async published(locale: Locale): Promise<PreparedPage> {
      return (await cache.get(localized(OFFPLAN_PAGE_CACHE_KEY, locale), () => load(locale), pageCache(locale))).value;
    },
    /** The same from memory alone, or undefined. */
    peek: (locale: Locale) => cache.peek<PreparedPage>(localized(OFFPLAN_PAGE_CACHE_KEY, locale))?.value,
  };
}
