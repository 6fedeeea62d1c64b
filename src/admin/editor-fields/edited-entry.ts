/**
 * What an editor's field reads of the entry around it in the Content Manager: the content type being
 * edited and the language of the version open (both from the address, as the edit view has them), the
 * admin's own language, and the fields beside it in its component (a section's catalogue).
 */
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { useForm } from '@strapi/strapi/admin';

/** What the Content Manager hands a custom field's Input (Strapi 5.54.0): its path, value and setter, and its attribute. */
export interface FieldProps {
  name: string;
  value?: unknown;
  onChange(path: string, value: unknown): void;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  attribute: { customField?: string };
}

export interface EditedEntry {
  model: string;
  /** The language of the version being edited: what the page shows. */
  locale: string;
  /** The admin's language: what the editor reads. */
  language: string;
}

export function useEditedEntry(): EditedEntry {
  const { slug } = useParams<{ slug?: string }>();
  const { search } = useLocation();
  const { locale } = useIntl();
  return { model: slug ?? '', locale: new URLSearchParams(search).get('plugins[i18n][locale]') ?? 'en', language: locale.startsWith('ar') ? 'ar' : 'en' };
}

type Values = Record<string, unknown>;

/** The value at a field's path in the form's values (`sections.2.query`). */
function valueAt(values: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Values)[key] : undefined), values);
}

/** The fields of the component (or entry) holding the field `name`. */
export function useSiblings(name: string): Values {
  const path = name.split('.').slice(0, -1);
  return (useForm('EditorField', (state) => valueAt(state.values, path)) ?? {}) as Values;
}
