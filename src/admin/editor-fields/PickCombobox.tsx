/**
 * A picker's box: the editor types a few letters and picks from the search box's suggestions of one kind
 * (typos and Arabic as the box allows), each with its image, where it is or who builds it, and how many
 * items are behind it. The pick stores what the field always stored (a place's name as the feed spells
 * it, a project's id, a listing's reference, a developer's slug).
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Combobox, ComboboxOption, Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import type { Pick, PickKind } from '../../api/editor-fields/lib/picks';
import { useEditedEntry } from './edited-entry';
import { PICK_HINTS, sentence } from './messages';

const SETTLE_MS = 200;

interface PickComboboxProps {
  kind: PickKind;
  label: string;
  value: string;
  /** What the box shows for the value held (an item's name), when not the value itself. */
  shown?: string;
  disabled?: boolean;
  hasError?: boolean;
  /** The section's catalogue, whose items each pick counts. */
  catalogue?: string;
  onValue(value: string): void;
}

function PickOption({ pick }: { pick: Pick }) {
  return (
    <Flex gap={2}>
      {pick.image ? <img src={pick.image} alt="" width={40} height={28} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null}
      <Flex direction="column" alignItems="flex-start">
        <Typography>{pick.label}</Typography>
        <Typography variant="pi" textColor="neutral600">{[pick.detail, `(${pick.count})`].filter(Boolean).join(' · ')}</Typography>
      </Flex>
    </Flex>
  );
}

export function PickCombobox({ kind, label, value, shown, disabled, hasError, catalogue, onValue }: PickComboboxProps) {
  const { formatMessage } = useIntl();
  const { get } = useFetchClient();
  const { model, language } = useEditedEntry();
  const held = shown ?? value;
  const [typed, setTyped] = useState(held);
  const [picks, setPicks] = useState<Pick[]>([]);
  // Opened when suggestions arrive, not only on a key press: text pasted or typed through an input method opens it too.
  const [open, setOpen] = useState(false);

  useEffect(() => setTyped(held), [held]);

  useEffect(() => {
    if (typed.trim() === '' || typed === held) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ model, kind, q: typed, language, ...(catalogue ? { catalogue } : {}) });
      get<{ data: Pick[] }>(`/editor-fields/picks?${params}`).then(
        ({ data }) => {
          if (!current) return;
          setPicks(data.data);
          setOpen(data.data.length > 0);
        },
        () => current && setPicks([]),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed, held, model, kind, language, catalogue, get]);

  return (
    <Combobox
      aria-label={label}
      placeholder={formatMessage(sentence(PICK_HINTS[kind]))}
      value={value || undefined}
      textValue={typed}
      onTextValueChange={setTyped}
      open={open}
      onOpenChange={setOpen}
      onChange={(picked?: string) => picked !== undefined && onValue(picked)}
      onClear={() => onValue('')}
      disabled={disabled}
      hasError={hasError}
      autocomplete="none"
    >
      {picks.map((pick) => (
        <ComboboxOption key={pick.value} value={pick.value} textValue={pick.label}>
          <PickOption pick={pick} />
        </ComboboxOption>
      ))}
    </Combobox>
  );
}
