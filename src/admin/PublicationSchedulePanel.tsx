/**
 * "Schedule" beside an entry with Draft & Publish in the Content Manager (zone editView.right-links): the
 * publications and unpublications scheduled for the entry in the locale being edited, a date and time in
 * the editor's own time zone, and buttons to schedule either or cancel one still to run. The service
 * runs it on time (src/lib/publication-schedule). Reads and writes /publication-schedule (admin API).
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Badge, Box, Button, Field, Flex, TextInput, Typography } from '@strapi/design-system';
import { useFetchClient, useNotification } from '@strapi/strapi/admin';
import type { EntrySchedule, ScheduleView } from '../lib/publication-schedule/view';
import { errorMessage, fieldError } from './error-message';

const ACTION_LABELS: Record<ScheduleView['action'], string> = { publish: 'Publish', unpublish: 'Unpublish' };

const STATUS: Record<ScheduleView['status'], { label: string; variant: 'success' | 'secondary' | 'warning' | 'danger' }> = {
  scheduled: { label: 'Scheduled', variant: 'secondary' },
  done: { label: 'Done', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
  cancelled: { label: 'Cancelled', variant: 'warning' },
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });


/** The entry the edit view shows: its type, its document (none for a single type) and the locale being edited. */
function useEntry(slug: string | undefined) {
  const { id } = useParams<{ id?: string }>();
  const { search } = useLocation();
  const locale = new URLSearchParams(search).get('plugins[i18n][locale]') ?? 'en';
  const shown = !!slug && slug.startsWith('api::') && id !== 'create';
  return { shown, query: new URLSearchParams({ uid: slug ?? '', documentId: id ?? '', locale }).toString(), uid: slug ?? '', documentId: id ?? '', locale };
}

function ScheduleRow({ row, canCancel, onCancel }: { row: ScheduleView; canCancel: boolean; onCancel: (id: number) => Promise<void> }) {
  const status = STATUS[row.status];
  return (
    <Flex direction="column" alignItems="stretch" gap={1} data-testid={`schedule-${row.id}`}>
      <Flex justifyContent="space-between" gap={2}>
        <Typography fontWeight="semiBold">{`${ACTION_LABELS[row.action]} · ${when(row.run_at)}`}</Typography>
        <Badge variant={status.variant}>{status.label}</Badge>
      </Flex>
      {row.last_error ? <Typography variant="pi" textColor="danger600">{row.last_error}</Typography> : null}
      {row.status === 'scheduled' && canCancel ? (
        <Button variant="tertiary" size="S" onClick={() => onCancel(row.id)}>
          Cancel
        </Button>
      ) : null}
    </Flex>
  );
}

export function PublicationSchedulePanel({ slug }: { slug?: string }) {
  const entry = useEntry(slug);
  const { get, post, del } = useFetchClient();
  const { toggleNotification } = useNotification();
  const [state, setState] = useState<EntrySchedule | 'unavailable'>();
  const [at, setAt] = useState('');
  /** The service's reason for refusing the date and time last sent (a 422 on `at`), shown under the field. */
  const [atError, setAtError] = useState<string>();

  const load = useCallback(async () => {
    try {
      setState((await get<{ data: EntrySchedule }>(`/publication-schedule?${entry.query}`)).data.data);
    } catch {
      // Not a type with Draft & Publish, an entry not saved in this locale yet, or no right to read it.
      setState('unavailable');
    }
  }, [get, entry.query]);

  useEffect(() => {
    if (entry.shown) void load();
  }, [entry.shown, load]);

  const schedule = async (action: ScheduleView['action']) => {
    try {
      const { uid, documentId, locale } = entry;
      await post('/publication-schedule', { uid, documentId, locale, action, at: new Date(at).toISOString() });
      toggleNotification({ type: 'success', message: `${ACTION_LABELS[action]} scheduled for ${when(new Date(at).toISOString())}.` });
      setAt('');
      setAtError(undefined);
    } catch (error) {
      setAtError(fieldError(error, 'at'));
      toggleNotification({ type: 'danger', message: errorMessage(error, 'The schedule was refused.') });
    }
    await load();
  };

  const cancel = async (id: number) => {
    try {
      await del(`/publication-schedule/${id}`);
    } catch (error) {
      toggleNotification({ type: 'danger', message: errorMessage(error, 'The cancellation was refused.') });
    }
    await load();
  };

  if (!entry.shown || !state || state === 'unavailable') return null;
  const valid = at !== '' && !Number.isNaN(Date.parse(at));
  return (
    <Box paddingTop={2} width="100%" data-testid="publication-schedule">
      <Flex direction="column" alignItems="stretch" gap={3}>
        <Typography variant="sigma" textColor="neutral600">Schedule</Typography>
        {state.schedule.length === 0 ? <Typography textColor="neutral600">Nothing scheduled in this language.</Typography> : null}
        {state.schedule.map((row) => (
          <ScheduleRow key={row.id} row={row} canCancel={state.can_schedule} onCancel={cancel} />
        ))}
        {state.can_schedule ? (
          <>
            <Field.Root name="publication-schedule-at" hint="Your time zone; it runs within a few seconds of it." error={atError}>
              <Field.Label>Date and time</Field.Label>
              <TextInput
                type="datetime-local"
                step={1}
                value={at}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
                  setAt(event.target.value);
                  setAtError(undefined);
                }}
              />
              <Field.Hint />
              <Field.Error />
            </Field.Root>
            <Flex gap={2}>
              <Button variant="secondary" size="S" disabled={!valid} onClick={() => schedule('publish')}>
                Schedule publish
              </Button>
              <Button variant="tertiary" size="S" disabled={!valid} onClick={() => schedule('unpublish')}>
                Schedule unpublish
              </Button>
            </Flex>
          </>
        ) : null}
      </Flex>
    </Box>
  );
}
