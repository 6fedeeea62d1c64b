/**
 * Composed pages (decision 168): the published pages of each language (their slugs settled by the one
 * slug service, so a former slug keeps naming its page), and each page's answer per language and
 * currency, built with its live sections' current results and kept in the app's cache as long as the
 * page, its testimonials and media, and the catalogues its live sections read are (their tags). The
 * answer carries the page's own surrogate key (`page-{slug}`, purged by a write of the page) beside the
 * catalogues' keys. A draft (an API token, a preview token of that page) is built from the draft each
 * time and kept nowhere. An Arabic page is its Arabic fields over its English ones; its sections are the
 * Arabic ones when it has any, else the English.
 */
import type { Core } from '@strapi/strapi';
import { cache, CACHE_LIFETIMES, declareCacheTagFamily, declareCacheTags, MEDIA_TAG } from '../../../lib/cache';
import { slugStore } from '../../catalogues/services/slugs';
import { matchSlug, type SlugBook } from '../../../lib/catalogue/slugs';
import { previews, type ReadVersions } from '../../../lib/drafts';
import { success } from '../../../lib/envelope';
import { laneLookup, type LaneRequest } from '../../../lib/fast-lane';
import { declareLocalizedSurrogateKey, declareSurrogateKeyFamily, MEDIA_SURROGATE_KEY, ownEdgeHeaders } from '../../../lib/http-caching';
import { DEFAULT_LOCALE, everyLocaleOf, LOCALES, localized, localizedSources, withFallback, type Locale } from '../../../lib/locale';
import { mediaUrlsFor } from '../../../lib/media';
import { Representation } from '../../../lib/representation';
import { sharedFields } from '../../../lib/shared-fields';
import { pagePath, pageUrl, type PageKind } from '../../website/services/site-pages';
import { declarePreviewDocuments } from '../../../lib/preview';
import { LUXURY_SURROGATE_KEY } from '../../luxury/services/luxury';
import { catalogues, catalogueSpelled, type CatalogueEntry } from '../../catalogues/services/registry';
import { liveSection, type CatalogueLinks } from '../lib/live-answers';
import { inCurrency } from '../lib/live-queries';
import { PAGE_MESSAGES } from '../lib/messages';
import { kindOf, pageAnswer, pageCard, SITE_PAGE_OF, type PageKindOfPage, type PageRecord } from '../lib/page-answer';
import { editorialSection, liveAsk, SECTION_COMPONENTS, type SectionRecord } from '../lib/sections';
import { parsePageQuery, type PagesQuery } from '../lib/query';
import { PAGES_SURROGATE_KEY, pageSurrogateKey } from '../routes/pages';

export const PAGE_UID = 'api::pages.page';
const TESTIMONIAL_UID = 'api::luxury.luxury-testimonial';
/** The cache tag a write of the page with that slug clears (services/page-writes.ts): its answers at a CDN too. */
export const PAGE_TAG_PREFIX = 'page:';

declareCacheTags(...everyLocaleOf([PAGE_UID]));
declareCacheTagFamily(PAGE_TAG_PREFIX);
declareSurrogateKeyFamily(PAGE_TAG_PREFIX, pageSurrogateKey(''));
declareLocalizedSurrogateKey(PAGES_SURROGATE_KEY, PAGE_UID);

/** What a list of pages reads of each: no sections. */
const CARD_FIELDS = ['title', 'slug', 'kind', 'community', 'summary', 'publishedAt', 'updatedAt'];
const CARD_POPULATE = { image: true, seo: { populate: ['og_image'] } };

/** What a page's fields and sections need populated: every section's media, links and items, testimonials with their photos. */
const POPULATE = {
  ...CARD_POPULATE,
  sections: {
    on: {
      ...Object.fromEntries(SECTION_COMPONENTS.map((component) => [component, { populate: '*' }])),
      'sections.testimonials': { populate: { testimonials: { populate: ['client_photo'] } } },
    },
  },
};

type FullRecord = PageRecord & { sections?: SectionRecord[] | null };

/** The published pages of one language and their slugs. */
interface Published {
  pages: FullRecord[];
  byDocument: Map<string, FullRecord>;
  slugs: SlugBook;
}

/** A published page's slug now: the one the slug service settled for it (the editor's). */
const currentSlug = (held: Published, page: PageRecord): string => held.slugs.slugOf.get(page.documentId) ?? String(page.slug);

const publishedKey = (locale: Locale) => localized('pages:published', locale);
const answerKey = (slug: string, locale: Locale, currency: string | undefined) => localized(`pages:page:${slug}:${currency ?? ''}`, locale);
/**
 * The answer keys of the pages the fast lane found, by locale, currency and slug: a key made per request
 * is a new string, looked up in V8's string table at each use (0.3 µs of a cached answer's 30). Only
 * keys that found a page are kept, so slugs made up add none.
 */
const laneKeys = Object.fromEntries(LOCALES.map((locale) => [locale, new Map<string, Map<string, string>>()])) as Record<Locale, Map<string, Map<string, string>>>;

function keepLaneKey(slug: string, locale: Locale, currency: string | undefined, key: string): void {
  const byCurrency = laneKeys[locale];
  let bySlug = byCurrency.get(currency ?? '');
  if (!bySlug) byCurrency.set(currency ?? '', (bySlug = new Map()));
  bySlug.set(slug, key);
}

const pageTags = (locale: Locale) => localizedSources([PAGE_UID, TESTIMONIAL_UID], locale);

export type PageFound = { representation: Representation } | { moved: { slug: string; canonical_url: string } } | null;

/** Each set of published pages' area guides, made once. */
const guidesOf = new WeakMap<Published, ReadonlyMap<string, string>>();

function createPagesService(strapi: Core.Strapi) {
  const image = () => mediaUrlsFor(strapi).optionalImage;
  const shared = () => sharedFields(strapi, PAGE_UID);

  /** The pages' card fields, image and SEO (no sections), newest first. */
  const read = (locale: Locale, status: 'published' | 'draft', filters: Record<string, unknown> = {}) =>
    strapi.documents(PAGE_UID).findMany({ status, locale, filters, populate: CARD_POPULATE, fields: CARD_FIELDS, sort: 'publishedAt:desc' } as never) as unknown as Promise<FullRecord[]>;

  /** `translated` over `english` (the page's Arabic over its English): fields by fallback, sections whole. */
  function inLocale(english: FullRecord, translated: FullRecord | undefined): FullRecord {
    const { sections: englishSections, ...englishFields } = english;
    const { sections: translatedSections, ...translatedFields } = translated ?? ({} as FullRecord);
    const fields = withFallback(translated ? (translatedFields as FullRecord) : undefined, englishFields as FullRecord, shared()) ?? englishFields;
    return { ...fields, documentId: english.documentId, sections: translatedSections?.length ? translatedSections : englishSections };
  }

  /** The published pages in `locale` (English ones completed by their translation), newest first, and their slugs. */
  async function loadPublished(locale: Locale): Promise<Published> {
    const english = await read(DEFAULT_LOCALE, 'published');
    const translated = locale === DEFAULT_LOCALE ? [] : await read(locale, 'published');
    const translations = new Map(translated.map((page) => [page.documentId, page]));
    const pages = english.map((page) => (locale === DEFAULT_LOCALE ? page : inLocale(page, translations.get(page.documentId))));
    const slugs = await slugStore(strapi).settle('page', english.map((page) => ({ owner: page.documentId, name: String(page.slug ?? '') })));
    return { pages, byDocument: new Map(pages.map((page) => [page.documentId, page])), slugs };
  }

  const published = async (locale: Locale): Promise<Published> =>
    (await cache.get(publishedKey(locale), () => loadPublished(locale), { tags: pageTags(locale), lifetime: CACHE_LIFETIMES.editedPage })).value;

  /** A page's record with its sections, in `locale` over English, in `status`; undefined when there is none. */
  async function full(documentId: string, locale: Locale, status: 'published' | 'draft'): Promise<FullRecord | undefined> {
    const one = (inLanguage: Locale) =>
      strapi.documents(PAGE_UID).findOne({ documentId, status, locale: inLanguage, populate: POPULATE } as never) as unknown as Promise<FullRecord | null>;
    const english = await one(DEFAULT_LOCALE);
    if (!english) return (await one(locale)) ?? undefined;
    return locale === DEFAULT_LOCALE ? english : inLocale(english, (await one(locale)) ?? undefined);
  }

  const links: CatalogueLinks = {
    listingUrl: (catalogue, query, locale) => {
      const spelled = catalogueSpelled(catalogue)!;
      const params = new URLSearchParams(query);
      for (const name of Object.keys(spelled.narrows)) params.delete(name);
      const rest = params.toString();
      const base = spelled.entry.listingUrl(spelled.narrows, locale);
      return rest ? `${base}?${rest}` : base;
    },
    mapPath: (catalogue) => `/api${catalogueSpelled(catalogue)!.entry.mapPath}`,
  };

  /** The sections' answers in the editor's order, and the catalogues the live ones read. */
  async function sectionsOf(record: FullRecord, locale: Locale, currency: string | undefined) {
    const read = new Set<CatalogueEntry>();
    const answered = await Promise.all(
      (record.sections ?? []).map(async (section) => {
        const asked = liveAsk(section);
        if (!asked) return editorialSection(section, image());
        const { entry } = catalogueSpelled(asked.catalogue)!;
        read.add(entry);
        const found = await entry.live(strapi, inCurrency(asked.query, currency), locale, asked.limit);
        return liveSection(section, asked.catalogue, asked.query, found, links, locale);
      })
    );
    const sections = answered.filter((section): section is Record<string, unknown> => section !== undefined);
    const hasTestimonials = sections.some((section) => section.type === 'testimonials');
    return { sections, read, hasTestimonials };
  }

  /** The answer's bytes and the keys a CDN purges it by: the page's, and those of the catalogues it shows. */
  async function render(record: FullRecord, slug: string, locale: Locale, currency: string | undefined) {
    const { sections, read, hasTestimonials } = await sectionsOf(record, locale, currency);
    const body = Buffer.from(JSON.stringify(success(pageAnswer(record, slug, locale, sections, image()), 200, PAGE_MESSAGES[locale].pageMessage)));
    const keys = [
      pageSurrogateKey(slug),
      MEDIA_SURROGATE_KEY,
      ...catalogues()
        .filter((entry) => read.has(entry))
        .map((entry) => entry.surrogateKey),
      ...(hasTestimonials ? [LUXURY_SURROGATE_KEY, ...(locale === DEFAULT_LOCALE ? [] : [localized(LUXURY_SURROGATE_KEY, locale)])] : []),
    ];
    return { body, keys };
  }

  /** The published page a slug names in `locale` (a former slug: its move), built once per change of what it shows. */
  async function publishedPage(slug: string, locale: Locale, currency: string | undefined): Promise<PageFound> {
    const { byDocument, slugs } = await published(locale);
    const match = matchSlug(slugs, slug);
    const page = match && byDocument.get(match.owner);
    if (!match || !page) return null;
    if (!match.current) return { moved: { slug: match.slug, canonical_url: pageUrl(SITE_PAGE_OF[kindOf(page)], locale, { slug: match.slug }) } };
    const build = async () => {
      const record = await full(page.documentId, locale, 'published');
      if (!record) return null;
      const { body, keys } = await render(record, slug, locale, currency);
      return { representation: new Representation(body, true, ownEdgeHeaders('pages', keys)) };
    };
    // Every catalogue's tag, whether or not the page reads it (known only once built): a sync rebuilds a page
    // that did not need it, and a build an invalidation overtook is never kept.
    const tags = [...pageTags(locale), MEDIA_TAG, ...catalogues().map((entry) => entry.cacheTag)];
    return (await cache.get(answerKey(slug, locale, currency), build, { tags, lifetime: CACHE_LIFETIMES.editedPage })).value;
  }

  /** A draft read: the page with that slug as its draft says (a preview token: that one page's draft only), kept nowhere. */
  async function draftPage(slug: string, locale: Locale, currency: string | undefined, versions: ReadVersions): Promise<PageFound> {
    const [english] = await read(DEFAULT_LOCALE, 'draft', { slug });
    const [translated] = english ? [] : await read(locale, 'draft', { slug });
    const documentId = (english ?? translated)?.documentId;
    if (!documentId) return null;
    const status = versions.base === 'draft' || previews(versions, PAGE_UID, locale, documentId) ? 'draft' : 'published';
    const record = await full(documentId, locale, status);
    if (!record) return null;
    const { body } = await render(record, slug, locale, currency);
    return { representation: new Representation(body, false) };
  }

  return {
    /** The page a slug names in `locale` and `currency` (published, or as `versions` reads drafts); null when none. */
    page(slug: string, locale: Locale, query: PagesQuery, versions?: ReadVersions): Promise<PageFound> {
      return versions ? draftPage(slug, locale, query.currency, versions) : publishedPage(slug, locale, query.currency);
    },

    /** The same from memory alone, for the fast lane. */
    fastPage(slug: string, locale: Locale, currency: string | undefined): Representation | undefined {
      const kept = laneKeys[locale].get(currency ?? '')?.get(slug);
      const key = kept ?? answerKey(slug, locale, currency);
      const representation = cache.peek<{ representation: Representation } | null>(key)?.value?.representation;
      if (representation && kept === undefined) keepLaneKey(slug, locale, currency, key);
      return representation;
    },

    /** The published pages of a kind (every kind when none), newest first, as cards: one page of them. */
    async list(locale: Locale, kind: PageKindOfPage | undefined, page: number, perPage: number) {
      const held = await published(locale);
      const chosen = held.pages.filter((record) => kind === undefined || kindOf(record) === kind);
      const items = chosen.slice((page - 1) * perPage, page * perPage).map((record) => pageCard(record, currentSlug(held, record), locale, image()));
      return {
        items,
        pagination: { current_page: page, per_page: perPage, total: chosen.length, last_page: Math.max(1, Math.ceil(chosen.length / perPage)) },
      };
    },

    /**
     * The published area guides' slugs by the community each names (the search box's suggestion of that
     * community opens its guide); one map per change of the pages, so a reader can tell a change by identity.
     */
    async areaGuides(): Promise<ReadonlyMap<string, string>> {
      const held = await published(DEFAULT_LOCALE);
      let guides = guidesOf.get(held);
      if (!guides) {
        guides = new Map(held.pages.filter((page) => kindOf(page) === 'area_guide' && page.community).map((page) => [String(page.community), currentSlug(held, page)]));
        guidesOf.set(held, guides);
      }
      return guides;
    },

    /** The website's path of a page in `locale`, as its draft names it (the Preview panel's). */
    async previewPath(documentId: string, locale: Locale): Promise<string | undefined> {
      const row = (await strapi.db.query(PAGE_UID).findOne({ where: { documentId, publishedAt: null }, select: ['slug', 'kind'] })) as PageRecord | null;
      return row?.slug ? pagePath(SITE_PAGE_OF[kindOf(row)], locale, { slug: row.slug }) : undefined;
    },

    /** Every published page that may be indexed (noindex in neither language), for the sitemap. */
    async sitemapPages(): Promise<Array<{ kind: PageKind; slug: string; lastModified: number | undefined }>> {
      const [english, ...others] = await Promise.all(LOCALES.map(published));
      const hidden = new Set(others.flatMap(({ pages }) => pages.filter((page) => page.seo?.noindex === true).map((page) => page.documentId)));
      return english.pages
        .filter((page) => page.seo?.noindex !== true && !hidden.has(page.documentId))
        .map((page) => ({ kind: SITE_PAGE_OF[kindOf(page)], slug: currentSlug(english, page), lastModified: Date.parse(page.updatedAt ?? '') || undefined }));
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;

const services = new WeakMap<Core.Strapi, PagesService>();

export function pagesService(strapi: Core.Strapi): PagesService {
  let service = services.get(strapi);
  if (!service) services.set(strapi, (service = createPagesService(strapi)));
  return service;
}

/** What purges every list of pages at a CDN, for answers that list them too (the sitemap). */
export { PAGES_SURROGATE_KEY };

/** The fast lane's lookup of a page, and where the Preview panel opens one (at bootstrap). */
export function registerPagesLookups(strapi: Core.Strapi): void {
  const service = pagesService(strapi);
  declarePreviewDocuments(PAGE_UID, service.previewPath);
  laneLookup('api::pages.page.find', ({ path, query, locale }: LaneRequest) => {
    const parsed = parsePageQuery(query, locale);
    return parsed.ok ? service.fastPage(path.slice(path.lastIndexOf('/') + 1), locale, parsed.query.currency) : undefined;
  });
}
