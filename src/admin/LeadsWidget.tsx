/**
 * The "Leads" widget on the admin home page: leads received today (from the start of the editor's own
 * day), in the last 7 and 30 days, deliveries that failed (an editor may retry them from the lead) or are
 * still under way, the last 30 days' leads per project and per campaign, and the latest five, each a link to
 * the lead. Reads GET /leads/summary.
 */
import { Link } from 'react-router-dom';
import { Box, Flex, Typography } from '@strapi/design-system';
import { Widget } from '@strapi/strapi/admin';
import type { LeadShare, LeadSummary } from '../api/contact/lib/lead-summary';
import { Figure, useSummary } from './widget-parts';

export const LEADS_LIST_PATH = '/content-manager/collection-types/api::contact.contact';

function startOfToday(): string {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  return midnight.toISOString();
}

const received = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The largest shares of the last 30 days' leads; nothing for a role that may not read the field. */
function Shares({ title, shares, testId }: { title: string; shares?: LeadShare[]; testId: string }) {
  if (!shares || shares.length === 0) return null;
  return (
    <Box data-testid={testId}>
      <Typography variant="sigma" textColor="neutral600">{title}</Typography>
      {shares.map((share) => (
        <Typography key={share.name} tag="p" variant="pi">
          {share.name === 'none' ? 'None' : share.name}: {share.count}
        </Typography>
      ))}
    </Box>
  );
}

export function LeadsWidget() {
  const { summary, failed } = useSummary<LeadSummary>('/leads/summary', { today: startOfToday() });

  if (failed) return <Widget.Error />;
  if (!summary) return <Widget.Loading />;
  return (
    <Flex direction="column" alignItems="stretch" gap={4} data-testid="leads-widget">
      <Flex gap={4}>
        <Figure label="Today" value={summary.counts.today} testId="leads-today" />
        <Figure label="Last 7 days" value={summary.counts.last_7_days} testId="leads-7-days" />
        <Figure label="Last 30 days" value={summary.counts.last_30_days} testId="leads-30-days" />
      </Flex>
      <Shares title="Leads per project (30 days)" shares={summary.per_project} testId="leads-per-project" />
      <Shares title="Leads per campaign (30 days)" shares={summary.per_campaign} testId="leads-per-campaign" />
      <Typography variant="pi" textColor={summary.deliveries.failed > 0 ? 'danger600' : 'neutral600'} data-testid="leads-deliveries">
        {summary.deliveries.failed} failed {summary.deliveries.failed === 1 ? 'delivery' : 'deliveries'} · {summary.deliveries.pending} being sent
      </Typography>
      {summary.latest.length === 0 ? (
        <Typography textColor="neutral600">No leads yet. They arrive from the website's contact form.</Typography>
      ) : (
        <Flex direction="column" alignItems="stretch" gap={2}>
          {summary.latest.map((lead) => (
            <Box key={lead.id} data-testid="latest-lead">
              <Link to={`${LEADS_LIST_PATH}/${lead.document_id}`}>
                <Typography fontWeight="semiBold">{lead.name || lead.email}</Typography>
              </Link>
              <Typography variant="pi" textColor="neutral600">
                {' '}· {received(lead.received_at)}{lead.method_of_contact ? ` · ${lead.method_of_contact}` : ''}
              </Typography>
            </Box>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
