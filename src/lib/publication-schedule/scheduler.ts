/**
 * Runs scheduled publications when due, once across instances (decision 62). Every instance ticks
 * (PUBLISH_SCHEDULE_POLL_MS) and reads whether anything is due; only then does a tick's lease
 * (src/lib/cluster/leases.ts) let one of them run the due rows, each claimed on its own before it runs,
 * so even two runners never run one row twice.
 * A run is the Document Service's publish or unpublish in the row's locale: Strapi's own action, so the
 * document middleware clears every instance's cache and purges the CDN as for an editor's Publish.
 */
import type { Core, UID } from '@strapi/strapi';
import { INSTANCE_ID } from '../cluster/instance';
import { leases } from '../cluster/leases';
import { errorMessage } from '../errors';
import { scheduleStore, type ScheduledPublication, type ScheduleStore } from './store';

/** Rows run per tick; more wait for the next one. */
const BATCH = 20;
/** How long a claimed row is held: far beyond a publish, so a slow one is never taken over. */
const CLAIM_MS = 5 * 60 * 1000;
const TICK_LEASE = 'publication-schedule:tick';
const OVERDUE_MS = 30_000;

export function schedulePollMs(strapi: Core.Strapi): number {
  return Number(strapi.config.get('publishing.schedule.pollMs', 5_000));
}

/** The Document Service's publishing actions (typed by Strapi only for a literal type with Draft & Publish). */
interface Publishing {
  publish(params: { documentId: string; locale: string }): Promise<{ entries?: unknown[] } | null>;
  unpublish(params: { documentId: string; locale: string }): Promise<unknown>;
}

async function run(strapi: Core.Strapi, row: ScheduledPublication): Promise<void> {
  const documents = strapi.documents(row.content_type as UID.ContentType) as unknown as Publishing;
  const where = { documentId: row.document_id, locale: row.locale };
  if (row.action === 'unpublish') {
    await documents.unpublish(where);
    return;
  }
  const result = await documents.publish(where);
  if (!result?.entries?.length) throw new Error('the entry no longer exists in this locale');
}

export class PublicationScheduler {
  private readonly store: ScheduleStore;
  private timer: NodeJS.Timeout | undefined;
  /** The tick under way, and since when. */
  private running: { done: Promise<void>; since: number } | undefined;

  constructor(private readonly strapi: Core.Strapi, private readonly pollMs: number) {
    this.store = scheduleStore(strapi);
  }

  start(): void {
    this.timer = setInterval(() => this.tickNow(), this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.done;
  }

  /**
   * Starts a tick unless one is under way. A tick that outlasts OVERDUE_MS (a database call that never
   * returns) no longer holds the schedule up: its rows stay claimed by it, the others are run.
   */
  private tickNow(): void {
    if (this.running && Date.now() - this.running.since < OVERDUE_MS) return;
    const done = this.runDue()
      .catch((error) => {
        this.strapi.log.warn(`publication schedule: ${errorMessage(error)}`);
      })
      .finally(() => {
        if (this.running?.done === done) this.running = undefined;
      });
    this.running = { done, since: Date.now() };
  }

  /**
   * One tick: when rows are due (a read, the common answer being none) and this instance takes the
   * tick's lease (a write, so only then), every due row it can claim, in order.
   */
  async runDue(now = Date.now()): Promise<void> {
    const due = await this.store.due(now, BATCH);
    if (due.length === 0) return;
    // Held a little under one interval: the next tick, on any instance, may look again.
    if (!(await leases(this.strapi).claim(TICK_LEASE, Math.max(100, this.pollMs - 100)))) return;
    for (const id of due) {
      const row = await this.store.claim(id, INSTANCE_ID, CLAIM_MS);
      if (row) await this.runClaimed(row);
    }
  }

  private async runClaimed(row: ScheduledPublication): Promise<void> {
    const what = `scheduled ${row.action} #${row.id} of ${row.content_type} ${row.document_id} (${row.locale})`;
    try {
      await run(this.strapi, row);
      await this.store.finish(row.id, INSTANCE_ID);
      this.strapi.log.info(`${what}: done`);
    } catch (error) {
      const reason = errorMessage(error);
      await this.store.finish(row.id, INSTANCE_ID, reason);
      this.strapi.log.warn(`${what}: failed: ${reason}`);
    }
  }
}

let scheduler: PublicationScheduler | undefined;

export function startPublicationScheduler(strapi: Core.Strapi): void {
  scheduler = new PublicationScheduler(strapi, schedulePollMs(strapi));
  scheduler.start();
}

export async function stopPublicationScheduler(): Promise<void> {
  await scheduler?.stop();
  scheduler = undefined;
}
