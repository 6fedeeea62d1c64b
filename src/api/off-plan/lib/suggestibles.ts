/**
 * What the search box may suggest of the off-plan projects (decision 215): their places (with the Arabic
 * names their feed gives), their developers (once each, by the slug the collection settled) and the
 * projects themselves, read from one project index. Pure.
 */
import type { CatalogueSuggestibles } from '../../catalogues/services/registry';
import type { ProjectIndex } from './project-catalogue';

/** A project's Arabic name, '' where its feed gives none other than its English one. */
function arabicName(project: ProjectIndex['projects'][number]): string {
  const arabic = project.translations?.ar?.name ?? '';
  return arabic === project.name ? '' : arabic;
}

/** The box's sources of `index` (none while this instance holds no project collection), counted by `count`. */
export function projectSuggestibles(index: ProjectIndex | undefined, count: (query: string) => number): CatalogueSuggestibles {
  const projects = index ?? { projects: [], slugs: [], developerSlugs: undefined };
  const developers = new Map<number, { id: number; name: string; slug: string }>();
  for (const { developer } of projects.projects) {
    if (developer.id && !developers.has(developer.id)) developers.set(developer.id, { id: developer.id, name: developer.name, slug: projects.developerSlugs?.get(developer.id) ?? developer.slug });
  }
  return {
    places: projects.projects.map(({ state_id, city, community, sub_community, translations }) => ({ state_id, city, community, sub_community, arabic: translations?.ar })),
    developers: [...developers.values()],
    items: projects.projects.map((project, i) => ({ type: 'project', names: { en: project.name, ar: arabicName(project) }, slug: projects.slugs[i], fields: {} })),
    count,
  };
}
