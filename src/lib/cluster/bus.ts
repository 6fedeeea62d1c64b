/**
 * Cache invalidations between instances, over PostgreSQL LISTEN/NOTIFY (docs/deploy.md says why).
 * A NOTIFY sent inside the writing transaction is delivered when that transaction commits and dropped
 * when it rolls back, so other instances hear of a change exactly when they can read it.
 *
 * The listener is a session of its own. When it drops, `onDown` lets the caches fall back to short
 * lifetimes and it reconnects by itself, with a growing delay while it keeps dropping; `onUp` then says
 * whether messages may have been missed in between. An outage is logged once when it starts (a
 * connection that drops again soon after coming back is the same outage) and once per reconnection.
 */
import { Client, type ClientConfig, type Notification } from 'pg';
import { errorMessage } from '../errors';

export const BUS_CHANNEL = 'cache_invalidation';
export const BUS_APPLICATION_NAME = 'cache-bus';

/** Runs SQL on a connection or inside a transaction (a knex instance or transaction). */
export interface SqlRunner {
  raw(sql: string, bindings: readonly string[]): PromiseLike<unknown>;
}

export interface BusHandlers {
  onMessage(tags: string[]): void;
  onDown(): void;
  onUp(afterOutage: boolean): void;
  log: { info(message: string): void; warn(message: string): void };
}

interface Message {
  /** Origin instance: an instance ignores its own messages. */
  o: string;
  /** Invalidated tags. */
  t: string[];
}

const RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 10000];
/** A connection that stayed up this long ends an outage: the next loss is logged, retries start fast again. */
const STABLE_MS = 30_000;

export class PostgresBus {
  private client: Client | undefined;
  private attempt = 0;
  private up = false;
  private upSince = 0;
  private hadOutage = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: ClientConfig,
    private readonly origin: string,
    private readonly handlers: BusHandlers
  ) {}

  /** Connects and listens; resolves once listening, or after the first failure (it keeps retrying). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Sends tags to every other instance: at commit when `runner` is the writing transaction. */
  async publish(tags: string[], runner: SqlRunner): Promise<void> {
    const message: Message = { o: this.origin, t: tags };
    await runner.raw('select pg_notify(?, ?)', [BUS_CHANNEL, JSON.stringify(message)]);
  }

  isUp(): boolean {
    return this.up;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client(this.config);
    this.client = client;
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection closed')));
    client.on('notification', (notification) => this.receive(notification));
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    const afterOutage = this.hadOutage;
    this.up = true;
    this.upSince = Date.now();
    if (afterOutage) this.handlers.log.info('cache bus: listening again; caches cleared, invalidations reach this instance again');
    this.handlers.onUp(afterOutage);
  }

  private receive(notification: Notification): void {
    if (notification.channel !== BUS_CHANNEL || !notification.payload) return;
    let message: Message;
    try {
      message = JSON.parse(notification.payload) as Message;
    } catch {
      return;
    }
    if (message.o !== this.origin && Array.isArray(message.t)) this.handlers.onMessage(message.t);
  }

  /** Handles the loss of `client` once (both 'error' and 'end' fire), then schedules a reconnection. */
  private lost(client: Client, error: unknown): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    const outageStarts = !this.hadOutage || (this.up && Date.now() - this.upSince >= STABLE_MS);
    if (outageStarts) {
      this.attempt = 0;
      this.handlers.log.warn(
        `cache bus: no PostgreSQL listener (${errorMessage(error)}); ` +
          'caches fall back to short lifetimes until it reconnects (retrying in the background)'
      );
    }
    this.up = false;
    this.hadOutage = true;
    this.handlers.onDown();
    const delay = RETRY_DELAYS_MS[Math.min(this.attempt, RETRY_DELAYS_MS.length - 1)];
    this.attempt += 1;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }
}
