/**
 * A composed page's answer (decision 168): what the editor wrote around its sections' answers, its SEO
 * (the editor's over what the page itself says), its page on the website in every language, and its
 * JSON-LD: a `WebPage` with its `BreadcrumbList`, and a `FAQPage` when it holds an FAQ. Also the card a
 * list of pages shows. Pure.
 */
import type { BreadcrumbList, FAQPage, Graph, WebPage } from 'schema-dts';
import type { Locale } from '../../../lib/locale';
import type { OptionalMediaUrl } from '../../../lib/media';
import { firstThatFits, META_DESCRIPTION_MAX, META_TITLE_MAX, seoOver, type SeoBlock, type SeoRecord } from '../../../lib/seo';
import { pageLinks, pageUrl, type PageKind } from '../../website/services/site-pages';
import { agencyNode } from '../../website/services/agency';
import { SCHEMA_CONTEXT, unlessEmpty } from '../../../lib/structured-data';
import type { MediaFile } from '../../../lib/media';
import { PAGE_MESSAGES } from './messages';

export const PAGE_KINDS_OF_PAGES = ['landing', 'area_guide'] as const;
export type PageKindOfPage = (typeof PAGE_KINDS_OF_PAGES)[number];

/** The website page of each kind of composed page (src/api/website/services/site-pages.ts). */
export const SITE_PAGE_OF: Record<PageKindOfPage, PageKind> = { landing: 'landing', area_guide: 'area-guide' };

/** A page as read (published, or a draft for a preview), its Arabic completed from its English. */
export interface PageRecord {
  documentId: string;
  title?: string | null;
  slug?: string | null;
  kind?: string | null;
  community?: string | null;
  summary?: string | null;
  image?: MediaFile | null;
  seo?: SeoRecord | null;
  publishedAt?: string | null;
  updatedAt?: string | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const kindOf = (record: PageRecord): PageKindOfPage => (record.kind === 'area_guide' ? 'area_guide' : 'landing');

/** The page's SEO: the editor's fields over its title, summary and image. */
function pageSeo(record: PageRecord, image: OptionalMediaUrl): SeoBlock {
  const derived: SeoBlock = {
    meta_title: firstThatFits([text(record.title)], META_TITLE_MAX),
    meta_description: firstThatFits([text(record.summary)], META_DESCRIPTION_MAX),
    canonical_url: null,
    og_image: image(record.image),
    noindex: false,
    keywords: [],
  };
  return seoOver(derived, record.seo, image);
}

/** The page's JSON-LD: WebPage, its breadcrumb (the site's home, the page), and its FAQ when it has one. */
function structuredData(record: PageRecord, url: string, locale: Locale, sections: ReadonlyArray<Record<string, unknown>>): Graph {
  const title = text(record.title);
  const breadcrumb: BreadcrumbList = {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: PAGE_MESSAGES[locale].home, item: pageUrl('home', locale) },
      { '@type': 'ListItem', position: 2, name: title, item: url },
    ],
  };
  const page: WebPage = { '@type': 'WebPage', '@id': url, url, name: title, description: unlessEmpty(text(record.summary)), inLanguage: locale, breadcrumb, publisher: agencyNode(locale) };
  const questions = sections.filter((section) => section.type === 'faq').flatMap((section) => section.items as Array<{ question: string; answer: string }>);
  const faq: FAQPage | undefined = questions.length
    ? {
        '@type': 'FAQPage',
        mainEntity: questions.map(({ question, answer }) => ({ '@type': 'Question', name: question, acceptedAnswer: { '@type': 'Answer', text: answer } })),
      }
    : undefined;
  return { '@context': SCHEMA_CONTEXT, '@graph': faq ? [page, faq] : [page] };
}

/** What the page and its card both say of it, in the contract's order. */
const pageFields = (record: PageRecord, slug: string, image: OptionalMediaUrl) => ({
  id: record.documentId,
  slug,
  kind: kindOf(record),
  title: text(record.title),
  summary: text(record.summary),
  image: image(record.image),
  community: text(record.community) || null,
});

/** The page's answer in `locale`, its sections already answered in the editor's order. */
export function pageAnswer(record: PageRecord, slug: string, locale: Locale, sections: Array<Record<string, unknown>>, image: OptionalMediaUrl) {
  const links = pageLinks(SITE_PAGE_OF[kindOf(record)], locale, { slug });
  return {
    ...pageFields(record, slug, image),
    seo: pageSeo(record, image),
    ...links,
    structured_data: structuredData(record, links.canonical_url, locale, sections),
    sections,
  };
}

/** A page as a list of pages shows it. */
export function pageCard(record: PageRecord, slug: string, locale: Locale, image: OptionalMediaUrl) {
  return {
    ...pageFields(record, slug, image),
    published_at: record.publishedAt ?? null,
    canonical_url: pageUrl(SITE_PAGE_OF[kindOf(record)], locale, { slug }),
  };
}
