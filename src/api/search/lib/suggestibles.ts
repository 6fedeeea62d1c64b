/**
 * What the search box may suggest, made once per change of either catalogue from what they hold: the
 * emirates, the cities, communities and sub-communities of projects and listings (with their Arabic names
 * where a feed gives them, and the other names of other-names.ts), the developers, the off-plan projects
 * and the listings' references. Each says what applying it means (a listing query, or a page) and how many
 * homes are behind it in each part of each registered catalogue (decision 204), counted by the catalogues'
 * own searches with that very query, so a count is what the listing shows for it. Those with nothing
 * behind them are left out. Pure but for the registry of catalogues it reads.
 */
import { mapInSteps, runSteps, type Steps } from '../../../lib/catalogue/steps';
import type { Locale } from '../../../lib/locale';
import { EMIRATES, type EmirateCode } from '../../../plugins/extsource/server/src/public';
import { catalogueNamed, catalogues, sectionSpellings, spellingOf, type CatalogueSuggestibles } from '../../catalogues/services/registry';
import { OTHER_NAMES } from './other-names';

export const GROUPS = ['emirates', 'cities', 'communities', 'developers', 'projects', 'listings'] as const;
export type Group = (typeof GROUPS)[number];

export type SuggestionType = 'emirate' | 'city' | 'community' | 'sub_community' | 'developer' | 'project' | 'listing';

export const GROUP_OF: Record<SuggestionType, Group> = {
  emirate: 'emirates', city: 'cities', community: 'communities', sub_community: 'communities', developer: 'developers', project: 'projects', listing: 'listings',
};

/** The homes behind a suggestion in each part of each catalogue, by its spelling (`off_plan`, `sale`, `rent`: decision 204). */
export type Counts = Record<string, number>;

export interface Suggestible {
  type: SuggestionType;
  /** Its name in each language; '' where none is known. */
  names: Record<Locale, string>;
  /** Other names it answers to (abbreviations, short names, other spellings): matched, never shown. */
  also: readonly string[];
  state_id: EmirateCode | null;
  /** A sub-community's community, in each language. */
  community: Record<Locale, string> | null;
  /** The listing query that selects it (both catalogues read it), or null when it opens a page. */
  query: string | null;
  page: { kind: 'project' | 'developer' | 'listing' | 'area-guide'; slug: string } | null;
  counts: Counts;
}

export interface SuggestSources {
  /** What each registered catalogue gives the box, in the registry's order (decision 215). */
  catalogues: ReadonlyArray<CatalogueSuggestibles & { name: string }>;
  /** The published area guides' slugs, by the community each names (as the feed names it). */
  areaGuides: ReadonlyMap<string, string>;
}

const noCounts = (): Counts => Object.fromEntries(sectionSpellings().map((spelling) => [spelling, 0]));
/** How many homes are behind a suggestion, in all catalogues. */
export const homesBehind = (counts: Counts) => Object.values(counts).reduce((sum, count) => sum + count, 0);
const fold = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');
const alsoOf = new Map(OTHER_NAMES.map(([name, also]) => [fold(name), also]));

function queryOf(params: Record<string, string>): string {
  return Object.entries(params)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}

/** The counts of a query in each part of every catalogue (`only`: of that catalogue's parts, the others 0), each its listing's own. */
function queryCounts(sources: SuggestSources, query: string, only?: string): Counts {
  const counts = noCounts();
  for (const { name, spellings } of catalogues()) {
    if (only !== undefined && name !== only) continue;
    for (const { spelling, narrows } of spellings) {
      const part = new URLSearchParams(narrows).toString();
      counts[spelling] = sources.catalogues.find((each) => each.name === name)?.count(part ? `${part}&${query}` : query) ?? 0;
    }
  }
  return counts;
}

/** One item of catalogue `name`, counted under the part its `fields` belong to. */
const oneItem = (name: string, fields: Readonly<Record<string, unknown>> = {}): Counts => ({ ...noCounts(), [spellingOf(catalogueNamed(name)!, fields)]: 1 });

/** The emirates, each counted (a step each: a count is a search of every catalogue's parts). */
function* emirates(sources: SuggestSources): Steps<Suggestible[]> {
  const counted: Suggestible[] = [];
  for (const { id, name, name_ar } of EMIRATES) {
    const query = queryOf({ state_id: id });
    counted.push({ type: 'emirate', names: { en: name, ar: name_ar }, also: alsoOf.get(fold(name)) ?? [], state_id: id, community: null, query, page: null, counts: queryCounts(sources, query) });
    yield;
  }
  return counted;
}

/** The cities, communities and sub-communities of every source, once each per emirate, each counted (a step each). */
function* places(sources: SuggestSources): Steps<Suggestible[]> {
  const found = new Map<string, Suggestible>();
  const arabicOf = new Map<string, string>();
  const place = (type: 'city' | 'community' | 'sub_community', state: EmirateCode | '', name: string, arabic: string | undefined, community?: string) => {
    if (!name.trim()) return;
    if (arabic?.trim() && arabic !== name) arabicOf.set(fold(name), arabic.trim());
    const key = [type, state, fold(name), fold(community ?? '')].join('|');
    if (found.has(key)) return;
    found.set(key, {
      type, names: { en: name.trim(), ar: '' }, also: alsoOf.get(fold(name)) ?? [], state_id: state || null,
      community: community ? { en: community.trim(), ar: '' } : null, query: queryOf({ state_id: state, location: name.trim() }), page: null, counts: noCounts(),
    });
  };
  yield* mapInSteps(sources.catalogues.flatMap((catalogue) => catalogue.places), (source) => {
    place('city', source.state_id, source.city, source.arabic?.city);
    place('community', source.state_id, source.community, source.arabic?.community);
    if (source.sub_community && fold(source.sub_community) !== fold(source.community)) place('sub_community', source.state_id, source.sub_community, source.arabic?.sub_community, source.community);
  });
  const guides = new Map([...sources.areaGuides].map(([community, slug]) => [fold(community), slug]));
  const guideOf = (item: Suggestible) => (item.type === 'community' ? guides.get(fold(item.names.en)) : undefined);
  const counted: Suggestible[] = [];
  for (const item of found.values()) {
    const guide = guideOf(item);
    counted.push({
      ...item,
      // A community with an area guide opens it; its query still selects its homes.
      page: guide ? { kind: 'area-guide', slug: guide } : null,
      names: { en: item.names.en, ar: arabicOf.get(fold(item.names.en)) ?? '' },
      community: item.community && { en: item.community.en, ar: arabicOf.get(fold(item.community.en)) ?? '' },
      counts: queryCounts(sources, item.query!),
    });
    yield;
  }
  return counted;
}

/** Who builds each catalogue's items, each counted in that catalogue alone (a developer's homes are the projects'). */
function* developers(sources: SuggestSources): Steps<Suggestible[]> {
  const counted: Suggestible[] = [];
  for (const { name: catalogue, developers: built } of sources.catalogues) {
    counted.push(...(yield* mapInSteps(built, ({ id, name, slug }): Suggestible => {
      const query = queryOf({ developer_id: String(id) });
      return {
        type: 'developer', names: { en: name, ar: '' }, also: alsoOf.get(fold(name)) ?? [], state_id: null, community: null, query, page: { kind: 'developer', slug },
        counts: queryCounts(sources, query, catalogue),
      };
    })));
  }
  return counted;
}

/** The items with a page of their own (projects, listings), catalogue by catalogue, each counted under its part. */
function* items(sources: SuggestSources): Steps<Suggestible[]> {
  const made: Suggestible[] = [];
  for (const { name: catalogue, items: held } of sources.catalogues) {
    const part = yield* mapInSteps(held, ({ type, names, slug, fields }): Suggestible => ({
      type, names: { ...names }, also: [], state_id: null, community: null, query: null, page: { kind: type, slug }, counts: oneItem(catalogue, fields),
    }));
    for (const item of part) made.push(item);
  }
  return made;
}

/** Everything the box may suggest, in the groups' order; those with nothing behind them left out. */
export const suggestiblesOf = (sources: SuggestSources): Suggestible[] => runSteps(suggestiblesBuild(sources));

/** The same in steps (a count of a place is one). */
export function* suggestiblesBuild(sources: SuggestSources): Steps<Suggestible[]> {
  const counted = [...(yield* emirates(sources)), ...(yield* places(sources))];
  yield;
  const all = [...counted, ...(yield* developers(sources)), ...(yield* items(sources))];
  yield;
  return all.filter((item) => homesBehind(item.counts) > 0);
}

