/**
 * Property sync: the state of both provider feeds, buttons to test them and to run syncs, the
 * catalogue statistics and the last 20 runs. While a run is going the buttons are disabled and the
 * page follows its progress.
 */
import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, Flex, Loader, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { Layouts, Page, useFetchClient, useNotification } from '@strapi/strapi/admin';
import type { FeedStatus, Overview, RunProgress, RunType, SyncRun } from '../types';

const POLL_WHILE_RUNNING_MS = 1000;
const SYNC_BUTTONS: Array<[RunType, string]> = [['all', 'Sync all'], ['sales', 'Sync sales'], ['rentals', 'Sync rentals']];
const STATUS_COLOURS: Record<SyncRun['status'], { backgroundColor: string; textColor: string }> = {
  running: { backgroundColor: 'primary100', textColor: 'primary700' },
  succeeded: { backgroundColor: 'success100', textColor: 'success700' },
  partial: { backgroundColor: 'warning100', textColor: 'warning700' },
  failed: { backgroundColor: 'danger100', textColor: 'danger700' },
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '-');

function errorText(error: unknown): string {
  const response = (error as { response?: { data?: { error?: { message?: string } } } }).response;
  return response?.data?.error?.message ?? (error instanceof Error ? error.message : 'Request failed');
}

function progressText(progress: RunProgress): string {
  const what = progress.listing_type === 'sale' ? 'sales' : 'rentals';
  if (progress.phase === 'fetching') return `Fetching ${what}: ${progress.fetched} so far`;
  if (progress.phase === 'writing') return `Writing ${what}: ${progress.written} of ${progress.to_write}`;
  return `Deactivating withdrawn ${what}`;
}

function FeedCard({ label, driver, status }: { label: string; driver: string; status?: FeedStatus }) {
  return (
    <Box background="neutral0" padding={4} hasRadius shadow="tableShadow" flex="1" data-testid={`feed-${label.toLowerCase()}`}>
      <Flex direction="column" alignItems="flex-start" gap={2}>
        <Typography variant="sigma" textColor="neutral600">{label} feed</Typography>
        <Typography variant="delta">{driver}</Typography>
        {status ? (
          <Badge {...(status.ok ? STATUS_COLOURS.succeeded : STATUS_COLOURS.failed)}>
            {status.ok ? `Connected (${status.latency_ms} ms)` : status.message}
          </Badge>
        ) : (
          <Typography variant="pi" textColor="neutral600">Not tested yet</Typography>
        )}
      </Flex>
    </Box>
  );
}

function StatBox({ label, value }: { label: string; value: number | string }) {
  return (
    <Box background="neutral0" padding={4} hasRadius shadow="tableShadow" flex="1">
      <Typography variant="sigma" textColor="neutral600">{label}</Typography>
      <Box paddingTop={1}>
        <Typography variant={typeof value === 'number' ? 'alpha' : 'delta'} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>{value}</Typography>
      </Box>
    </Box>
  );
}

function RunsTable({ runs }: { runs: SyncRun[] }) {
  return (
    <Table colCount={9} rowCount={runs.length + 1}>
      <Thead>
        <Tr>
          {['Run', 'Type', 'Status', 'Started', 'Fetched', 'Created', 'Updated', 'Deactivated', 'Note'].map((heading) => (
            <Th key={heading}><Typography variant="sigma">{heading}</Typography></Th>
          ))}
        </Tr>
      </Thead>
      <Tbody>
        {runs.map((run) => (
          <Tr key={run.run_id} data-testid="sync-run-row">
            <Td><Typography>#{run.run_id}</Typography></Td>
            <Td><Typography>{run.type}</Typography></Td>
            <Td><Badge {...STATUS_COLOURS[run.status]}>{run.status}</Badge></Td>
            <Td><Typography>{when(run.started_at)}</Typography></Td>
            <Td><Typography>{run.fetched}</Typography></Td>
            <Td><Typography>{run.created}</Typography></Td>
            <Td><Typography>{run.updated}</Typography></Td>
            <Td><Typography>{run.deactivated}</Typography></Td>
            <Td><Typography textColor={run.error ? 'danger600' : 'neutral600'}>{run.error ?? run.warnings[0] ?? ''}</Typography></Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}

const SyncPage = () => {
  const { get, post } = useFetchClient();
  const { toggleNotification } = useNotification();
  const [overview, setOverview] = useState<Overview>();
  const [feedStatus, setFeedStatus] = useState<{ listings: FeedStatus; projects: FeedStatus }>();
  const [testing, setTesting] = useState(false);
  const [starting, setStarting] = useState(false);

  const load = useCallback(async () => {
    try {
      const { data } = await get<{ data: Overview }>('/extsource/overview');
      setOverview(data.data);
    } catch (error) {
      toggleNotification({ type: 'danger', message: errorText(error) });
    }
  }, [get, toggleNotification]);

  useEffect(() => {
    void load();
  }, [load]);

  const running = (overview?.running.length ?? 0) > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => void load(), POLL_WHILE_RUNNING_MS);
    return () => clearInterval(timer);
  }, [running, load]);

  async function testFeeds() {
    setTesting(true);
    try {
      const { data } = await post<{ data: { listings: FeedStatus; projects: FeedStatus } }>('/extsource/test');
      setFeedStatus(data.data);
    } catch (error) {
      toggleNotification({ type: 'danger', message: errorText(error) });
    } finally {
      setTesting(false);
    }
  }

  async function startSync(type: RunType) {
    setStarting(true);
    try {
      const { data } = await post<{ data: SyncRun }>(`/extsource/sync/${type}`);
      toggleNotification({ type: 'info', message: `Sync run #${data.data.run_id} started` });
    } catch (error) {
      toggleNotification({ type: 'warning', message: errorText(error) });
    } finally {
      setStarting(false);
      await load();
    }
  }

  if (!overview) return <Page.Loading />;
  const busy = running || starting;

  return (
    <Page.Main>
      <Page.Title>Property sync</Page.Title>
      <Layouts.Header
        title="Property sync"
        subtitle="Sales and rental listings from the property-data provider"
        primaryAction={
          <Flex gap={2}>
            <Button variant="secondary" onClick={testFeeds} loading={testing} disabled={testing}>Test</Button>
            {SYNC_BUTTONS.map(([type, label]) => (
              <Button key={type} onClick={() => startSync(type)} disabled={busy}>{label}</Button>
            ))}
          </Flex>
        }
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          <Flex gap={4}>
            <FeedCard label="Listings" driver={overview.feeds.listings} status={feedStatus?.listings} />
            <FeedCard label="Projects" driver={overview.feeds.projects} status={feedStatus?.projects} />
          </Flex>
          {running && (
            <Flex gap={3} data-testid="sync-progress">
              <Loader small>Syncing</Loader>
              <Typography>{overview.running.map(progressText).join(' / ')}</Typography>
            </Flex>
          )}
          <Flex gap={4}>
            <StatBox label="Active" value={overview.stats.active} />
            <StatBox label="Sales" value={overview.stats.sales} />
            <StatBox label="Rentals" value={overview.stats.rentals} />
            <StatBox label="Inactive" value={overview.stats.inactive} />
            <StatBox label="Runs" value={overview.stats.runs} />
            <StatBox label="Last success" value={when(overview.stats.last_success_at)} />
          </Flex>
          <Box>
            <Box paddingBottom={2}><Typography variant="delta">Last 20 runs</Typography></Box>
            <RunsTable runs={overview.runs} />
          </Box>
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
};

export default SyncPage;
