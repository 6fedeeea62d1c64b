/**
 * The editors' custom fields (decision 227), named once for the server (which stores each as its type:
 * what the field stored before, so the API is unchanged) and for the admin (which draws each). A schema
 * names one as `global::<name>`.
 */
import type { PickKind } from './picks';

export interface EditorField {
  name: string;
  type: 'string';
  inputSize?: { default: 4 | 6 | 8 | 12; isResizable: boolean };
  /** A picker's kind of pick. */
  pick?: PickKind;
}

export const EDITOR_FIELDS = {
  // The whole width of the form: its controls and preview side by side need it.
  listingQuery: { name: 'listing-query', type: 'string', inputSize: { default: 12, isResizable: true } },
  projectPicker: { name: 'project-picker', type: 'string', pick: 'project' },
  listingPicker: { name: 'listing-picker', type: 'string', pick: 'listing' },
  developerPicker: { name: 'developer-picker', type: 'string', pick: 'developer' },
  communityPicker: { name: 'community-picker', type: 'string', pick: 'community' },
} as const satisfies Record<string, EditorField>;

/** The pickers: each field storing one kind of pick (lib/picks.ts). */
export const PICKER_FIELDS: ReadonlyArray<EditorField & { pick: PickKind }> = Object.values(EDITOR_FIELDS).filter((field): field is Extract<typeof field, { pick: PickKind }> => 'pick' in field);

export const fieldUid = (field: { name: string }) => `global::${field.name}`;

/** The kind a picker field stores, by the `customField` its schema names; undefined for another field. */
export const pickOfField = (customField: unknown): PickKind | undefined => PICKER_FIELDS.find((field) => fieldUid(field) === customField)?.pick;
