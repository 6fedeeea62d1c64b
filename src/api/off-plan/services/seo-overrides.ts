/**
 * What editors wrote for search engines over the provider's data (decisions 112, 113): the published
 * project SEO overrides (keyed by project id) and developer pages (keyed by developer slug), per locale,
 * from the app's cache (built once, cleared on any write of the type in English or that locale). An
 * Arabic entry is completed field by field from the English one. Drafts are never read.
 *
 * A write to either type also purges the answers of the projects or developers it names, here and at
 * the CDN (`project-{id}`, `developer-{slug}`): the document middleware below reads the key the entry
 * had before the write and has after it (an edit that moves an entry to another project purges both),
 * and, on a save, writes the admin's label (the project's or developer's name) beside the key.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { cache, CACHE_LIFETIMES, declareCacheTagFamily, declareCacheTags, WRITE_ACTIONS, writeClearingKeys } from '../../../lib/cache';
import { projectsService } from '../../../plugins/extsource/server/src/public';
import { declareSurrogateKeyFamily } from '../../../lib/http-caching';
import { DEFAULT_LOCALE, everyLocaleOf, LOCALES, localized, localizedSources, withFallback, type Locale } from '../../../lib/locale';
import type { SeoRecord } from '../../../lib/seo';
import { sharedFields } from '../../../lib/shared-fields';
import { developerSurrogateKey, projectSurrogateKey } from '../routes/off-plan';

export const PROJECT_SEO_UID = 'api::off-plan.project-seo';
export const DEVELOPER_PAGE_UID = 'api::off-plan.developer-page';

type OverrideUid = typeof PROJECT_SEO_UID | typeof DEVELOPER_PAGE_UID;

/** Each type's key field, the label field the middleware fills, and the tag family that purges its answers. */
const TYPES: Record<OverrideUid, { key: string; label: string; tagPrefix: string; taken(key: string): string }> = {
  [PROJECT_SEO_UID]: {
    key: 'project_id',
    label: 'project_name',
    tagPrefix: 'project-seo:',
    taken: (id) => `Project ${id} already has an SEO entry: edit that one.`,
  },
  [DEVELOPER_PAGE_UID]: {
    key: 'developer_slug',
    label: 'developer_name',
    tagPrefix: 'developer-page:',
    taken: (slug) => `The developer ${slug} already has a page entry: edit that one.`,
  },
};

/** The published entries of one type in one locale: each key's SEO record, and the keys marked noindex. */
export interface Overrides {
  seo: ReadonlyMap<string, SeoRecord>;
  noindex: ReadonlySet<string>;
}

declareCacheTags(...everyLocaleOf(Object.keys(TYPES)));
for (const { tagPrefix } of Object.values(TYPES)) declareCacheTagFamily(tagPrefix);
declareSurrogateKeyFamily(TYPES[PROJECT_SEO_UID].tagPrefix, projectSurrogateKey(''));
declareSurrogateKeyFamily(TYPES[DEVELOPER_PAGE_UID].tagPrefix, developerSurrogateKey(''));

/** Each type's key in each locale, made once: one project from memory peeks at its type's on every request. */
const cacheKeys = Object.fromEntries(
  Object.keys(TYPES).map((uid) => [uid, Object.fromEntries(LOCALES.map((locale) => [locale, localized(`offplan:seo:${uid}`, locale)]))])
) as Record<OverrideUid, Record<Locale, string>>;
const cacheKey = (uid: OverrideUid, locale: Locale) => cacheKeys[uid][locale];
export const overridesCache = (uid: OverrideUid, locale: Locale) => ({ tags: localizedSources([uid], locale), lifetime: CACHE_LIFETIMES.editedPage });

interface Entry {
  documentId: string;
  seo?: SeoRecord | null;
  [field: string]: unknown;
}

export function seoOverrides(strapi: Core.Strapi) {
  const published = (uid: OverrideUid, locale: Locale) =>
    strapi.documents(uid).findMany({ status: 'published', locale, populate: { seo: { populate: ['og_image'] } } as never }) as unknown as Promise<Entry[]>;

  async function load(uid: OverrideUid, locale: Locale): Promise<Overrides> {
    const english = await published(uid, DEFAULT_LOCALE);
    const translated = locale === DEFAULT_LOCALE ? [] : await published(uid, locale);
    const byDocument = new Map(translated.map((entry) => [entry.documentId, entry]));
    const shared = sharedFields(strapi, uid);
    const seo = new Map<string, SeoRecord>();
    const noindex = new Set<string>();
    for (const englishEntry of english) {
      const entry = locale === DEFAULT_LOCALE ? englishEntry : (withFallback(byDocument.get(englishEntry.documentId), englishEntry, shared) ?? englishEntry);
      const key = String(englishEntry[TYPES[uid].key] ?? '');
      if (!key || !entry.seo) continue;
      seo.set(key, entry.seo);
      if (entry.seo.noindex === true) noindex.add(key);
    }
    return { seo, noindex };
  }

  return {
    /** The published entries of `uid` in `locale`, from the cache or read once for all waiters. */
    async published(uid: OverrideUid, locale: Locale): Promise<Overrides> {
      return (await cache.get(cacheKey(uid, locale), () => load(uid, locale), overridesCache(uid, locale))).value;
    },
    /** The same from memory alone, or undefined. */
    peek: (uid: OverrideUid, locale: Locale) => cache.peek<Overrides>(cacheKey(uid, locale))?.value,
  };
}

export type SeoOverrides = ReturnType<typeof seoOverrides>;

/**
 * The label an entry shows in the admin: the name of the project or developer its key names, when the
 * provider lists it, from what is in memory: never a load (decision 172).
 */
function labelOf(strapi: Core.Strapi, uid: OverrideUid, key: string): string | undefined {
  const projects = projectsService(strapi);
  if (uid === PROJECT_SEO_UID) return projects.peek()?.projects.find((project) => project.id === key)?.name;
  return projects.peekDevelopers()?.find((developer) => developer.slug === key)?.name;
}

/**
 * One entry per project or developer, drafts included: Strapi 5 checks `unique` only when publishing,
 * which would let an editor save a second draft for the same project. The error names the field, so
 * the admin's form shows it there.
 */
async function assertKeyFree(strapi: Core.Strapi, uid: OverrideUid, key: string, documentId: string | undefined): Promise<void> {
  const type = TYPES[uid];
  const other = await strapi.db.query(uid).findOne({ where: { [type.key]: key, ...(documentId ? { documentId: { $ne: documentId } } : {}) }, select: ['documentId'] });
  if (other) throw new errors.ValidationError(type.taken(key), { errors: [{ path: [type.key], message: type.taken(key), name: 'ValidationError' }] });
}

/**
 * At register: on every write of an override, its key is checked free and the label set from it, and
 * once written the answers of the keys it had and has are purged (the app's cache entries of the type
 * are cleared by the cache's own middleware, src/lib/cache).
 */
export function registerSeoOverrideWrites(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const uid = context.uid as OverrideUid;
    const type = TYPES[uid];
    if (!type || !WRITE_ACTIONS.has(context.action)) return next();
    const params = context.params as { documentId?: string; data?: Record<string, unknown> };
    const written = params.data?.[type.key];
    if (params.data && typeof written === 'string' && written) {
      await assertKeyFree(strapi, uid, written, params.documentId);
      const label = labelOf(strapi, uid, written);
      if (label) params.data[type.label] = label;
    }
    return writeClearingKeys(strapi, uid, type.key, type.tagPrefix, params.documentId, next);
  });
}
