/** The last runs, one row each: what ran, how it ended, and what it did to the catalogue. */
import { Badge, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import type { SyncRun } from '../types';
import { RUN_TYPE_LABELS, STATUS_COLOURS, when } from './runText';

const COLUMNS: Array<[heading: string, cell: (run: SyncRun) => string | number]> = [
  ['Run', (run) => `#${run.run_id}`],
  ['Listings', (run) => RUN_TYPE_LABELS[run.type]],
  ['Started', (run) => when(run.started_at)],
  ['Took', (run) => (run.duration_ms === null ? '-' : `${(run.duration_ms / 1000).toFixed(1)} s`)],
  ['Fetched', (run) => run.fetched],
  ['New', (run) => run.created],
  ['Updated', (run) => run.updated],
  ['Unchanged', (run) => run.unchanged],
  ['Withdrawn', (run) => run.deactivated],
  ['Skipped', (run) => run.failed],
];

export function RunsTable({ runs }: { runs: SyncRun[] }) {
  return (
    <Table colCount={COLUMNS.length + 2} rowCount={runs.length + 1}>
      <Thead>
        <Tr>
          <Th><Typography variant="sigma">Status</Typography></Th>
          {COLUMNS.map(([heading]) => (
            <Th key={heading}><Typography variant="sigma">{heading}</Typography></Th>
          ))}
          <Th><Typography variant="sigma">Note</Typography></Th>
        </Tr>
      </Thead>
      <Tbody>
        {runs.map((run) => (
          <Tr key={run.run_id} data-testid="sync-run-row">
            <Td><Badge {...STATUS_COLOURS[run.status]}>{run.status}</Badge></Td>
            {COLUMNS.map(([heading, cell]) => (
              <Td key={heading}><Typography>{cell(run)}</Typography></Td>
            ))}
            <Td><Typography textColor={run.error ? 'danger600' : 'neutral600'}>{run.error ?? run.warnings[0] ?? ''}</Typography></Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
