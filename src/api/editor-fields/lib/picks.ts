/**
 * What the editors' pickers offer as an editor types (decision 227), pure: the search box's suggestions
 * (its index, its matching of typos and Arabic) as picks, each with the value its field stores, what an
 * editor tells it by, and how many items of the section's catalogue are behind it.
 */

/** What a pick reads of one of the search box's suggestions (fields of its answer, `SuggestionBody`); the admin reads this file too. */
interface Suggestion {
  label: string;
  community: string | null;
  state_name: string | null;
  counts: Readonly<Record<string, number>>;
  query: string | null;
}

export interface Pick {
  /** What the field stores: a place's `location`, a project's id, a listing's reference, a developer's slug, a community's name. */
  value: string;
  label: string;
  /** Where it is or who builds it, in the editor's language. */
  detail: string | null;
  /** The items behind it in the catalogue asked about (every catalogue's when none is). */
  count: number;
}

/** The items behind a suggestion in `catalogue` (a section's spelling), or in all. */
const countIn = (suggestion: Suggestion, catalogue: string | undefined): number =>
  catalogue !== undefined && catalogue in suggestion.counts ? suggestion.counts[catalogue] : Object.values(suggestion.counts).reduce((sum, count) => sum + count, 0);

/** A place's suggestion as the Location control's pick: the `location` its query selects it by. */
export function placePick(suggestion: Suggestion, catalogue: string | undefined): Pick | undefined {
  const location = suggestion.query && new URLSearchParams(suggestion.query).get('location');
  if (!location) return undefined;
  const detail = [suggestion.community, suggestion.state_name].filter(Boolean).join(' · ') || null;
  return { value: location, label: suggestion.label, detail, count: countIn(suggestion, catalogue) };
}
