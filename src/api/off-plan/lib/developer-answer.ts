/**
 * A developer's answer (`GET /off-plan/developers/{slug}`, decision 113): the provider's developer as
 * the listing's cards name it, how many projects of the current feed are its, and its page's SEO (an
 * editor's developer page over what its data gives). Pure.
 */
import type { Locale } from '../../../lib/locale';
import type { OptionalMediaUrl } from '../../../lib/media';
import { seoOver, type SeoRecord } from '../../../lib/seo';
import type { Developer, NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { derivedDeveloperSeo } from './project-seo';
import { pageLinks } from '../../website/services/site-pages';

/** What a developer slug may look like; anything else is not one (a 404, without asking anyone). */
export const DEVELOPER_SLUG = /^[A-Za-z0-9_-]{1,128}$/;

/** How many projects of `projects` are the developer's. */
export function projectCountOf(developer: Developer, projects: readonly NormalisedProject[]): number {
  let count = 0;
  for (const project of projects) if (project.developer.id === developer.id) count += 1;
  return count;
}

export function developerAnswer(developer: Developer, projects: number, locale: Locale, override: SeoRecord | undefined, image: OptionalMediaUrl) {
  const { id, name, slug, logo } = developer;
  const seo = seoOver(derivedDeveloperSeo(developer, projects, locale), override, image);
  return { id, name, slug, logo, project_count: projects, ...pageLinks('developer', locale, { slug }), seo };
}
