/**
 * What the project indexes of every locale derive alike from a collection (services/off-plan.ts): each
 * project's similar projects, and the names, places and sizes the searches read (decision 180). Each is
 * built once per collection, in slices, whichever locale's index asks first.
 */
import { inSlices, type NormalisedProject, type ProjectCollection } from '../../../plugins/extsource/server/src/public';
import { searchBuild } from '../lib/project-catalogue';
import { similarBuildOf } from '../lib/similar-projects';

/** `build` of each collection's projects, started once (in slices) whichever locale's index asks first. */
function oncePerCollection<T>(build: (projects: NormalisedProject[]) => Generator<unknown, T, void>): (collection: ProjectCollection) => Promise<T> {
  const built = new WeakMap<ProjectCollection, Promise<T>>();
  return (collection) => {
    let result = built.get(collection);
    if (!result) {
      result = inSlices(build(collection.projects));
      built.set(collection, result);
    }
    return result;
  };
}

/** Each collection's similar projects, and its name and place search: the same for the indexes of every locale. */
export const similarOnce = oncePerCollection(similarBuildOf);
export const searchOnce = oncePerCollection(searchBuild);
