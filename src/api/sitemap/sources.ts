/**
 * What the sitemap lists, read from Strapi, the projects provider and the registry of catalogues
 * (decision 215): the site's pages and each catalogue's landing page as published (a page never
 * published, or marked noindex in either language, is left out; its date is the latest update of its
 * published records in either language), every published composed page but the noindex ones (its date:
 * its last update), and what each registered catalogue lists: its pages in the site's section and its
 * sections of their own (the off-plan catalogue's emirates with projects and developers), then its own
 * part under its name (the projects; every sale and rent listing on the public routes).
 * Drafts are never read.
 */
import type { Core, UID } from '@strapi/strapi';
import { CONTACT_PAGE_UID } from '../contact/services/contact-page';
import { LUXURY_CONTENT_TYPES } from '../luxury/services/luxury';
import { catalogues } from '../catalogues/services/registry';
import { pagesService } from '../pages/services/pages';
import { projectsService } from '../../plugins/extsource/server/src/public';
import { LOCALES } from '../../lib/locale';
import type { PageKind } from '../website/services/site-pages';
import { latest, type Section, type SitePage } from './lib/sitemap-urls';

/** The editorial pages and the types each is built from: the site's own, then each catalogue's landing page (the registry's order). */
export const pageTypes = (): Array<[PageKind, readonly UID.ContentType[]]> => [
  ['luxury', LUXURY_CONTENT_TYPES],
  ['contact', [CONTACT_PAGE_UID]],
  ...catalogues().flatMap(({ sitemap: { landing } }): Array<[PageKind, readonly UID.ContentType[]]> => (landing ? [[landing.kind, landing.types]] : [])),
];

interface PublishedRecord {
  updatedAt?: string;
  seo?: { noindex?: boolean | null } | null;
}

const dateOf = (record: PublishedRecord | null) => (record?.updatedAt ? Date.parse(record.updatedAt) : undefined);

/** The latest published record of a type in a locale (its SEO block when it has one), or null. */
async function latestPublished(strapi: Core.Strapi, uid: UID.ContentType, locale: string): Promise<PublishedRecord | null> {
  const hasSeo = 'seo' in (strapi.contentType(uid)?.attributes ?? {});
  const localized = (strapi.contentType(uid) as { pluginOptions?: { i18n?: { localized?: boolean } } }).pluginOptions?.i18n?.localized === true;
  const record = await strapi.documents(uid).findFirst({
    status: 'published',
    ...(localized ? { locale } : {}),
    sort: 'updatedAt:desc',
    fields: ['updatedAt'],
    ...(hasSeo ? { populate: { seo: true } } : {}),
  } as never);
  return (record ?? null) as PublishedRecord | null;
}

/** A page, unless none of its types was ever published or any of them is noindex in any language. */
async function editorialPage(strapi: Core.Strapi, kind: PageKind, uids: readonly UID.ContentType[]): Promise<SitePage | undefined> {
  const records = (await Promise.all(LOCALES.flatMap((locale) => uids.map((uid) => latestPublished(strapi, uid, locale))))).filter((record) => record !== null);
  if (!records.length || records.some((record) => record.seo?.noindex === true)) return undefined;
  return { kind, lastModified: latest(records.map(dateOf)) };
}

/** Every page the sitemap lists, by section: the site's own pages (a catalogue's among them), the catalogues' related sections, then each catalogue's own part (the registry's order). */
export async function sitePages(strapi: Core.Strapi): Promise<Array<[Section, SitePage[]]>> {
  // The collection first: the developers and the projects are read from it.
  await projectsService(strapi).collection();
  const [editorial, composed, related, catalogued] = await Promise.all([
    Promise.all(pageTypes().map(([kind, uids]) => editorialPage(strapi, kind, uids))),
    pagesService(strapi).sitemapPages(),
    Promise.all(catalogues().map((entry) => entry.sitemap.related(strapi))),
    Promise.all(catalogues().map(async (entry): Promise<[Section, SitePage[]]> => [entry.name, await entry.sitemapPages(strapi)])),
  ]);
  const pages: SitePage[] = [
    ...editorial.filter((page) => page !== undefined),
    ...related.flatMap((each) => each.pages),
    ...composed.map(({ kind, slug, lastModified }) => ({ kind, params: { slug }, lastModified })),
  ];
  return [['pages', pages], ...related.flatMap((each) => each.sections), ...catalogued];
}
