/**
 * "Alert e-mails" beside a buyer in the Content Manager (zone editView.right-links): the saved-search and
 * favourite alerts found for them, newest first, with what each came to. Reads GET /buyers/:documentId/alerts.
 */
import { useParams } from 'react-router-dom';
import { Box, Flex, Typography } from '@strapi/design-system';
import { useSummary } from './widget-parts';

const USER_UID = 'plugin::users-permissions.user';
const SHOWN = 10;

interface AlertRow {
  saved_search: string | null;
  project_id: string;
  kind: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function AlertList({ documentId }: { documentId: string }) {
  const { summary: alerts, failed } = useSummary<AlertRow[]>(`/buyers/${documentId}/alerts`);
  if (failed) return <Typography textColor="danger600">The alerts could not be read.</Typography>;
  if (!alerts) return null;
  if (alerts.length === 0) return <Typography textColor="neutral600">No alert e-mails yet.</Typography>;
  return (
    <Flex direction="column" alignItems="stretch" gap={2} data-testid="buyer-alerts">
      {alerts.slice(0, SHOWN).map((alert, index) => (
        <Box key={index}>
          <Typography variant="omega">{`${alert.kind === 'price_drop' ? 'Price drop' : 'New match'}: project ${alert.project_id}`}</Typography>
          <Typography variant="pi" textColor="neutral600" tag="p">
            {`${alert.saved_search ?? 'Favourites'} · ${alert.status}${alert.sent_at ? ` ${when(alert.sent_at)}` : ` (found ${when(alert.created_at)})`}`}
          </Typography>
        </Box>
      ))}
      {alerts.length > SHOWN ? <Typography variant="pi" textColor="neutral600">{`and ${alerts.length - SHOWN} more`}</Typography> : null}
    </Flex>
  );
}

export function BuyerAlertsPanel({ slug }: { slug?: string }) {
  const { id } = useParams<{ id: string }>();
  if (slug !== USER_UID || !id || id === 'create') return null;
  return (
    <Box paddingTop={2} width="100%">
      <Typography variant="sigma" textColor="neutral600" tag="h2">Alert e-mails</Typography>
      <Box paddingTop={2}>
        <AlertList documentId={id} />
      </Box>
    </Box>
  );
}
