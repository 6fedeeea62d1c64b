/**
 * The "Property sync" widget on the admin home page: the last run of each type with its status and
 * counts, a run going now, and the next scheduled sync. Reads GET /extsource/dashboard.
 */
import { useEffect, useState } from 'react';
import { Badge, Flex, Typography } from '@strapi/design-system';
import { useFetchClient, Widget } from '@strapi/strapi/admin';
import type { Dashboard, RunType } from '../types';
import { countsText, RUN_TYPE_LABELS, STATUS_COLOURS, when } from './runText';

const TYPES: RunType[] = ['all', 'sales', 'rentals'];

export function SyncWidget() {
  const { get } = useFetchClient();
  const [dashboard, setDashboard] = useState<Dashboard>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    get<{ data: Dashboard }>('/extsource/dashboard')
      .then(({ data }) => setDashboard(data.data))
      .catch(() => setFailed(true));
  }, [get]);

  if (failed) return <Widget.Error />;
  if (!dashboard) return <Widget.Loading />;
  return (
    <Flex direction="column" alignItems="stretch" gap={3} data-testid="sync-widget">
      {TYPES.map((type) => {
        const run = dashboard.last_runs[type];
        return (
          <Flex key={type} direction="column" alignItems="flex-start" gap={1} data-testid={`sync-widget-${type}`}>
            <Flex gap={2}>
              <Typography fontWeight="semiBold">{RUN_TYPE_LABELS[type]}</Typography>
              {run && <Badge {...STATUS_COLOURS[run.status]}>{run.status}</Badge>}
            </Flex>
            <Typography variant="pi" textColor="neutral600">
              {run ? `${when(run.finished_at ?? run.started_at)} · ${countsText(run)}` : 'Never run'}
            </Typography>
          </Flex>
        );
      })}
      <Typography variant="pi" textColor="neutral600" data-testid="sync-widget-next">
        {dashboard.running.length > 0
          ? 'A sync is running now.'
          : dashboard.next_run_at
            ? `Next scheduled sync: ${when(dashboard.next_run_at)}`
            : 'No scheduled sync: syncs run when started from the Property sync page.'}
      </Typography>
    </Flex>
  );
}
