/**
 * A developer's answer (decision 113): the provider's developer, its projects in the current feed and its
 * page's `seo` (the editors' published override over the derived one), cached per slug and locale as long
 * as the developers, the collection and its page are.
 */
import type { Core } from '@strapi/strapi';
import { cache } from '../../../lib/cache';
import { success } from '../../../lib/envelope';
import { projectsService } from '../../../plugins/extsource/server/src/public';
import { ownEdgeHeaders } from '../../../lib/http-caching';
import { localized, type Locale } from '../../../lib/locale';
import { mediaUrlsFor } from '../../../lib/media';
import { Representation } from '../../../lib/representation';
import { PROJECTS_TAG } from '../../../plugins/extsource/server/src/public';
import { developerAnswer, DEVELOPER_SLUG, projectCountOf } from '../lib/developer-answer';
import { LISTING_WORDS } from '../lib/listing-words';
import { developerSurrogateKey, PROJECTS_SURROGATE_KEY } from '../routes/off-plan';
import { DEVELOPER_PAGE_UID, overridesCache, type SeoOverrides } from './seo-overrides';

const developerCacheKey = (slug: string, locale: Locale) => localized(`offplan:developer:${slug}`, locale);

export function developerAnswers(strapi: Core.Strapi, overrides: SeoOverrides) {
  async function representation(slug: string, locale: Locale): Promise<Representation | null> {
    const projects = projectsService(strapi);
    const developer = (await projects.developers()).find((candidate) => candidate.slug === slug);
    if (!developer) return null;
    const build = async () => {
      const [collection, pages] = await Promise.all([projects.collection(), overrides.published(DEVELOPER_PAGE_UID, locale)]);
      const data = developerAnswer(developer, projectCountOf(developer, collection.projects), locale, pages.seo.get(slug), mediaUrlsFor(strapi).optionalImage);
      const body = Buffer.from(JSON.stringify(success(data, 200, LISTING_WORDS[locale].developerMessage)));
      return new Representation(body, true, ownEdgeHeaders('provider', [PROJECTS_SURROGATE_KEY, developerSurrogateKey(slug)]));
    };
    const tags = [PROJECTS_TAG, ...overridesCache(DEVELOPER_PAGE_UID, locale).tags];
    return (await cache.get(developerCacheKey(slug, locale), build, { tags, lifetime: projects.developersTtlSeconds() })).value;
  }

  return {
    /** The developer's answer in `locale`, or null for a slug the provider's developers do not have. */
    respond: async (slug: string, locale: Locale): Promise<Representation | null> => (DEVELOPER_SLUG.test(slug) ? representation(slug, locale) : null),

    /** The same from memory alone, or undefined. */
    peek: (slug: string, locale: Locale): Representation | undefined => cache.peek<Representation>(developerCacheKey(slug, locale))?.value,
  };
}
