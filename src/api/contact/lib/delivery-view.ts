/** A lead's deliveries as the admin shows them (pure; shared by the admin route and the admin panel). */
import type { DeliveryEvent, DeliveryStatus, DeliveryTarget } from './delivery-policy';

export interface DeliveryRecord {
  id: number;
  target: DeliveryTarget;
  event: DeliveryEvent;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

export interface DeliveryView {
  id: number;
  target: DeliveryTarget;
  event: DeliveryEvent;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  /** When the next attempt is due, while the delivery is under way. */
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface LeadDeliveries {
  lead_id: number;
  /** Whether the caller may retry a failed delivery (they may edit the lead). */
  can_retry: boolean;
  deliveries: DeliveryView[];
}

const iso = (ms: number) => new Date(ms).toISOString();

export function deliveryView(delivery: DeliveryRecord): DeliveryView {
  const open = delivery.status === 'pending' || delivery.status === 'retrying';
  return {
    id: delivery.id,
    target: delivery.target,
    event: delivery.event,
    status: delivery.status,
    attempts: delivery.attempts,
    last_error: delivery.last_error,
    next_attempt_at: open ? iso(delivery.next_attempt_at) : null,
    delivered_at: delivery.delivered_at === null ? null : iso(delivery.delivered_at),
    created_at: iso(delivery.created_at),
  };
}
