/**
 * What the contact domain counts (decision 202: src/lib names no domain, so the leads' metrics are
 * declared here, by the module that owns them): the leads stored, and the deliveries outbox read at each
 * scrape. The names and labels are what dashboards and alert rules read.
 */
import { metrics } from '../../../lib/metrics';
import { outboxGauges, type OutboxCount } from '../../../lib/metrics/outbox-gauges';

/** The labels are the form's fixed enquiry types and the desks admins named, never a visitor's text. */
export const leadsStored = metrics.counter<'enquiry_type' | 'desk'>({ name: 'leads_total', help: 'Leads stored (repeats included), by enquiry type and the desk their routing rule named (default: none matched)', labelNames: ['enquiry_type', 'desk'] });

/** The deliveries outbox per target and status, and its oldest delivery still due, from `read` (the store's backlog) at each scrape. */
export const deliveryGauges = (read: () => Promise<OutboxCount[]>) =>
  outboxGauges({
    reader: 'outbox',
    read,
    byTarget: true,
    backlog: { name: 'lead_deliveries', help: 'Lead deliveries in the outbox by target and status (pending, retrying, failed); the same on every instance' },
    oldestDue: { name: 'lead_delivery_oldest_pending_age_seconds', help: 'Age of the oldest lead delivery still pending or retrying, by target (absent when none)' },
  });
