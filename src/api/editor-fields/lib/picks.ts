/**
 * What the editors' pickers offer as an editor types (decision 227), pure: the search box's suggestions
 * (its index, its matching of typos and Arabic) as picks of one kind, each with the value its field
 * stores, what an editor tells it by, and how many items are behind it. A kind is data: the box's groups
 * it reads and the value a suggestion gives.
 */

/** What a pick reads of one of the search box's suggestions (fields of its answer, `SuggestionBody`); the admin reads this file too. */
export interface Suggestion {
  label: string;
  community: string | null;
  state_name: string | null;
  counts: Readonly<Record<string, number>>;
  query: string | null;
  page: { slug: string } | null;
}

export interface Pick {
  /** What the field stores: a place's `location`, a community's name, a developer's slug, a project's id, a listing's reference. */
  value: string;
  label: string;
  /** Where it is or who builds it, in the editor's language. */
  detail: string | null;
  image: string | null;
  /** The items behind it (in the catalogue asked about, when one is). */
  count: number;
}

/**
 * What a field of a kind stores: a value the suggestion gives (null when it gives none), or an item's key
 * (a project's id, a listing's reference), which the catalogue favouriting items of that kind reads from
 * the item's page slug and shows with its card.
 */
type Stored = { own: (suggestion: Suggestion) => string | null } | { itemSlug: true };

const locationOf = (suggestion: Suggestion) => (suggestion.query && new URLSearchParams(suggestion.query).get('location')) || null;

/** Each kind of pick: the search box's groups it offers, and what a field of that kind stores. */
export const PICK_KINDS = {
  /** A section's Location: a city or a community, as its query names it. */
  place: { groups: ['cities', 'communities'], stored: { own: locationOf } },
  /** An area's community, as the feed names it. */
  community: { groups: ['communities'], stored: { own: locationOf } },
  developer: { groups: ['developers'], stored: { own: (suggestion) => suggestion.page?.slug ?? null } },
  /**
   * A developer as the feed names it: what a lead routing rule matches a lead's developer by. The box
   * knows developers by that name alone (no Arabic one), so it is the label in either language.
   */
  developer_name: { groups: ['developers'], stored: { own: (suggestion) => suggestion.label || null } },
  project: { groups: ['projects'], stored: { itemSlug: true } },
  listing: { groups: ['listings'], stored: { itemSlug: true } },
} as const satisfies Record<string, { groups: readonly string[]; stored: Stored }>;

export type PickKind = keyof typeof PICK_KINDS;

export const isPickKind = (kind: unknown): kind is PickKind => typeof kind === 'string' && Object.hasOwn(PICK_KINDS, kind);

/** Whether a field of `kind` holds a catalogue's item (a project, a listing), shown by its card and possibly gone from the feed. */
export const holdsItem = (kind: PickKind): boolean => 'itemSlug' in PICK_KINDS[kind].stored;

/** The items behind a suggestion in `catalogue` (a section's spelling), or in all. */
const countIn = (suggestion: Suggestion, catalogue: string | undefined): number =>
  catalogue !== undefined && catalogue in suggestion.counts ? suggestion.counts[catalogue] : Object.values(suggestion.counts).reduce((sum, count) => sum + count, 0);

/** A suggestion as a pick storing `value`, its detail where it is (a sub-community's community, the emirate). */
export function pickOf(suggestion: Suggestion, value: string, catalogue?: string): Pick {
  const detail = [suggestion.community, suggestion.state_name].filter(Boolean).join(' · ') || null;
  return { value, label: suggestion.label, detail, image: null, count: countIn(suggestion, catalogue) };
}

/** A pick of an item with what its listing's card shows: its image, and its price beside where it is. */
export function withCard(pick: Pick, card: { name: string; image: string | null; price: string | null }): Pick {
  return { ...pick, label: card.name || pick.label, image: card.image, detail: [pick.detail, card.price].filter(Boolean).join(' · ') || null };
}
