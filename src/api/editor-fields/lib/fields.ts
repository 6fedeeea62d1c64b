/**
 * The editors' custom fields (decision 227), named once for the server (which stores each as its type:
 * what the field stored before, so the API is unchanged) and for the admin (which draws each). A schema
 * names one as `global::<name>`.
 */
export const EDITOR_FIELDS = {
  // The whole width of the form: its controls and preview side by side need it.
  listingQuery: { name: 'listing-query', type: 'string', inputSize: { default: 12, isResizable: true } },
} as const;

export const fieldUid = (field: { name: string }) => `global::${field.name}`;
