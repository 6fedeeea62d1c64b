/**
 * What the sitemap lists, read from Strapi and the projects provider: the three pages as published
 * (a page never published, or marked noindex in either language, is left out; its date is the latest
 * update of its published records in either language), every project of the current collection but
 * those an editor marked noindex (its date: when its detail last changed, else when the collection was
 * fetched), every developer but the noindex ones, each emirate with projects (the dates of their
 * projects), every published composed page but the noindex ones (its date: its last update), and each
 * registered catalogue's pages as it lists them (the projects; every sale and rent listing on the public
 * routes, its date the provider's last change), a section each under its name.
 * Drafts are never read.
 */
import type { Core, UID } from '@strapi/strapi';
import { CONTACT_PAGE_UID } from '../contact/services/contact-page';
import { LUXURY_CONTENT_TYPES } from '../luxury/services/luxury';
import { catalogues } from '../catalogues/services/registry';
import { OFFPLAN_PAGE_UID, offPlanService, type SitemapProject } from '../off-plan/services/off-plan';
import { pagesService } from '../pages/services/pages';
import { projectsService } from '../../plugins/extsource/server/src/public';
import { LOCALES } from '../../lib/locale';
import type { PageKind } from '../website/services/site-pages';
import { latest, type Section, type SitePage } from './lib/sitemap-urls';

/** The editorial pages and the types each is built from. */
export const PAGE_TYPES: ReadonlyArray<[PageKind, readonly UID.ContentType[]]> = [
  ['luxury', LUXURY_CONTENT_TYPES],
  ['contact', [CONTACT_PAGE_UID]],
  ['off-plan', [OFFPLAN_PAGE_UID]],
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

/** Every page the sitemap lists, by section: the site's own pages, the developers, then each catalogue's (the registry's order). */
export async function sitePages(strapi: Core.Strapi): Promise<Array<[Section, SitePage[]]>> {
  // The collection first: the developers and the projects are read from it.
  await projectsService(strapi).collection();
  const [editorial, listed, developers, hiddenDevelopers, composed, catalogued] = await Promise.all([
    Promise.all(PAGE_TYPES.map(([kind, uids]) => editorialPage(strapi, kind, uids))),
    offPlanService(strapi).sitemapProjects(),
    projectsService(strapi).developers(),
    offPlanService(strapi).noindexDevelopers(),
    pagesService(strapi).sitemapPages(),
    Promise.all(catalogues().map(async (entry): Promise<[Section, SitePage[]]> => [entry.name, await entry.sitemapPages(strapi)])),
  ]);

  const datesBy = (key: (project: SitemapProject['project']) => string) => {
    const dates = new Map<string, Array<number | undefined>>();
    for (const { project, lastModified } of listed) {
      const value = key(project);
      if (!value) continue;
      const seen = dates.get(value);
      if (seen) seen.push(lastModified);
      else dates.set(value, [lastModified]);
    }
    return dates;
  };
  const byEmirate = datesBy((project) => project.state_id);
  const byDeveloper = datesBy((project) => String(project.developer.id));

  const pages: SitePage[] = [
    ...editorial.filter((page) => page !== undefined),
    ...[...byEmirate].map(([stateId, dates]) => ({ kind: 'emirate' as const, params: { state_id: stateId }, lastModified: latest(dates) })),
    ...composed.map(({ kind, slug, lastModified }) => ({ kind, params: { slug }, lastModified })),
  ];
  const developerPages = developers
    .filter((developer) => developer.slug && !hiddenDevelopers.has(developer.slug))
    .map((developer) => ({ kind: 'developer' as const, params: { slug: developer.slug }, lastModified: latest(byDeveloper.get(String(developer.id)) ?? []) }));
  return [['pages', pages], ['developers', developerPages], ...catalogued];
}
