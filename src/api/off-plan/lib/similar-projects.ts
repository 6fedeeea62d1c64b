/**
 * "Similar projects" (decisions 125-127, 200): the catalogue's similarity rule for the one ranking
 * (src/lib/catalogue/similar.ts). For a project, up to SIMILAR_COUNT other projects of its collection, best first:
 *
 * 1. the place tier: 0 the same community (same emirate, same community name), 1 one of the NEAREST_POOL
 *    nearest projects with coordinates outside it (all those as near as the last one), 2 the rest of the
 *    same emirate; a project in no tier is never similar;
 * 2. a starting price within ±30 % of the project's; 3. a bedroom option in common; 4. the same completion
 *    year (each a yes before a no, in this order);
 * 5. the distance (unknown last); 6. the id (shorter first, then character by character: numbers in order).
 *
 * Read once per collection (in steps, like the index: services/off-plan.ts) over the collection's map
 * layer (project-geo.ts); a project's list is ranked when its answer first asks for it, and kept.
 */
import type { NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { BEDROOMS, bedroomsOption } from '../../catalogues/services/vocabulary';
import { similarBuild, type Similarity, type SimilarityRule } from '../../../lib/catalogue/similar';
import { runSteps, type Steps } from '../../../lib/catalogue/steps';
import { collectionLayer } from './project-geo';

export const SIMILAR_COUNT = 6;
/** How many of the nearest projects outside the community the second tier holds. */
export const NEAREST_POOL = 24;
/** A price within this share of the project's, either way, is in its band. */
export const PRICE_BAND = 0.3;

export type SimilarProjects = Similarity<NormalisedProject>;

/** A community is one only within its emirate, and its name is matched whatever the case. */
const communityKey = (project: NormalisedProject) => {
  const name = project.community.trim().toLowerCase();
  return name && project.state_id ? `${project.state_id}\u0000${name}` : '';
};

/** A bedroom option per bit, of the types the project lists. */
const bedroomsMask = (project: NormalisedProject) =>
  project.bedrooms.types.reduce((mask, type) => {
    const option = bedroomsOption(type);
    return option ? mask | (1 << BEDROOMS.indexOf(option)) : mask;
  }, 0);

const startingPrice = (project: NormalisedProject) => {
  const price = project.price.starting_from;
  return price && price > 0 ? price : null;
};

export const PROJECT_SIMILARITY: SimilarityRule<NormalisedProject> = {
  count: SIMILAR_COUNT,
  groups: { community: communityKey, emirate: (project) => project.state_id },
  tiers: [{ group: 'community' }, { nearest: NEAREST_POOL }, { group: 'emirate' }],
  order: [
    { tier: true },
    { within: PRICE_BAND, of: startingPrice },
    { overlap: bedroomsMask },
    { same: (project) => project.completion.year || null },
    { distance: true },
    { id: (project) => project.id },
  ],
  at: ({ coordinates }) => (coordinates ? [coordinates.latitude, coordinates.longitude] : null),
};

/** A collection's similar projects, read in steps (for `inSlices`). */
export const similarBuildOf = (projects: readonly NormalisedProject[]): Steps<SimilarProjects> => similarBuild(projects, collectionLayer(projects), PROJECT_SIMILARITY);

/** Every project's similar projects at once, as positions in the collection (tests). */
export const similarProjects = (projects: readonly NormalisedProject[]): Int32Array[] => {
  const similar = runSteps(similarBuildOf(projects));
  return projects.map((_, position) => similar.listOf(position));
};
