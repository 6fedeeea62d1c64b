/**
 * The alert worker, off the request path, in every instance: each tick (ALERTS_POLL_MS) it matches each
 * catalogue of the registry whose items are new here since its last match on this instance (matcher.ts;
 * another instance may have matched them: it finds nothing changed, or a catalogue's mark says so), then,
 * holding the `alerts:send` lease (one sender across instances), sends every due batch: a buyer's instant
 * alerts of one subject, or their digest. A batch is claimed before it is sent; a failure is retried with
 * a doubling backoff, then given up (failed); a buyer who may no longer be written to (consent
 * withdrawn, blocked, gone) has the batch cancelled. Pending work lives in the database only, so a
 * restart loses nothing: a claim whose holder died runs out and the batch is due again.
 *
 * `runDue(now)` is the same round with a clock of the caller's (tests check the digest hour with it).
 */
import type { Core } from '@strapi/strapi';
import { INSTANCE_ID } from '../../../lib/cluster/instance';
import { leases } from '../../../lib/cluster/leases';
import { errorMessage } from '../../../lib/errors';
import { alertSends } from '../lib/metrics';
import { backoffDelay } from '../../../lib/outbox';
import type { Locale } from '../../../lib/locale';
import { throttledLog } from '../../../lib/throttled-log';
import { catalogueAlerting, catalogues, type AlertItems, type CatalogueEntry } from '../../catalogues/services/registry';
import { alertEmail } from '../lib/alert-email';
import { signUnsubscribe } from '../lib/unsubscribe-token';
import { parseSubject, searchSubject, type AlertSubject } from '../lib/alert-rules';
import { alertMatcher } from './matcher';
import { eligibleBuyers } from './recipients';
import { alertSettings, type AlertSettings } from './settings';
import { alertStore, type AlertStore, type StoredAlert } from './store';

const SEND_LEASE = 'alerts:send';
const SAVED_SEARCH_UID = 'api::account.saved-search';
/** A claim outlives its attempt by this much. */
const CLAIM_MARGIN_MS = 10_000;
/** Batches one round sends at most, so the lease is handed on now and then. */
const ROUND_BATCHES = 200;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export class AlertSender {
  private readonly store: AlertStore;
  private readonly warnOnce = throttledLog((line) => this.strapi.log.warn(line));
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private rounds = 0;
  private purgedAt = 0;
  /** What each catalogue's items were read from when this instance matched them last, by catalogue: new items are matched at the next tick. */
  private readonly matched = new Map<string, object>();

  constructor(private readonly strapi: Core.Strapi) {
    this.store = alertStore(strapi);
  }

  start(): void {
    const tick = () => {
      if (this.stopped) return;
      this.running = this.tick().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.timer = setTimeout(tick, alertSettings(this.strapi).pollMs).unref();
      });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Items a catalogue adopted on this instance: matched now (in the background), their instant alerts sent at once. */
  matchNow(entry: CatalogueEntry, items: AlertItems): void {
    void alertMatcher(this.strapi)
      .match(entry, items)
      .then((written) => {
        if (written) this.kick();
      })
      .catch((error: unknown) => this.warnOnce(`match:${entry.name}`, `alerts: matching the ${entry.name} failed: ${errorMessage(error)}`));
  }

  /** Each catalogue's items loaded since its last match here, matched. */
  private async matchCatalogues(): Promise<void> {
    for (const entry of catalogues()) {
      try {
        const items = entry.alerts.loaded(this.strapi);
        if (!items || items.source === this.matched.get(entry.name)) continue;
        if ((await alertMatcher(this.strapi).match(entry, items)) !== null) this.matched.set(entry.name, items.source);
      } catch (error) {
        this.warnOnce(`match:${entry.name}`, `alerts: matching the ${entry.name} failed: ${errorMessage(error)}`);
      }
    }
  }

  /** Sends what is due now rather than at the next tick (unless a tick is under way). */
  private kick(): void {
    if (this.running || this.stopped) return;
    clearTimeout(this.timer);
    this.start();
  }

  private async tick(): Promise<void> {
    if (!alertSettings(this.strapi).enabled) return;
    if (Date.now() - this.purgedAt > PURGE_EVERY_MS) {
      this.purgedAt = Date.now();
      await this.purge(Date.now()).catch((error: unknown) => this.warnOnce('purge', `alerts: purge failed: ${errorMessage(error)}`));
    }
    await this.matchCatalogues();
    try {
      await this.runDue(Date.now());
    } catch (error) {
      this.warnOnce('send', `alerts: sending failed: ${errorMessage(error)}`);
    }
  }

  /** The purge (hourly on each instance; tests call it): settled alerts older than ALERTS_PURGE_DAYS, and rows of deleted buyers and searches. */
  async purge(now: number): Promise<number> {
    const days = alertSettings(this.strapi).purgeDays;
    const removed = await this.store.purge(days > 0 ? now - days * DAY_MS : 0);
    if (removed > 0) this.strapi.log.info(`alerts: purged ${removed} settled or orphaned rows`);
    return removed;
  }

  /** Sends every batch due at `now`, holding the send lease; how many batches it sent or settled. */
  async runDue(now: number): Promise<number> {
    const settings = alertSettings(this.strapi);
    if (!settings.enabled || !(await this.store.anyDue(now))) return 0;
    const lease = await leases(this.strapi).tryAcquire(SEND_LEASE);
    if (!lease) return 0;
    try {
      let batches = 0;
      while (batches < ROUND_BATCHES && lease.held() && !this.stopped) {
        this.rounds += 1;
        const token = `${INSTANCE_ID}#alerts-${this.rounds}`;
        const batch = await this.store.claimBatch(settings.timeoutMs + CLAIM_MARGIN_MS, token, now);
        if (batch.length === 0) break;
        await this.attempt(batch, token, settings, now);
        batches += 1;
      }
      return batches;
    } finally {
      await lease.release();
    }
  }

  /** The subjects of `subjects` still to be told: not unsubscribed, and (a search) not deleted. */
  private async live(subjects: AlertSubject[]): Promise<Set<AlertSubject>> {
    const searchIds = subjects.flatMap((subject) => (parseSubject(subject)?.type === 'search' ? [parseSubject(subject)!.id] : []));
    const kept = (await this.strapi.db.query(SAVED_SEARCH_UID).findMany({ select: ['id'], where: { id: { $in: searchIds } } })) as Array<{ id: number }>;
    const existing = new Set(kept.map((search) => searchSubject(search.id)));
    const muted = await Promise.all(subjects.map((subject) => this.store.isMuted(subject)));
    return new Set(subjects.filter((subject, i) => !muted[i] && (existing.has(subject) || parseSubject(subject)?.type === 'favorites')));
  }

  /** Each item's page as every other answer names it (decision 108), in `locale`, by its catalogue; none when the website is not known. */
  private async pages(locale: Locale, settings: AlertSettings): Promise<(key: string) => string | undefined> {
    if (!settings.clientUrl) return () => undefined;
    const pagesOf = new Map<string, (own: string) => string>();
    for (const entry of catalogues()) pagesOf.set(entry.name, await entry.alerts.pages(this.strapi, locale));
    return (key) => {
      const found = catalogueAlerting(key);
      return found && pagesOf.get(found.entry.name)?.(found.own);
    };
  }

  private async attempt(claimed: StoredAlert[], token: string, settings: AlertSettings, now: number): Promise<void> {
    const buyerId = claimed[0].buyer_id;
    const recipient = (await eligibleBuyers(this.strapi, new Set([buyerId]))).get(buyerId);
    const live = recipient ? await this.live([...new Set(claimed.map((alert) => alert.subject as AlertSubject))]) : new Set<AlertSubject>();
    const batch = claimed.filter((alert) => live.has(alert.subject as AlertSubject));
    const dropped = claimed.filter((alert) => !live.has(alert.subject as AlertSubject)).map((alert) => alert.id);
    if (dropped.length > 0) {
      await this.store.finish(dropped, token, { status: 'cancelled', error: recipient ? 'unsubscribed, or the search was deleted' : 'the buyer may not get alerts now' });
    }
    if (!recipient || batch.length === 0) return;
    const ids = batch.map((alert) => alert.id);
    const subjects = [...live];
    const link = (about: AlertSubject[]) => `${settings.publicUrl}/api/v1/unsubscribe?token=${signUnsubscribe(settings.secret, { buyerId, subjects: about })}`;
    const host = new URL(settings.publicUrl).hostname || 'localhost';
    try {
      const email = alertEmail(recipient.email, recipient.locale, batch, {
        unsubscribeAll: link(subjects),
        unsubscribe: (subject) => link([subject as AlertSubject]),
        project: await this.pages(recipient.locale, settings),
        pricedFrom: (key) => catalogueAlerting(key)?.entry.alerts.pricesFrom ?? false,
      }, batch[0].batch === 'digest');
      // The same Message-ID on every attempt: a client shows a resent alert once.
      await withDeadline(this.strapi.plugin('email').service('email').send({ ...email, messageId: `<alert-${ids[0]}-${ids.length}@${host}>` }) as Promise<unknown>, settings.timeoutMs);
      await this.store.finish(ids, token, { status: 'sent' });
      alertSends.inc({ result: 'sent' }, ids.length);
    } catch (error) {
      const attempts = Math.max(...batch.map((alert) => alert.attempts));
      const reason = errorMessage(error);
      const failed = attempts >= settings.maxAttempts;
      await this.store.finish(ids, token, failed ? { status: 'failed', error: reason } : { status: 'retrying', error: reason, nextAttemptAt: now + backoffDelay(settings, attempts) });
      alertSends.inc({ result: failed ? 'failed' : 'retried' }, ids.length);
      this.strapi.log.warn(`alerts: batch of ${ids.length} for buyer #${buyerId} (attempt ${attempts}) ${failed ? 'failed for good' : 'will be retried'}: ${reason}`);
    }
  }
}

let running: AlertSender | undefined;

/** Starts the worker, and has the items each catalogue adopts on this instance matched as it adopts them. */
export function startAlertSender(strapi: Core.Strapi): void {
  // Off is a setting, not an error; but an operator who turned accounts on expects their alerts.
  if (!alertSettings(strapi).enabled && strapi.config.get('accounts.enabled') !== false) {
    strapi.log.warn('alerts: ALERTS_UNSUBSCRIBE_SECRET is not set, so buyers\' saved-search and favourite alerts are off (README, Configuration)');
  }
  const sender = new AlertSender(strapi);
  running = sender;
  sender.start();
  for (const entry of catalogues()) {
    entry.alerts.onAdopt?.(strapi, (items) => {
      if (running === sender) sender.matchNow(entry, items);
    });
  }
}

/** The running sender (tests drive its clock). */
export const alertSender = (): AlertSender | undefined => running;

export async function stopAlertSender(): Promise<void> {
  const sender = running;
  running = undefined;
  await sender?.stop();
}
