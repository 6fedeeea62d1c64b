/**
 * The editors' custom fields (decision 227), named once for the server (which stores each as its type:
 * what the field stored before, so the API is unchanged) and for the admin (which draws each). A schema
 * names one as `global::<name>`.
 */
import type { PickKind } from './picks';

export interface EditorField {
  name: string;
  /** Its column: text where a value may be longer than a VARCHAR(255) holds. */
  type: 'string' | 'text';
  inputSize?: { default: 4 | 6 | 8 | 12; isResizable: boolean };
  /** A picker's kind of pick. */
  pick?: PickKind;
  /** What the admin calls a picker in the field list. */
  label?: string;
}

export const EDITOR_FIELDS = {
  // The whole width of the form: its controls and preview side by side need it.
  listingQuery: { name: 'listing-query', type: 'text', inputSize: { default: 12, isResizable: true } },
  projectPicker: { name: 'project-picker', type: 'string', pick: 'project', label: 'Project' },
  listingPicker: { name: 'listing-picker', type: 'string', pick: 'listing', label: 'Listing' },
  developerPicker: { name: 'developer-picker', type: 'string', pick: 'developer', label: 'Developer' },
  developerNamePicker: { name: 'developer-name-picker', type: 'string', pick: 'developer_name', label: 'Developer name' },
  communityPicker: { name: 'community-picker', type: 'string', pick: 'community', label: 'Community' },
} as const satisfies Record<string, EditorField>;

/** The pickers: each field storing one kind of pick (lib/picks.ts). */
export const PICKER_FIELDS: ReadonlyArray<EditorField & { pick: PickKind; label: string }> = Object.values(EDITOR_FIELDS).filter((field): field is Extract<typeof field, { pick: PickKind; label: string }> => 'pick' in field);

export const fieldUid = (field: { name: string }) => `global::${field.name}`;

/** The kind a picker field stores, by the `customField` its schema names; undefined for another field. */
export const pickOfField = (customField: unknown): PickKind | undefined => PICKER_FIELDS.find((field) => fieldUid(field) === customField)?.pick;
