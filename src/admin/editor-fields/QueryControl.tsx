/**
 * One control of the Listing query field, drawn by its shape: a list to pick one from (the emirate, the
 * developer, the order), several to tick (bedrooms, property types), a range's two ends, a place typed
 * with the search box's suggestions, or a text.
 */
import { useIntl } from 'react-intl';
import { Box, Field, Flex, MultiSelect, MultiSelectOption, NumberInput, SingleSelect, SingleSelectOption, TextInput } from '@strapi/design-system';
import type { ControlValue } from '../../lib/catalogue/query-controls';
import type { FormControl } from '../../api/editor-fields/lib/query-form';
import { paramLabel, sentence } from './messages';
import { PickCombobox } from './PickCombobox';

interface ControlProps {
  control: FormControl;
  value: ControlValue | undefined;
  disabled?: boolean;
  /** The section's catalogue, whose items a place's pick counts. */
  catalogue: string;
  onValue(value: ControlValue): void;
}

const numberOf = (text: string | undefined) => (text ? Number(text) : undefined);

function RangeControl({ names, value, disabled, onValue }: { names: readonly string[]; value: readonly string[]; disabled?: boolean; onValue(value: ControlValue): void }) {
  const { formatMessage } = useIntl();
  const ends = [sentence('from'), sentence('to')];
  return (
    <Flex gap={2}>
      {names.map((end, i) => (
        <Box key={end} width="10rem">
          <NumberInput
            aria-label={`${formatMessage(paramLabel(names[0]))}: ${formatMessage(ends[i])}`}
            placeholder={formatMessage(ends[i])}
            name={end}
            value={numberOf(value[i])}
            disabled={disabled}
            onValueChange={(next) => onValue(value.map((text, at) => (at === i ? (next === undefined ? '' : String(next)) : text)))}
          />
        </Box>
      ))}
    </Flex>
  );
}

function ControlInput({ control, value, disabled, catalogue, onValue }: ControlProps) {
  const { formatMessage } = useIntl();
  const label = formatMessage(paramLabel(control.kind === 'range' ? control.names[0] : control.name));
  if (control.kind === 'range') return <RangeControl names={control.names} value={(value as readonly string[]) ?? ['', '']} disabled={disabled} onValue={onValue} />;
  if (control.kind === 'many') {
    return (
      <MultiSelect aria-label={label} placeholder={formatMessage(sentence('any'))} value={[...((value as readonly string[]) ?? [])]} disabled={disabled} withTags onChange={(next: string[]) => onValue(next)} onClear={() => onValue([])}>
        {control.options!.map((option) => (
          <MultiSelectOption key={option.value} value={option.value}>
            {option.label}
          </MultiSelectOption>
        ))}
      </MultiSelect>
    );
  }
  const text = (value as string) ?? '';
  if (control.options) {
    return (
      <SingleSelect aria-label={label} placeholder={formatMessage(sentence(control.name === 'sort' ? 'defaultOrder' : 'any'))} value={text || null} disabled={disabled} onChange={(next) => onValue(String(next))} onClear={() => onValue('')}>
        {control.options.map((option) => (
          <SingleSelectOption key={option.value} value={option.value}>
            {option.label}
          </SingleSelectOption>
        ))}
      </SingleSelect>
    );
  }
  if (control.words) return <PickCombobox kind="place" label={label} value={text} disabled={disabled} catalogue={catalogue} onValue={onValue} />;
  return <TextInput aria-label={label} value={text} disabled={disabled} onChange={(event: React.ChangeEvent<HTMLInputElement>) => onValue(event.target.value)} />;
}

export function QueryControl(props: ControlProps) {
  const { formatMessage } = useIntl();
  const { control } = props;
  const key = control.kind === 'range' ? control.names[0] : control.name;
  return (
    <Box minWidth="14rem" data-testid={`control-${key}`}>
      <Field.Root name={key}>
        <Field.Label>{formatMessage(paramLabel(key))}</Field.Label>
        <ControlInput {...props} />
      </Field.Root>
    </Box>
  );
}
