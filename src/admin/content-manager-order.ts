/**
 * The Content Manager's menu in the order of the site (the luxury page's sections as they appear on
 * the page and its SEO, then the off-plan page with its projects' SEO and developer pages, the composed
 * pages, the contact
 * page, robots.txt, then leads and their routing rules, then the website's buyers), where Strapi
 * would sort it by name.
 *
 * Strapi (content-manager 5.54.0) sorts the menu links by their `title`, which it also uses as a
 * message id before showing it. So the links' hook gives each known type a title that sorts in site
 * order ("03 Luxury page · Advisors"), and a translation with that id shows the type's own name.
 */
import luxuryHero from '../api/luxury/content-types/luxury-hero/schema.json';
import luxuryTrusted from '../api/luxury/content-types/luxury-trusted/schema.json';
import luxuryAdvisors from '../api/luxury/content-types/luxury-advisors/schema.json';
import luxuryCommunities from '../api/luxury/content-types/luxury-communities/schema.json';
import luxuryDestination from '../api/luxury/content-types/luxury-destination/schema.json';
import luxuryExperience from '../api/luxury/content-types/luxury-experience/schema.json';
import luxurySignature from '../api/luxury/content-types/luxury-signature/schema.json';
import luxuryTestimonial from '../api/luxury/content-types/luxury-testimonial/schema.json';
import luxuryCta from '../api/luxury/content-types/luxury-cta/schema.json';
import luxurySeo from '../api/luxury/content-types/luxury-seo/schema.json';
import offPlanPage from '../api/off-plan/content-types/off-plan-page/schema.json';
import projectSeo from '../api/off-plan/content-types/project-seo/schema.json';
import developerPage from '../api/off-plan/content-types/developer-page/schema.json';
import composedPage from '../api/pages/content-types/page/schema.json';
import contactPage from '../api/contact/content-types/contact-page/schema.json';
import contact from '../api/contact/content-types/contact/schema.json';
import leadRoute from '../api/contact/content-types/lead-route/schema.json';
import favorite from '../api/account/content-types/favorite/schema.json';
import savedSearch from '../api/account/content-types/saved-search/schema.json';
import robotsTxt from '../api/sitemap/content-types/robots-txt/schema.json';

interface Schema {
  info: { singularName: string; displayName: string };
}

/** The users-permissions User type holds the website's buyers (issue 33): named so in the menu. */
const buyers: Schema = { info: { singularName: 'user', displayName: 'Buyers' } };

const SITE_ORDER: Array<[api: string, schema: Schema]> = [
  ['luxury', luxuryHero],
  ['luxury', luxuryTrusted],
  ['luxury', luxuryAdvisors],
  ['luxury', luxuryCommunities],
  ['luxury', luxuryDestination],
  ['luxury', luxuryExperience],
  ['luxury', luxurySignature],
  ['luxury', luxuryTestimonial],
  ['luxury', luxuryCta],
  ['luxury', luxurySeo],
  ['off-plan', offPlanPage],
  ['off-plan', projectSeo],
  ['off-plan', developerPage],
  ['pages', composedPage],
  ['contact', contactPage],
  ['sitemap', robotsTxt],
  ['contact', contact],
  ['contact', leadRoute],
  ['plugin::users-permissions', buyers],
  ['account', favorite],
  ['account', savedSearch],
];

const uidOf = (api: string, schema: Schema) => (api.includes('::') ? `${api}.${schema.info.singularName}` : `api::${api}.${schema.info.singularName}`);

const sortTitles = new Map(
  SITE_ORDER.map(([api, schema], index) => [
    uidOf(api, schema),
    `${String(index + 1).padStart(2, '0')} ${schema.info.displayName}`,
  ])
);

/** Message ids of the sort titles, each shown as the type's name. */
export const MENU_TRANSLATIONS: Record<string, string> = Object.fromEntries(
  SITE_ORDER.map(([api, schema]) => [sortTitles.get(uidOf(api, schema))!, schema.info.displayName])
);

interface MenuLink {
  uid: string;
  title: string;
}

/** The links with sort titles; types not listed keep their name and follow, alphabetically. */
export function inSiteOrder<T extends MenuLink>(links: T[]): T[] {
  return links.map((link) => ({ ...link, title: sortTitles.get(link.uid) ?? link.title }));
}
