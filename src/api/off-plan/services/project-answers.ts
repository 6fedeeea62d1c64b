/**
 * What is the off-plan projects' own beside their lists: one project's answer (decision 25), read by its
 * current slug or id, a former slug's move (decision 110), with its detail from the plugin and the
 * editors' published SEO overrides (seo-overrides.ts); the project a lead or a favourite names (decisions
 * 142, 191); each project's slug; the listing's cards of some projects; and the sitemap's projects.
 */
import type { Core } from '@strapi/strapi';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import { mediaUrlsFor, type OptionalMediaUrl } from '../../../lib/media';
import type { Representation } from '../../../lib/representation';
import { projectsService, type NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { cardsByKey } from '../../catalogues/services/registry';
import { movedProject, PROJECT_ID, projectRepresentation, type ProjectContext, type SeoSource } from '../lib/project-response';
import { collectionSlugs, type CollectionSlugs } from './collection-slugs';
import type { IndexedCollection, ProjectBuilds } from './project-builds';
import { PROJECT_SEO_UID, type SeoOverrides } from './seo-overrides';

/** What a project path's last segment names: a project (by its current slug or its id), a former slug's project, or none. */
export type ProjectLookup = { representation: Representation } | { moved: ReturnType<typeof movedProject> } | null;

/** A project the sitemap lists, its current slug, and when its page last changed (epoch ms), when known. */
export interface SitemapProject {
  project: NormalisedProject;
  slug: string;
  lastModified: number | undefined;
}

export function projectAnswers(strapi: Core.Strapi, builds: ProjectBuilds, slugs: ReturnType<typeof collectionSlugs>, overrides: SeoOverrides) {
  /** An override's image URL, resolved when an answer is rendered: a request answered from memory resolves none. */
  const optionalImage: OptionalMediaUrl = (file) => mediaUrlsFor(strapi).optionalImage(file);
  const currentSlugs = async (): Promise<CollectionSlugs> => slugs.of(await projectsService(strapi).collection());

  /** The project answers' SEO overrides in `locale` (published), read once per change of them. */
  async function projectSeoSource(locale: Locale): Promise<SeoSource> {
    return { overrides: (await overrides.published(PROJECT_SEO_UID, locale)).seo, image: optionalImage };
  }

  /** A project answer's context from memory alone (the fast lane's), or undefined. */
  function peekContext(prepared: IndexedCollection, id: string, locale: Locale): ProjectContext | undefined {
    const seo = overrides.peek(PROJECT_SEO_UID, locale)?.seo;
    return seo && { slugs: slugs.slugsOf(prepared.slugs, id), seo: { overrides: seo, image: optionalImage }, similar: prepared };
  }

  return {
    /** Each listed project's current slug, by id (decision 109). */
    async projectSlugs(): Promise<ReadonlyMap<string, string>> {
      return (await currentSlugs()).projects.slugOf;
    },

    /** The id of the project of the current feed `key` names by its id or a slug it has or had (decision 191), or undefined. */
    async projectIdOf(key: string): Promise<string | undefined> {
      const book = await currentSlugs();
      const { id } = slugs.resolve(book, key);
      return book.projects.slugOf.has(id) ? id : undefined;
    },

    /**
     * The project of the current feed a lead names (decision 142), by its id or a slug it has or had,
     * with its current slug; null when the feed lists none. Its detail where held (brochure, agent).
     */
    async enquiredProject(key: string): Promise<{ project: NormalisedProject; slug: string } | null> {
      const book = await currentSlugs();
      const found = slugs.resolve(book, key);
      const answer = PROJECT_ID.test(found.id) ? await projectsService(strapi).project(found.id) : null;
      return answer && { project: answer.project, slug: slugs.slugsOf(book, found.id).slug };
    },

    /**
     * The project `key` names (its current slug or its id) in `locale` (decision 25), the same answer
     * either way; a former slug's move (decision 110); or null for a key the service does not know.
     */
    async projectResponse(key: string, locale: Locale): Promise<ProjectLookup> {
      const prepared = await builds.built(locale);
      const found = slugs.resolve(prepared.slugs, key);
      if ('moved' in found) return { moved: movedProject(found.id, found.moved, locale) };
      const project = PROJECT_ID.test(found.id) ? await projectsService(strapi).project(found.id) : null;
      if (!project) return null;
      const context = { slugs: slugs.slugsOf(prepared.slugs, found.id), seo: await projectSeoSource(locale), similar: prepared };
      return { representation: projectRepresentation(project, locale, context) };
    },

    /**
     * The same from memory alone, or undefined (no collection, slugs or index loaded, a former slug, or a
     * key the full path answers with a 404). Like the full path, it starts the background read of a detail that is due.
     */
    fastProject(key: string, locale: Locale): Representation | undefined {
      const prepared = builds.peek(locale);
      if (!prepared) return undefined;
      const found = slugs.resolve(prepared.slugs, key);
      const project = 'moved' in found || !PROJECT_ID.test(found.id) ? undefined : projectsService(strapi).peekProject(found.id);
      const context = project && peekContext(prepared, found.id, locale);
      return project && context ? projectRepresentation(project, locale, context) : undefined;
    },

    /** Ids of the projects an editor marked noindex (published, in English: the entry's own), for the sitemap. */
    async noindexProjects(): Promise<ReadonlySet<string>> {
      return (await overrides.published(PROJECT_SEO_UID, DEFAULT_LOCALE)).noindex;
    },

    /**
     * The projects the sitemap lists: every one of the current collection with a slug but those an editor
     * marked noindex, with its slug and when what its page shows last changed (its detail, else the collection's fetch).
     */
    async sitemapProjects(): Promise<SitemapProject[]> {
      const projects = projectsService(strapi);
      const collection = await projects.collection();
      const [book, changedAt, hidden] = await Promise.all([slugs.of(collection), projects.detailsChangedAt(), overrides.published(PROJECT_SEO_UID, DEFAULT_LOCALE)]);
      const fetchedAt = Date.parse(collection.fetchedAt) || undefined;
      const slugOf = book.projects.slugOf;
      return collection.projects
        .filter((project) => slugOf.has(project.id) && !hidden.noindex.has(project.id))
        .map((project) => ({ project, slug: slugOf.get(project.id)!, lastModified: changedAt.get(project.id) || fetchedAt }));
    },

    /** The listing's cards (AED) of the projects `ids` the current collection holds, by id: the others are not in the feed. */
    async cardsOf(ids: readonly string[], locale: Locale): Promise<Map<string, Record<string, unknown>>> {
      const { index } = await builds.built(locale);
      return cardsByKey(ids, (id) => index.byId.get(id), (position) => index.cardBytes[position]);
    },
  };
}
