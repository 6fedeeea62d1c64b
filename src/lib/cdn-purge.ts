/**
 * Purges at the CDN (or a Varnish in front of the service) what an invalidation made stale: one request
 * per purge target naming the surrogate keys, in the `xkey` and `Surrogate-Key` headers, with the shared
 * secret in its own header (docs/deploy.md, "A CDN in front"). It runs in the background: a save never
 * waits for it; a failed purge is retried with a growing delay, each failure logged, and given up after
 * the last attempt (the answers' `s-maxage` then bounds how long the CDN serves the old one).
 * Keys invalidated within one tick go out together.
 */
import { setTimeout as sleep } from 'timers/promises';
import { errorMessage } from './errors';

export interface PurgeSettings {
  /** CDN_PURGE_URLS: where purges are sent; none: purging is off. */
  urls: string[];
  /** CDN_PURGE_METHOD: PURGE for Varnish, POST for Fastly's purge API. */
  method: string;
  /** CDN_PURGE_SECRET_HEADER and CDN_PURGE_SECRET. */
  secretHeader: string;
  secret: string;
  /** Delays before each retry; their number is the number of retries. */
  retryDelaysMs: number[];
  timeoutMs: number;
}

export interface PurgeLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Told of each purge request's result (metrics): answered 2xx, failed and to be retried, given up. */
export type PurgeObserver = (result: 'sent' | 'retried' | 'failed') => void;

export const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];

export class CdnPurger {
  private pending = new Set<string>();
  private flush: Promise<void> | undefined;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly settings: PurgeSettings,
    private readonly log: PurgeLog,
    private readonly observe: PurgeObserver = () => undefined
  ) {}

  get enabled(): boolean {
    return this.settings.urls.length > 0;
  }

  /** Queues `keys` for purging everywhere; returns at once. */
  purge(keys: readonly string[]): void {
    if (!this.enabled || keys.length === 0) return;
    for (const key of keys) this.pending.add(key);
    this.flush ??= new Promise((resolve) =>
      setImmediate(() => {
        this.flush = undefined;
        const batch = [...this.pending];
        this.pending = new Set();
        for (const url of this.settings.urls) this.track(this.send(url, batch));
        resolve();
      })
    );
  }

  /** Waits for the purges queued or under way (tests). */
  async settle(): Promise<void> {
    while (this.flush || this.running.size) await Promise.all([this.flush, ...this.running]);
  }

  private track(promise: Promise<void>): void {
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
  }

  private async send(url: string, keys: string[]): Promise<void> {
    const delays = this.settings.retryDelaysMs;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.request(url, keys);
        this.observe('sent');
        if (attempt > 0) this.log.info(`cdn purge: ${url} purged ${keys.join(' ')} after ${attempt + 1} attempts`);
        return;
      } catch (error) {
        this.observe(attempt >= delays.length ? 'failed' : 'retried');
        if (attempt >= delays.length) {
          this.log.error(`cdn purge: gave up purging ${keys.join(' ')} at ${url} after ${attempt + 1} attempts: ${errorMessage(error)}`);
          return;
        }
        this.log.warn(`cdn purge: ${url} failed for ${keys.join(' ')} (${errorMessage(error)}); retrying in ${delays[attempt]} ms`);
        await sleep(delays[attempt], undefined, { ref: false });
      }
    }
  }

  private async request(url: string, keys: string[]): Promise<void> {
    const headers: Record<string, string> = { xkey: keys.join(' '), 'Surrogate-Key': keys.join(' ') };
    if (this.settings.secret) headers[this.settings.secretHeader] = this.settings.secret;
    const response = await fetch(url, { method: this.settings.method, headers, signal: AbortSignal.timeout(this.settings.timeoutMs) });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`answered ${response.status}`);
  }
}
