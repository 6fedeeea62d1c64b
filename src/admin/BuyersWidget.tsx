/**
 * The "Buyers" widget on the admin home page: buyer accounts, new ones in the last 7 days, and the
 * saved-search alerts sent and failed in those days. Reads GET /buyers/summary; shown to admins who may
 * read buyers (the Editor role, not the Author role).
 */
import { Flex, Typography } from '@strapi/design-system';
import { Widget } from '@strapi/strapi/admin';
import type { BuyerSummary } from '../api/account/admin/summary';
import { Figure, useSummary } from './widget-parts';

export const BUYERS_LIST_PATH = '/content-manager/collection-types/plugin::users-permissions.user';

export function BuyersWidget() {
  const { summary, failed } = useSummary<BuyerSummary>('/buyers/summary');

  if (failed) return <Widget.Error />;
  if (!summary) return <Widget.Loading />;
  const alerts = summary.alerts_last_7_days;
  return (
    <Flex direction="column" alignItems="stretch" gap={4} data-testid="buyers-widget">
      <Flex gap={4}>
        <Figure label="New in 7 days" value={summary.buyers.last_7_days} testId="buyers-7-days" />
        <Figure label="Buyers" value={summary.buyers.total} testId="buyers-total" />
      </Flex>
      <Typography variant="pi" textColor={alerts.failed > 0 ? 'danger600' : 'neutral600'} data-testid="buyers-alerts">
        {`Last 7 days: ${alerts.sent} alert ${alerts.sent === 1 ? 'e-mail' : 'e-mails'} sent · ${alerts.failed} failed`}
      </Typography>
    </Flex>
  );
}
