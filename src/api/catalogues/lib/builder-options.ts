/**
 * The options of the shared controls in the editors' query builder (decision 227), labelled in `locale`:
 * the emirates, and the property types in the words the service writes in that language.
 */
import type { Locale } from '../../../lib/locale';
import { CATALOGUE_WORDS } from './catalogue-words';
import { PROPERTY_TYPES } from './options';
import type { BuilderOption } from './registry';
import { stateOptions } from './state-counts';

export const sharedBuilderOptions = (locale: Locale): Record<'state_id' | 'property_type', BuilderOption[]> => ({
  state_id: stateOptions(locale).map(({ id, name }) => ({ value: id, label: name })),
  property_type: PROPERTY_TYPES.map((value) => ({ value, label: CATALOGUE_WORDS[locale].cardWords[value] ?? value })),
});
