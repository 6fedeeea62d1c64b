/**
 * What the search box may suggest of a catalogue (decision 215), made from one build of its index by what
 * the catalogue says of each of its items: its place, a page of its own, who built it. Pure.
 */
import { mapInSteps, type Steps } from '../../../lib/catalogue/steps';
import type { Locale } from '../../../lib/locale';
import type { CataloguePlace, CatalogueSuggestibles, SuggestibleItemType } from './registry';

/** A builder of a catalogue's items; an id of 0 (a feed's missing developer) is none. */
export interface SuggestibleBuilder {
  id: number;
  name: string;
  slug: string;
}

/** What a catalogue says of its item at `position` in its index, for the box. */
export interface SuggestibleParts<I> {
  /** The kind of page an item opens. */
  type: SuggestibleItemType;
  place(item: I): CataloguePlace;
  names(item: I): Readonly<Record<Locale, string>>;
  slug(position: number): string;
  /** The fields saying which spelling of its catalogue it is in (`purpose`); none: its only one. */
  fields?(item: I): Readonly<Record<string, unknown>>;
  /** Who built it, for a catalogue whose builders have pages. */
  builder?(item: I): SuggestibleBuilder;
}

const NO_FIELDS: Readonly<Record<string, unknown>> = {};

/**
 * The box's sources of `items` (in their index's order), told apart by `parts` and counted by `count`, in
 * steps: at 22,000 items made at once they held the visitors' loop for tens of milliseconds (decision 237).
 */
export function* suggestiblesOf<I>(items: readonly I[], parts: SuggestibleParts<I>, count: (query: string) => number): Steps<CatalogueSuggestibles> {
  const builders = new Map<number, SuggestibleBuilder>();
  const { builder } = parts;
  if (builder) {
    yield* mapInSteps(items, (item) => {
      const made = builder(item);
      if (made.id && !builders.has(made.id)) builders.set(made.id, made);
    });
  }
  const places = yield* mapInSteps(items, (item) => parts.place(item));
  const held = yield* mapInSteps(items, (item, i) => ({ type: parts.type, names: parts.names(item), slug: parts.slug(i), fields: parts.fields?.(item) ?? NO_FIELDS }));
  return { places, developers: [...builders.values()], items: held, count };
}

/** What the box suggests of a catalogue with no build held here. */
// eslint-disable-next-line require-yield
export function* noSuggestibles(): Steps<CatalogueSuggestibles> {
  return { places: [], developers: [], items: [], count: () => 0 };
}
