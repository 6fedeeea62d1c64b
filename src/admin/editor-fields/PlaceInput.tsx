/**
 * The Location control: the editor types a few letters and picks a city or community from the search
 * box's suggestions (typos and Arabic as the box allows), each with where it is and how many of the
 * section's items are there. The pick stores the place's name as the feed spells it.
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Combobox, ComboboxOption } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import type { Pick } from '../../api/editor-fields/lib/picks';
import { useEditedEntry } from './edited-entry';
import { sentence } from './messages';

const SETTLE_MS = 200;

interface PlaceInputProps {
  label: string;
  value: string;
  disabled?: boolean;
  language: string;
  catalogue?: string;
  onValue(value: string): void;
}

export function PlaceInput({ label, value, disabled, language, catalogue, onValue }: PlaceInputProps) {
  const { formatMessage } = useIntl();
  const { get } = useFetchClient();
  const { model } = useEditedEntry();
  const [typed, setTyped] = useState(value);
  const [picks, setPicks] = useState<Pick[]>([]);

  useEffect(() => setTyped(value), [value]);

  useEffect(() => {
    if (typed.trim() === '' || typed === value) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ model, q: typed, language, ...(catalogue ? { catalogue } : {}) });
      get<{ data: Pick[] }>(`/editor-fields/places?${params}`).then(
        ({ data }) => current && setPicks(data.data),
        () => current && setPicks([]),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed, value, model, language, catalogue, get]);

  return (
    <Combobox
      aria-label={label}
      placeholder={formatMessage(sentence('placeHint'))}
      value={value || undefined}
      textValue={typed}
      onTextValueChange={setTyped}
      onChange={(picked?: string) => picked !== undefined && onValue(picked)}
      onClear={() => onValue('')}
      disabled={disabled}
      autocomplete="none"
    >
      {picks.map((pick) => (
        <ComboboxOption key={pick.value} value={pick.value} textValue={pick.value}>
          {[pick.label, pick.detail, `(${pick.count})`].filter(Boolean).join(' · ')}
        </ComboboxOption>
      ))}
    </Combobox>
  );
}
