/**
 * What the editors' query builder shows for a page section of one catalogue (decision 227), pure: the
 * catalogue's controls less the parameters the section sets itself, each with its options labelled; and
 * one of the catalogue's cards as the builder shows it beside the count.
 */
import type { BuilderControl, BuilderOption, ControlShape } from '../../../lib/catalogue/query-controls';

/** A control as the field draws it: a list's options with their labels (the value itself where none is given). */
export type FormControl = ControlShape & { options?: readonly BuilderOption[]; words?: true };

const namesOf = (control: BuilderControl): readonly string[] => (control.kind === 'range' ? control.names : [control.name]);

export function queryForm(controls: readonly BuilderControl[], options: Readonly<Record<string, readonly BuilderOption[]>>, setBySection: readonly string[]): FormControl[] {
  return controls
    .filter((control) => namesOf(control).every((name) => !setBySection.includes(name)))
    .map(({ options: offered, ...control }): FormControl => {
      const labelled = control.kind === 'range' ? undefined : options[control.name];
      if (!offered) return labelled ? { ...control, options: labelled } : control;
      const labels = new Map((labelled ?? []).map((option) => [option.value, option.label]));
      return { ...control, options: offered.map((value) => ({ value, label: labels.get(value) ?? value })) };
    });
}

/** A card as the builder shows it: its name (or title), its image and its price as the listing writes it. */
export interface PreviewCard {
  name: string;
  image: string | null;
  price: string | null;
}

/** What the builder shows for one section: its catalogue, its controls and what its query selects (or the listing's refusal). */
export interface QueryPreview {
  /** The catalogue as the section spells it (`off_plan`, `sale`), and its name in the registry (`projects`). */
  catalogue: string;
  name: string;
  controls: FormControl[];
  /** The listing's refusal, as a save shows it; null when the query reads. */
  refused: string | null;
  errors: Readonly<Record<string, string[]>> | null;
  /** How many items the query selects (null when refused), and the first cards. */
  total: number | null;
  cards: PreviewCard[];
}

const textOr = (value: unknown, fallback: string | null): string | null => (typeof value === 'string' && value !== '' ? value : fallback);

export function previewCard(card: unknown): PreviewCard {
  const fields = (card ?? {}) as Record<string, unknown>;
  const price = fields.price as { formatted?: unknown } | null | undefined;
  return { name: textOr(fields.name, null) ?? textOr(fields.title, '')!, image: textOr(fields.image, null), price: textOr(price?.formatted, null) };
}
