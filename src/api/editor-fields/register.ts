/** The editors' custom fields on the server: Strapi reads a schema's `customField` only once they are registered. */
import type { Core } from '@strapi/strapi';
import { EDITOR_FIELDS, type EditorField } from './lib/fields';

export function registerEditorFields(strapi: Core.Strapi): void {
  strapi.customFields.register(Object.values(EDITOR_FIELDS as Record<string, EditorField>).map(({ name, type, inputSize }) => ({ name, type, inputSize })));
}
