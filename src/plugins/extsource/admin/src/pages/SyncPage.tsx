/**
 * Property sync: what each provider feed supplies to the website and whether it answers, buttons to
 * test the feeds and to run syncs, the outcome of a run started here once it ends (the page polls
 * until then), the catalogue statistics, the last 20 runs and the synced listings.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Flex, Loader, Typography } from '@strapi/design-system';
import { Layouts, Page, useFetchClient, useNotification } from '@strapi/strapi/admin';
import { ListingsTable } from '../components/ListingsTable';
import { RunsTable } from '../components/RunsTable';
import { detailsText, driverName, outcomeText, STATUS_COLOURS, when } from '../components/runText';
import type { FeedStatus, Overview, RunProgress, RunType, SyncRun } from '../types';

const POLL_MS = 1000;
const SYNC_BUTTONS: Array<[RunType, string]> = [['all', 'Sync all'], ['sales', 'Sync sales'], ['rentals', 'Sync rentals']];

const FEEDS = {
  listings: {
    label: 'Listings',
    supplies:
      'The sales and rental listings of the website. A sync copies them here: new listings are added, changed ones updated, ' +
      'and those the provider no longer lists are withdrawn from the site. Runs every hour by itself, or with the buttons above.',
  },
  projects: {
    label: 'Projects',
    supplies:
      'The off-plan projects of the off-plan page. They are read from the provider directly and kept for an hour, ' +
      'so the sync buttons do not touch them; Test checks that the provider answers.',
  },
} as const;

const OUTCOME_VARIANTS: Record<SyncRun['status'], 'success' | 'warning' | 'danger' | 'default'> = {
  succeeded: 'success',
  partial: 'warning',
  failed: 'danger',
  running: 'default',
};

function errorText(error: unknown): string {
  const response = (error as { response?: { data?: { error?: { message?: string } } } }).response;
  return response?.data?.error?.message ?? (error instanceof Error ? error.message : 'Request failed');
}

function progressText(progress: RunProgress): string {
  const what = progress.listing_type === 'sale' ? 'sales' : 'rentals';
  if (progress.phase === 'fetching') return `Fetching ${what}: ${progress.fetched} so far`;
  if (progress.phase === 'writing') return `Writing ${what}: ${progress.written} of ${progress.to_write}`;
  return `Withdrawing ${what} the provider no longer lists`;
}

/** A test's message when the feed said what it holds ("Connected: Property Finder XML, 1,234 listings ..."). */
const FOUND = 'Connected: ';

function FeedCard({ feed, driver, status }: { feed: keyof typeof FEEDS; driver: string; status?: FeedStatus }) {
  const { label, supplies } = FEEDS[feed];
  return (
    <Box background="neutral0" padding={4} hasRadius shadow="tableShadow" flex="1" data-testid={`feed-${feed}`}>
      <Flex direction="column" alignItems="flex-start" gap={2}>
        <Typography variant="sigma" textColor="neutral600">{label} feed</Typography>
        <Typography variant="delta">{driverName(driver)}</Typography>
        <Typography textColor="neutral700">{supplies}</Typography>
        {status ? (
          <Badge {...(status.ok ? STATUS_COLOURS.succeeded : STATUS_COLOURS.failed)}>
            {status.ok ? `Connected (${status.latency_ms} ms)` : status.message}
          </Badge>
        ) : (
          <Typography variant="pi" textColor="neutral600">Not tested yet</Typography>
        )}
        {status?.ok && status.message.startsWith(FOUND) ? (
          <Typography variant="pi" textColor="neutral700" data-testid={`feed-${feed}-found`}>{status.message.slice(FOUND.length)}</Typography>
        ) : null}
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

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box>
      <Box paddingBottom={2}><Typography variant="delta" tag="h2">{title}</Typography></Box>
      {children}
    </Box>
  );
}

const SyncPage = () => {
  const { get, post } = useFetchClient();
  const { toggleNotification } = useNotification();
  const [overview, setOverview] = useState<Overview>();
  const [feedStatus, setFeedStatus] = useState<{ listings: FeedStatus; projects: FeedStatus }>();
  const [testing, setTesting] = useState(false);
  const [starting, setStarting] = useState(false);
  /** The run started from this page, followed until it ends. */
  const [watched, setWatched] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<SyncRun | null>(null);
  const [listingsVersion, setListingsVersion] = useState(0);

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
    if (!running && watched === null) return undefined;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, watched, load]);

  useEffect(() => {
    const run = overview?.runs.find((candidate) => candidate.run_id === watched);
    if (!run || run.status === 'running') return;
    setWatched(null);
    setOutcome(run);
    setListingsVersion((version) => version + 1);
  }, [overview, watched]);

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
    setOutcome(null);
    try {
      const { data } = await post<{ data: SyncRun }>(`/extsource/sync/${type}`);
      setWatched(data.data.run_id);
    } catch (error) {
      toggleNotification({ type: 'warning', message: errorText(error) });
    } finally {
      setStarting(false);
      await load();
    }
  }

  if (!overview) return <Page.Loading />;
  const busy = running || starting || watched !== null;

  return (
    <Page.Main>
      <Page.Title>Property sync</Page.Title>
      <Layouts.Header
        title="Property sync"
        subtitle="The listings and off-plan projects the website shows come from a property-data provider. Check the feeds and bring the listings up to date here."
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
          {outcome && (
            <Alert variant={OUTCOME_VARIANTS[outcome.status]} title="Sync finished" closeLabel="Close" onClose={() => setOutcome(null)} data-testid="sync-outcome">
              {outcomeText(outcome)}
            </Alert>
          )}
          {busy && (
            <Flex gap={3} data-testid="sync-progress">
              <Loader small>Syncing</Loader>
              <Typography>{running ? overview.running.map(progressText).join(' / ') : 'Starting the sync'}</Typography>
            </Flex>
          )}
          <Flex gap={4} alignItems="stretch">
            <FeedCard feed="listings" driver={overview.feeds.listings} status={feedStatus?.listings} />
            <FeedCard feed="projects" driver={overview.feeds.projects} status={feedStatus?.projects} />
          </Flex>
          <Flex gap={4}>
            <StatBox label="On the site" value={overview.stats.active} />
            <StatBox label="Sales" value={overview.stats.sales} />
            <StatBox label="Rentals" value={overview.stats.rentals} />
            <StatBox label="Withdrawn" value={overview.stats.inactive} />
            <StatBox label="Runs" value={overview.stats.runs} />
            <StatBox label="Last success" value={when(overview.stats.last_success_at)} />
          </Flex>
          <Section title="Off-plan project details">
            <Typography data-testid="project-details">{detailsText(overview.stats.project_details, overview.feeds.projects)}</Typography>
          </Section>
          <Section title="Last 20 runs">
            <RunsTable runs={overview.runs} />
          </Section>
          <Section title="Synced listings">
            <ListingsTable version={listingsVersion} />
          </Section>
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
};

export default SyncPage;
