/**
 * The Listing query field (custom field `global::listing-query`, decision 227): the section's catalogue's
 * filters as controls, and beside them how many projects or homes they select with the first three
 * cards, as the page will show them. The stored value is the query string the section always stored:
 * a control the editor changes rewrites only its own parameter (src/lib/catalogue/query-controls.ts), so
 * a page opened and saved untouched keeps its query to the byte. A query written by hand that the
 * controls cannot show stays text, with the listing's refusal when it has one.
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Field, Flex, Textarea, Typography } from '@strapi/design-system';
import { queryWith, shownQuery, type ControlValue, type ShownQuery } from '../../lib/catalogue/query-controls';
import type { FormControl } from '../../api/editor-fields/lib/query-form';
import { useEditedEntry, useSiblings, type FieldProps } from './edited-entry';
import { QueryControl } from './QueryControl';
import { PreviewPanel } from './PreviewPanel';
import { usePreview } from './use-preview';
import { paramRank, sentence } from './messages';

const keyOf = (control: FormControl) => (control.kind === 'range' ? control.names[0] : control.name);

/** Whether every value of `shown` is one its control can show: no parameter without a control, no option it does not offer. */
function showable(controls: readonly FormControl[], shown: ShownQuery): boolean {
  if (shown.unshown.length) return false;
  return controls.every((control) => {
    const value = shown.values[keyOf(control)];
    if (!control.options) return true;
    const offered = new Set(control.options.map((option) => option.value));
    return control.kind === 'many' ? (value as readonly string[]).every((item) => offered.has(item)) : value === '' || offered.has(value as string);
  });
}

export function ListingQueryInput({ name, value, onChange, label, hint, error, disabled, required }: FieldProps) {
  const { formatMessage } = useIntl();
  const entry = useEditedEntry();
  const siblings = useSiblings(name);
  const query = typeof value === 'string' ? value : '';
  const preview = usePreview({ ...entry, component: String(siblings.__component ?? ''), purpose: siblings.purpose, catalogue: siblings.catalogue, query });
  // Decided once, from the query the field opened with: the controls never turn into text under an editor's hands.
  const [asText, setAsText] = useState<boolean>();
  const controls = preview.data?.controls;
  const shown = controls && shownQuery(controls, query);
  const canShow = !!controls && !!shown && showable(controls, shown);

  useEffect(() => {
    if (asText === undefined && preview.data) setAsText(query !== '' && (!canShow || preview.data.refused !== null));
  }, [asText, preview.data, canShow, query]);

  const set = (key: string, next: ControlValue) => controls && onChange(name, queryWith(controls, query, { [key]: next }));

  return (
    <Field.Root name={name} hint={hint} error={error} required={required}>
      <Flex direction="column" alignItems="stretch" gap={3} data-testid={`listing-query-${name}`}>
        <Field.Label>{label}</Field.Label>
        {asText || !controls || !shown ? (
          <Flex direction="column" alignItems="stretch" gap={2}>
            <Textarea value={query} disabled={disabled} onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => onChange(name, event.target.value)} />
            {asText ? <Typography variant="pi" textColor="neutral600">{formatMessage(sentence('asText'))}</Typography> : null}
            {asText && canShow ? (
              <Box>
                <Button variant="tertiary" size="S" onClick={() => setAsText(false)}>
                  {formatMessage(sentence('useControls'))}
                </Button>
              </Box>
            ) : null}
          </Flex>
        ) : (
          <Flex wrap="wrap" gap={3} alignItems="flex-start">
            {[...controls].sort((a, b) => paramRank(keyOf(a)) - paramRank(keyOf(b))).map((control) => (
              <QueryControl key={keyOf(control)} control={control} value={shown.values[keyOf(control)]} disabled={disabled} catalogue={preview.data!.catalogue} onValue={(next) => set(keyOf(control), next)} />
            ))}
          </Flex>
        )}
        <PreviewPanel preview={preview} />
        <Field.Hint />
        <Field.Error />
      </Flex>
    </Field.Root>
  );
}

export default ListingQueryInput;
