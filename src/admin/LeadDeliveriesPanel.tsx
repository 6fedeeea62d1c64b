/**
 * "Deliveries" beside a lead in the Content Manager (zone editView.right-links): how the lead reached the
 * sales team, per target (the notification e-mail, the CRM webhook): status, attempts, last error, next
 * attempt. A failed delivery has a Retry button for admins who may edit the lead. Reads
 * GET /lead-deliveries/:documentId; Retry is POST /lead-deliveries/:id/retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Badge, Box, Button, Flex, Typography } from '@strapi/design-system';
import { useFetchClient, useNotification } from '@strapi/strapi/admin';
import type { DeliveryView, LeadDeliveries } from '../api/contact/lib/delivery-view';

const CONTACT_UID = 'api::contact.contact';
const REFRESH_MS = 3000;

const TARGET_LABELS: Record<DeliveryView['target'], string> = { email: 'Sales e-mail', webhook: 'CRM webhook' };

const STATUS: Record<DeliveryView['status'], { label: string; variant: 'success' | 'secondary' | 'warning' | 'danger' }> = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Sending', variant: 'secondary' },
  retrying: { label: 'Retrying', variant: 'warning' },
  failed: { label: 'Failed', variant: 'danger' },
  cancelled: { label: 'Cancelled (person erased)', variant: 'secondary' },
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function detail(delivery: DeliveryView): string {
  const attempts = `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}`;
  if (delivery.status === 'delivered' && delivery.delivered_at) return `${when(delivery.delivered_at)} · ${attempts}`;
  if (delivery.next_attempt_at && delivery.attempts > 0) return `${attempts} · next ${when(delivery.next_attempt_at)}`;
  return attempts;
}

function DeliveryRow({ delivery, canRetry, onRetry }: { delivery: DeliveryView; canRetry: boolean; onRetry: (id: number) => Promise<void> }) {
  const [retrying, setRetrying] = useState(false);
  const status = STATUS[delivery.status];
  return (
    <Flex direction="column" alignItems="stretch" gap={1} data-testid={`delivery-${delivery.target}`}>
      <Flex justifyContent="space-between" gap={2}>
        <Typography fontWeight="semiBold">{`${TARGET_LABELS[delivery.target]}${delivery.event === 'lead.erased' ? ' (erasure)' : ''}`}</Typography>
        <Badge variant={status.variant}>{status.label}</Badge>
      </Flex>
      <Typography variant="pi" textColor="neutral600">{detail(delivery)}</Typography>
      {delivery.last_error && delivery.status !== 'delivered' ? <Typography variant="pi" textColor="danger600">{delivery.last_error}</Typography> : null}
      {delivery.status === 'failed' && canRetry ? (
        <Button
          variant="secondary"
          size="S"
          loading={retrying}
          onClick={async () => {
            setRetrying(true);
            await onRetry(delivery.id).finally(() => setRetrying(false));
          }}
        >
          Retry
        </Button>
      ) : null}
    </Flex>
  );
}

export function LeadDeliveriesPanel({ slug }: { slug?: string }) {
  const { id } = useParams<{ id: string }>();
  const { get, post } = useFetchClient();
  const { toggleNotification } = useNotification();
  const [state, setState] = useState<LeadDeliveries | 'error'>();
  const shown = slug === CONTACT_UID && !!id && id !== 'create';

  const load = useCallback(async () => {
    try {
      setState((await get<{ data: LeadDeliveries }>(`/lead-deliveries/${encodeURIComponent(id!)}`)).data.data);
    } catch {
      setState('error');
    }
  }, [get, id]);

  useEffect(() => {
    if (shown) void load();
  }, [shown, load]);

  // While a delivery is under way, its status is refreshed every few seconds.
  const underWay = typeof state === 'object' && state.deliveries.some((delivery) => delivery.status === 'pending' || delivery.status === 'retrying');
  useEffect(() => {
    if (!shown || !underWay) return undefined;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [shown, underWay, load]);

  const retry = async (deliveryId: number) => {
    try {
      await post(`/lead-deliveries/${deliveryId}/retry`);
      toggleNotification({ type: 'success', message: 'Retrying the delivery now.' });
    } catch {
      toggleNotification({ type: 'danger', message: 'The retry was refused. Reload the page, or ask an administrator.' });
    }
    await load();
  };

  if (!shown || !state) return null;
  return (
    <Box paddingTop={2} width="100%" data-testid="lead-deliveries">
      <Flex direction="column" alignItems="stretch" gap={3}>
        <Typography variant="sigma" textColor="neutral600">Deliveries</Typography>
        {state === 'error' ? (
          <Typography textColor="neutral600">The delivery status could not be loaded.</Typography>
        ) : state.deliveries.length === 0 ? (
          <Typography textColor="neutral600">None: no e-mail or CRM was configured when this lead arrived.</Typography>
        ) : (
          state.deliveries.map((delivery) => <DeliveryRow key={delivery.id} delivery={delivery} canRetry={state.can_retry} onRetry={retry} />)
        )}
      </Flex>
    </Box>
  );
}
