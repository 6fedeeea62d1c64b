/**
 * The off-plan pages the sitemap lists besides the projects' own part: each emirate with projects (in the
 * site's own section) and each developer but those an editor marked noindex (a section of their own),
 * each dated by the latest change of its listed projects. Pure.
 */
import type { CataloguePage } from '../../catalogues/services/registry';
import type { NormalisedProject } from '../../../plugins/extsource/server/src/public';

interface ListedProject {
  project: NormalisedProject;
  lastModified: number | undefined;
}

/** The latest known of some dates (epoch ms). */
function latest(dates: ReadonlyArray<number | undefined>): number | undefined {
  let found: number | undefined;
  for (const date of dates) if (date && (found === undefined || date > found)) found = date;
  return found;
}

/** The dates of the listed projects, by what `key` reads of each (its emirate, its developer), in first-seen order. */
function datesBy(listed: readonly ListedProject[], key: (project: NormalisedProject) => string): Map<string, Array<number | undefined>> {
  const dates = new Map<string, Array<number | undefined>>();
  for (const { project, lastModified } of listed) {
    const value = key(project);
    if (!value) continue;
    const seen = dates.get(value);
    if (seen) seen.push(lastModified);
    else dates.set(value, [lastModified]);
  }
  return dates;
}

export function sitemapRelated(
  listed: readonly ListedProject[],
  developers: ReadonlyArray<{ id: number; slug: string }>,
  hiddenDevelopers: ReadonlySet<string>,
): { pages: CataloguePage[]; sections: Array<[string, CataloguePage[]]> } {
  const byDeveloper = datesBy(listed, (project) => String(project.developer.id));
  const pages = [...datesBy(listed, (project) => project.state_id)].map(([stateId, dates]): CataloguePage => ({ kind: 'emirate', params: { state_id: stateId }, lastModified: latest(dates) }));
  const developerPages = developers
    .filter((developer) => developer.slug && !hiddenDevelopers.has(developer.slug))
    .map((developer): CataloguePage => ({ kind: 'developer', params: { slug: developer.slug }, lastModified: latest(byDeveloper.get(String(developer.id)) ?? []) }));
  return { pages, sections: [['developers', developerPages]] };
}
