/**
 * The Project, Listing, Developer and Community fields (custom fields `global::*-picker`, decision 227):
 * a box to pick from as the search box suggests, storing what the field always stored. A project or
 * listing the field holds is shown as its card shows it now, or, once the feed no longer has it, said so
 * plainly with the day it left (when known); its value is kept until the editor picks another.
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Field, Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { pickOfField } from '../../api/editor-fields/lib/fields';
import { holdsItem, type Pick, type PickKind } from '../../api/editor-fields/lib/picks';
import { useEditedEntry, type FieldProps } from './edited-entry';
import { PickCombobox } from './PickCombobox';
import { sentence } from './messages';

type Held = { value: string; pick: Pick | null; leftAt: string | null } | undefined;

/** The project or listing `value` names, as its card shows it now (null: gone from the feed); the other kinds show their value. */
function useHeld(kind: PickKind, value: string): Held {
  const { get } = useFetchClient();
  const { model, language } = useEditedEntry();
  const [held, setHeld] = useState<Held>();
  const shownByCard = holdsItem(kind);
  useEffect(() => {
    if (!shownByCard || value === '') return undefined;
    let current = true;
    get<{ data: Pick | null; meta: { left_at: string | null } }>(`/editor-fields/picked?${new URLSearchParams({ model, kind, value, language })}`).then(
      ({ data }) => current && setHeld({ value, pick: data.data, leftAt: data.meta.left_at }),
      () => current && setHeld(undefined),
    );
    return () => {
      current = false;
    };
  }, [shownByCard, value, model, kind, language, get]);
  return held?.value === value ? held : undefined;
}

export function PickerField({ name, value, onChange, label, hint, error, disabled, required, attribute }: FieldProps) {
  const { formatMessage, formatDate } = useIntl();
  const kind = pickOfField(attribute.customField) ?? 'community';
  const text = typeof value === 'string' ? value : '';
  const held = useHeld(kind, text);
  return (
    <Field.Root name={name} hint={hint} error={error} required={required}>
      <Flex direction="column" alignItems="stretch" gap={1} data-testid={`picker-${name}`}>
        <Field.Label>{label}</Field.Label>
        <PickCombobox kind={kind} label={typeof label === 'string' ? label : name} value={text} shown={held?.pick?.label} disabled={disabled} hasError={!!error} onValue={(next) => onChange(name, next)} />
        {held && !held.pick ? (
          <Typography variant="pi" textColor="warning600" data-testid="picker-gone">
            {held.leftAt
              ? formatMessage(sentence('goneSince'), { value: text, date: formatDate(held.leftAt, { dateStyle: 'long' }) })
              : formatMessage(sentence('gone'), { value: text })}
          </Typography>
        ) : null}
        {held?.pick?.detail ? <Typography variant="pi" textColor="neutral600">{held.pick.detail}</Typography> : null}
        <Field.Hint />
        <Field.Error />
      </Flex>
    </Field.Root>
  );
}

export default PickerField;
