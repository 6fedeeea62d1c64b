/**
 * Each project collection's slugs (decisions 109-110): its projects' current and former slugs and its
 * developers' current ones, settled once per collection (whoever asks first) through the slug table; the
 * collection's indexes are built with them and carry them. A path's key is read as a slug first, then as an id.
 */
import type { Core } from '@strapi/strapi';
import type { Developer, ProjectCollection } from '../../../plugins/extsource/server/src/public';
import { developerNames, projectNames } from '../lib/project-pages';
import type { ProjectSlugs } from '../lib/project-pages';
import { findInBook, type SlugBook } from '../../../lib/catalogue/slugs';
import { oncePerCollection } from '../../catalogues/services/catalogue-versions';
import { slugStore } from '../../catalogues/services/slugs';

/** A collection's project slugs (current and former) and its developers' current ones, by developer id. */
export interface CollectionSlugs {
  projects: SlugBook;
  developers: ReadonlyMap<number, string>;
}

/** What a key names: a project by its current slug or id, or a former slug's project. */
export type ResolvedKey = { id: string } | { moved: string; id: string };

/**
 * The keys that named a listed project as given (its current slug or id), per collection's slugs: a
 * project's page is asked for again and again, and other keys (a former slug, another spelling, none)
 * are not kept, so a client making keys up adds nothing.
 */
const currentKeys = new WeakMap<CollectionSlugs, Map<string, ResolvedKey>>();

export function collectionSlugs(strapi: Core.Strapi) {
  const slugs = slugStore(strapi);

  /** Developers' slugs, by id, as kept (given now to those without one). */
  async function developerSlugs(developers: readonly Developer[]): Promise<ReadonlyMap<number, string>> {
    const book = await slugs.settle('developer', developerNames(developers));
    return new Map([...book.slugOf].map(([owner, slug]) => [Number(owner), slug]));
  }

  async function settle(collection: ProjectCollection): Promise<CollectionSlugs> {
    // A slug is never another listed project's id (decision 109).
    const ids = new Set(collection.projects.map((project) => project.id));
    const projects = await slugs.settle('project', projectNames(collection.projects), (slug) => ids.has(slug));
    return { projects, developers: await developerSlugs(collection.projects.map((project) => project.developer)) };
  }

  return {
    developerSlugs,

    /** The collection's slugs, settled once (a failed settling, the database away, is tried again by the next reader). */
    of: oncePerCollection(settle),

    /**
     * What `key` names by the rule of decision 191: a listed project by its current slug or id as given, a
     * move to its current slug by a former slug or another spelling; else it is read as an id.
     */
    resolve(book: CollectionSlugs, key: string): ResolvedKey {
      let current = currentKeys.get(book);
      const kept = current?.get(key);
      if (kept) return kept;
      const match = findInBook(book.projects, key);
      if (!match) return { id: key };
      if (!match.current) return { moved: match.slug, id: match.owner };
      if (!current) currentKeys.set(book, (current = new Map()));
      const resolved = { id: match.owner };
      current.set(key, resolved);
      return resolved;
    },

    /** A listed project's slugs (its id should it have none, which a settled collection never leaves). */
    slugsOf: (book: CollectionSlugs, id: string): ProjectSlugs => ({ slug: book.projects.slugOf.get(id) ?? id, developers: book.developers }),
  };
}
