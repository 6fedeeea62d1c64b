/**
 * A project's page on the website (decision 108): its slug, its URL in the answer's language from the
 * site's paths map, and (on the project answer) the same page in every language for hreflang.
 */
import type { Locale } from '../../../lib/locale';
import { pageLinks, pageUrl } from '../../website/services/site-pages';
import type { NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { planSlugs } from '../../../lib/catalogue/slugs';

/** A project's current slug and each developer's (by developer id): what its card and answer name. */
export interface ProjectSlugs {
  slug: string;
  developers?: ReadonlyMap<number, string>;
}

/** The project with its developer's slug as kept (unique and stable, decision 109), when it has one. */
export function withDeveloperSlug(project: NormalisedProject, developers: ReadonlyMap<number, string> | undefined): NormalisedProject {
  const slug = developers?.get(project.developer.id);
  return slug === undefined || slug === project.developer.slug ? project : { ...project, developer: { ...project.developer, slug } };
}

/** Developers as the index lists them, with their slugs as kept. */
export const developerSlugged = <T extends { id: number; slug: string }>(developer: T, developers: ReadonlyMap<number, string> | undefined): T => ({
  ...developer,
  slug: developers?.get(developer.id) ?? developer.slug,
});

/** Each developer's id and the name its slug comes from: the provider's slug, else its name (id 0: none known). */
export const developerNames = (developers: ReadonlyArray<{ id: number; name: string; slug: string }>) =>
  developers.filter((developer) => developer.id).map((developer) => ({ owner: String(developer.id), name: developer.slug || developer.name }));

/** What a listing card adds to the card fields: the slug and the page's URL. */
export const cardPage = (slug: string, locale: Locale) => ({ slug, canonical_url: pageUrl('project', locale, { slug }) });

/** What the project answer adds at its end: the slug, the page's URL, and its URL in every language. */
export const projectPage = (slug: string, locale: Locale) => ({ slug, ...pageLinks('project', locale, { slug }) });

/** The slugs the projects would get from an empty table (for an index built without the kept ones). */
export function freshProjectSlugs(projects: readonly NormalisedProject[]): ReadonlyMap<string, string> {
  const ids = new Set(projects.map((project) => project.id));
  return planSlugs('project', projectNames(projects), [], (slug) => ids.has(slug)).current;
}

/** Each project's id and English name: what its slug is made from. */
export const projectNames = (projects: readonly NormalisedProject[]) => projects.map((project) => ({ owner: project.id, name: project.name }));
