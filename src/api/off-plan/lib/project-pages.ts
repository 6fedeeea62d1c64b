/**
 * A project's page on the website (decision 108): its slug, its URL in the answer's language from the
 * site's paths map, and (on the project answer) the same page in every language for hreflang.
 */
import type { Locale } from '../../../lib/locale';
import { pageAlternates, pageUrl } from '../../../lib/site-paths';
import type { NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { planSlugs } from './slugs';

/** What a listing card adds to the card fields: the slug and the page's URL. */
export const cardPage = (slug: string, locale: Locale) => ({ slug, canonical_url: pageUrl('project', locale, { slug }) });

/** What the project answer adds at its end: the slug, the page's URL, and its URL in every language. */
export const projectPage = (slug: string, locale: Locale) => ({ ...cardPage(slug, locale), alternates: pageAlternates('project', { slug }) });

/** The slugs the projects would get from an empty table (for an index built without the kept ones). */
export function freshProjectSlugs(projects: readonly NormalisedProject[]): ReadonlyMap<string, string> {
  const ids = new Set(projects.map((project) => project.id));
  return planSlugs('project', projectNames(projects), [], (slug) => ids.has(slug)).current;
}

/** Each project's id and English name: what its slug is made from. */
export const projectNames = (projects: readonly NormalisedProject[]) => projects.map((project) => ({ owner: project.id, name: project.name }));
