/**
 * "Similar projects" (decisions 125-127): for every project of a collection, up to SIMILAR_COUNT other
 * projects of the same collection, ranked once per collection (in steps, like the index) and kept with
 * its indexes. The ranking, best first:
 *
 * 1. the place tier: 0 the same community (same emirate, same community name), 1 one of the NEAREST_POOL
 *    nearest projects with coordinates outside it (all those as near as the last one), 2 the rest of the
 *    same emirate; a project in no tier is never similar;
 * 2. a starting price within ±30 % of the project's; 3. a bedroom option in common; 4. the same completion
 *    year (each a yes before a no, in this order);
 * 5. the distance (unknown last); 6. the id (shorter first, then character by character: numbers in order).
 *
 * A tier is looked at only while the ones before it hold fewer than SIMILAR_COUNT, so a project costs its
 * community and, without enough there, one search of the collection's spatial index (the map's, in
 * src/lib/catalogue/map-layer.ts; geokdbush): never a scan of all.
 */
import { distance } from 'geokdbush';
import type { NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { BEDROOMS, bedroomsOption } from '../../catalogues/services/vocabulary';
import { mapInSteps, runSteps, type Steps } from '../../../lib/catalogue/steps';
import { collectionLayer } from './project-geo';

export const SIMILAR_COUNT = 6;
/** How many of the nearest projects outside the community the second tier holds. */
export const NEAREST_POOL = 24;
/** A price within this share of the project's, either way, is in its band. */
export const PRICE_BAND = 0.3;

/** Each project's similar projects, best first, as positions in the collection. */
export type SimilarLists = readonly Int32Array[];

/** What the ranking reads of each project, flattened once. */
interface Traits {
  ids: string[];
  community: Int32Array;
  state: string[];
  longitude: Float64Array;
  latitude: Float64Array;
  price: Float64Array;
  bedrooms: Uint8Array;
  year: string[];
}

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

/** What the ranking compares of each project, a step every STEP projects (decision 173). */
function* traitsOf(projects: readonly NormalisedProject[]): Steps<{ traits: Traits; communities: number[][]; states: Map<string, number[]> }> {
  const communityNumbers = new Map<string, number>();
  const communities: number[][] = [];
  const states = new Map<string, number[]>();
  const traits: Traits = {
    ids: projects.map((project) => project.id),
    community: new Int32Array(projects.length).fill(-1),
    state: projects.map((project) => project.state_id),
    longitude: new Float64Array(projects.length).fill(NaN),
    latitude: new Float64Array(projects.length).fill(NaN),
    price: new Float64Array(projects.length),
    bedrooms: new Uint8Array(projects.length),
    year: projects.map((project) => project.completion.year),
  };
  yield* mapInSteps(projects, (project, i) => {
    const price = project.price.starting_from;
    traits.price[i] = price && price > 0 ? price : NaN;
    traits.bedrooms[i] = bedroomsMask(project);
    const key = communityKey(project);
    if (key) {
      let number = communityNumbers.get(key);
      if (number === undefined) {
        number = communities.push([]) - 1;
        communityNumbers.set(key, number);
      }
      communities[number].push(i);
      traits.community[i] = number;
    }
    if (project.state_id) {
      const members = states.get(project.state_id);
      if (members) members.push(i);
      else states.set(project.state_id, [i]);
    }
    if (project.coordinates) {
      traits.longitude[i] = project.coordinates.longitude;
      traits.latitude[i] = project.coordinates.latitude;
    }
  });
  return { traits, communities, states };
}

/** Ids in a fixed order that puts numeric ids in numeric order: shorter first, then by code units. */
export const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

interface Candidate {
  project: number;
  score: number;
  distance: number;
}

/** The best SIMILAR_COUNT candidates offered, kept in order (an insertion into at most six). */
class Best {
  readonly kept: Candidate[] = [];
  constructor(private readonly ids: string[]) {}

  private better(a: Candidate, b: Candidate): boolean {
    return a.score !== b.score ? a.score > b.score : a.distance !== b.distance ? a.distance < b.distance : compareIds(this.ids[a.project], this.ids[b.project]) < 0;
  }

  /** Whether a candidate of `score` could still enter. */
  wants(score: number): boolean {
    return this.kept.length < SIMILAR_COUNT || score >= this.kept[SIMILAR_COUNT - 1].score;
  }

  offer(candidate: Candidate): void {
    const { kept } = this;
    if (kept.length === SIMILAR_COUNT && !this.better(candidate, kept[SIMILAR_COUNT - 1])) return;
    let at = Math.min(kept.length, SIMILAR_COUNT - 1);
    while (at > 0 && this.better(candidate, kept[at - 1])) at -= 1;
    kept.splice(at, 0, candidate);
    if (kept.length > SIMILAR_COUNT) kept.pop();
  }
}

function* ranker(projects: readonly NormalisedProject[]): Steps<(p: number) => Int32Array> {
  const { traits, communities, states } = yield* traitsOf(projects);
  yield;
  // The collection's spatial index, the map's (project-geo.ts): built once for both.
  const places = collectionLayer(projects).all;
  /** Which project last looked at each one (its position + 1), so no candidate is offered twice. */
  const seenBy = new Int32Array(projects.length);

  const kmBetween = (p: number, q: number) =>
    Number.isNaN(traits.latitude[p]) || Number.isNaN(traits.latitude[q]) ? Infinity : distance(traits.longitude[p], traits.latitude[p], traits.longitude[q], traits.latitude[q]);

  function score(p: number, q: number, tier: number): number {
    const price = traits.price[p];
    const inBand = Math.abs(traits.price[q] - price) <= PRICE_BAND * price;
    return (2 - tier) * 8 + (inBand ? 4 : 0) + ((traits.bedrooms[p] & traits.bedrooms[q]) !== 0 ? 2 : 0) + (traits.year[p] !== '' && traits.year[p] === traits.year[q] ? 1 : 0);
  }

  function offer(best: Best, p: number, q: number, tier: number): void {
    if (q === p || seenBy[q] === p + 1) return;
    seenBy[q] = p + 1;
    const points = score(p, q, tier);
    if (best.wants(points)) best.offer({ project: q, score: points, distance: kmBetween(p, q) });
  }

  /** The NEAREST_POOL nearest located projects outside p's community, and any as near as the last of them. */
  function nearest(p: number): number[] {
    const community = traits.community[p];
    const outside = (q: number) => q !== p && (community < 0 || traits.community[q] !== community);
    const from: [number, number] = [traits.latitude[p], traits.longitude[p]];
    const items = places.around(from, NEAREST_POOL + 1, Infinity, outside);
    if (items.length <= NEAREST_POOL) return items;
    const last = kmBetween(p, items[NEAREST_POOL - 1]);
    if (kmBetween(p, items[NEAREST_POOL]) > last) return items.slice(0, NEAREST_POOL);
    // Others as near as the last: all of them (the index measures distance its own way: a hair more takes them in).
    return places.around(from, Infinity, last * (1 + 1e-9), outside);
  }

  return (p: number): Int32Array => {
    const best = new Best(traits.ids);
    const community = traits.community[p];
    if (community >= 0) for (const q of communities[community]) offer(best, p, q, 0);
    if (best.kept.length < SIMILAR_COUNT && !Number.isNaN(traits.latitude[p])) for (const q of nearest(p)) offer(best, p, q, 1);
    if (best.kept.length < SIMILAR_COUNT) for (const q of states.get(traits.state[p]) ?? []) offer(best, p, q, 2);
    return Int32Array.from(best.kept, (candidate) => candidate.project);
  };
}

/** Every project's similar projects, in steps (for `inSlices`). */
export function* similarBuild(projects: readonly NormalisedProject[]): Steps<SimilarLists> {
  const rank = yield* ranker(projects);
  yield;
  return yield* mapInSteps(projects, (_, p) => rank(p));
}

/** The same at once (tests). */
export const similarProjects = (projects: readonly NormalisedProject[]): SimilarLists => runSteps(similarBuild(projects));
