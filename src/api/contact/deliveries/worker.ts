/**
 * The delivery worker, off the request path: in every instance, one lane per target claims due rows of
 * the outbox (a few at a time), sends them, and records each outcome. A lead stored by this instance
 * wakes the lanes at once; rows stored elsewhere, and retries, are found by polling. Pending work lives
 * in the database only, so a failing target costs rows, never memory, and a crash loses nothing: a
 * claimed row whose holder died is due again once its claim runs out (the receiver then sees the same
 * idempotency key twice: at-least-once).
 *
 * Logs name the delivery, the lead id, the target and the attempt, never the lead's personal data.
 */
import type { Core } from '@strapi/strapi';
import { INSTANCE_ID } from '../../../lib/cluster/instance';
import { errorMessage } from '../../../lib/errors';
import { throttledLog } from '../../../lib/throttled-log';
import { inSpan } from '../../../lib/tracing';
import { afterFailure, DELIVERY_TARGETS, type AttemptResult, type DeliveryTarget, type NextStep, type RetryPolicy } from '../lib/delivery-policy';
import type { StoredLead } from '../lib/lead-payload';
import { CONTACT_UID } from '../lib/lead-type';
import { repeatStore } from '../repeats/store';
import { deliveryStore, type Delivery, type DeliveryStore } from './store';
import { send, type TargetSettings } from './targets';

/** Rows one lane claims and sends at once. */
const BATCH = 20;
/** A claim outlives its attempt by this much, so clocks a little apart between instances never overlap two claims. */
const CLAIM_MARGIN_MS = 10_000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface DeliverySettings extends TargetSettings {
  policy: RetryPolicy;
  pollMs: number;
  purgeDays: number;
}

export function deliverySettings(strapi: Core.Strapi): DeliverySettings {
  const config = (key: string) => strapi.config.get(`contact.${key}`) as never;
  const deliveries = config('deliveries') as Record<string, number>;
  return {
    notifyEmail: String(config('notifyEmail') ?? ''),
    webhook: config('webhook') as TargetSettings['webhook'],
    timeoutMs: deliveries.timeoutMs,
    pollMs: deliveries.pollMs,
    purgeDays: deliveries.purgeDays,
    policy: {
      maxAttempts: deliveries.maxAttempts,
      maxAgeMs: deliveries.maxAgeHours * 60 * 60 * 1000,
      backoffMs: deliveries.backoffMs,
      maxBackoffMs: deliveries.maxBackoffMs,
    },
  };
}

const label = (delivery: Delivery) =>
  `${delivery.event === 'lead.erased' ? 'lead erasure' : 'lead delivery'} #${delivery.id} (lead #${delivery.contact_id}, ${delivery.target}, attempt ${delivery.attempts})`;

interface PendingOutcome {
  delivery: Delivery;
  token: string;
  step: NextStep;
  done(recorded: boolean): void;
  failed(error: unknown): void;
}

/**
 * Writes outcomes as they come, each at once when the database is idle, and those that arrive while a
 * write is under way together in the next one: under load, one commit records many outcomes (on SQLite,
 * whose one writer the contact POSTs share, that keeps failing targets from slowing the POST).
 */
class OutcomeRecorder {
  private queue: PendingOutcome[] = [];
  private writing = false;

  constructor(private readonly store: DeliveryStore) {}

  record(delivery: Delivery, token: string, step: NextStep): Promise<boolean> {
    return new Promise((done, failed) => {
      this.queue.push({ delivery, token, step, done, failed });
      void this.write();
    });
  }

  private async write(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        try {
          const recorded = await this.store.finish(batch);
          batch.forEach((outcome, index) => outcome.done(recorded[index]));
        } catch (error) {
          for (const outcome of batch) outcome.failed(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}

export class DeliveryWorker {
  private readonly store: DeliveryStore;
  private readonly settings: DeliverySettings;
  private readonly warnOnce = throttledLog((line) => this.strapi.log.warn(line));
  private stopped = false;
  private wakers: Array<() => void> = [];
  /** Counts kicks, so a kick during a lane's round is not lost: the lane then skips its pause. */
  private kicks = 0;
  private lanes: Promise<void>[] = [];
  private purgeTimer: NodeJS.Timeout | undefined;
  private claims = 0;
  private readonly recorder: OutcomeRecorder;

  constructor(private readonly strapi: Core.Strapi) {
    this.store = deliveryStore(strapi);
    this.settings = deliverySettings(strapi);
    this.recorder = new OutcomeRecorder(this.store);
  }

  start(): void {
    this.lanes = DELIVERY_TARGETS.map((target) => this.lane(target));
    if (this.settings.purgeDays > 0) {
      this.purgeTimer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
      this.purgeTimer.unref();
      void this.purge();
    }
  }

  /** New work for the lanes (a lead was just stored, or an editor asked for a retry). */
  kick(): void {
    this.kicks += 1;
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }

  /** Stops claiming; waits for the attempts under way (each ends within its timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.purgeTimer);
    this.kick();
    await Promise.all(this.lanes);
  }

  private async lane(target: DeliveryTarget): Promise<void> {
    while (!this.stopped) {
      const kicksBefore = this.kicks;
      let claimed = 0;
      try {
        claimed = await this.watched(target, this.round(target));
      } catch (error) {
        this.warnOnce(`round-${target}`, `lead deliveries (${target}): could not claim due deliveries: ${errorMessage(error)}`);
      }
      if (claimed < BATCH && !this.stopped && this.kicks === kicksBefore) await this.pause();
    }
  }

  /**
   * A round that outlasts its claims (a database call that never returns, e.g. a connection lost
   * mid-transaction) no longer holds the lane up: its rows are due again when their claims run out, and
   * should it finish after all, it records an outcome only where the claim is still its own.
   */
  private watched(target: DeliveryTarget, round: Promise<number>): Promise<number> {
    const limitMs = this.claimMs();
    let timer: NodeJS.Timeout | undefined;
    const overdue = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        this.warnOnce(`overdue-${target}`, `lead deliveries (${target}): a round took over ${limitMs} ms; the lane goes on (its rows are due again)`);
        resolve(0);
      }, limitMs);
    });
    round.catch(() => undefined);
    return Promise.race([round, overdue]).finally(() => clearTimeout(timer));
  }

  private claimMs(): number {
    return this.settings.timeoutMs + CLAIM_MARGIN_MS;
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.settings.pollMs);
      this.wakers.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Claims a batch of due deliveries of `target`, sends them side by side; how many it claimed. */
  private async round(target: DeliveryTarget): Promise<number> {
    this.claims += 1;
    const token = `${INSTANCE_ID}#deliveries-${this.claims}`;
    const batch = await this.store.claim(target, BATCH, this.claimMs(), token);
    await Promise.all(batch.map((delivery) => this.attempt(delivery, token)));
    return batch.length;
  }

  private async attempt(delivery: Delivery, token: string): Promise<void> {
    try {
      const lead = (await this.strapi.db.query(CONTACT_UID).findOne({ where: { id: delivery.contact_id } })) as StoredLead | null;
      const attributes = { 'delivery.id': delivery.id, 'delivery.target': delivery.target, 'delivery.attempt': delivery.attempts };
      const result: AttemptResult = await inSpan('lead.delivery', attributes, () => send(this.strapi, this.settings, delivery, lead));
      const step: NextStep = result.ok
        ? { status: 'delivered' }
        : afterFailure(this.settings.policy, result, delivery.attempts, delivery.round_started_at, Date.now());
      if (!(await this.recorder.record(delivery, token, step))) {
        this.strapi.log.warn(`${label(delivery)}: its claim ran out before the outcome (${step.status}) was recorded; another attempt follows`);
        return;
      }
      this.report(delivery, step);
    } catch (error) {
      // The outcome could not be recorded (database unreachable): the claim runs out and the row is due again.
      this.strapi.log.error(`${label(delivery)}: ${errorMessage(error)}`);
    }
  }

  private report(delivery: Delivery, step: NextStep): void {
    const what = label(delivery);
    if (step.status === 'delivered') this.strapi.log.info(`${what}: delivered`);
    else if (step.status === 'retrying') this.strapi.log.warn(`${what}: ${step.error}; retrying in ${Math.ceil(((step.nextAttemptAt ?? 0) - Date.now()) / 1000)} s`);
    else this.strapi.log.error(`${what}: failed: ${step.error}. An editor can retry it from the lead in the admin.`);
  }

  private async purge(): Promise<void> {
    try {
      const removed = await this.store.purge(Date.now() - this.settings.purgeDays * DAY_MS);
      if (removed > 0) this.strapi.log.info(`lead deliveries: purged ${removed} delivered or orphaned rows`);
      // First-lead keys past the repeat window can make no repeat any more; they go with the same hourly pass.
      await repeatStore(this.strapi).purge(Date.now() - Number(this.strapi.config.get('contact.repeatWindowHours', 24)) * HOUR_MS);
    } catch (error) {
      this.warnOnce('purge', `lead deliveries: purge failed: ${errorMessage(error)}`);
    }
  }
}

let running: DeliveryWorker | undefined;

export function startDeliveryWorker(strapi: Core.Strapi): void {
  running = new DeliveryWorker(strapi);
  running.start();
}

export function kickDeliveryWorker(): void {
  running?.kick();
}

export async function stopDeliveryWorker(): Promise<void> {
  const worker = running;
  running = undefined;
  await worker?.stop();
}
