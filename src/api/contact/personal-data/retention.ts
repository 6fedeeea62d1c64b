/**
 * The retention period (LEAD_RETENTION_DAYS, off by default): once a day, across all instances, leads
 * older than it are anonymised, and each other holder of personal data with a retention of its own
 * (a buyer's account: ACCOUNT_RETENTION_DAYS) erases what is past it. Every instance checks hourly (and
 * at start); the day's lease lets one of them run it. The last run of each (when, how many) is kept in
 * Strapi's core store for the admin, and each run is in the personal-data audit.
 */
import type { Core } from '@strapi/strapi';
import { leases } from '../../../lib/cluster/leases';
import { errorMessage } from '../../../lib/errors';
import { personalDataAudit } from './audit';
import { personalDataHolders, type PersonalDataHolder } from '../services/personal-data-holders';
import { personalData, personalDataSettings } from './people';

const CHECK_EVERY_MS = 60 * 60 * 1000;
/** A day's lease outlives the day, so an instance whose clock is a little behind does not run it again. */
const DAY_CLAIM_MS = 26 * 60 * 60 * 1000;
const LAST_RUN_KEY = 'lead-retention-last-run';

export interface RetentionRun {
  at: string;
  anonymised: number;
}

const store = (strapi: Core.Strapi) => strapi.store({ type: 'core', name: 'personal-data' });

/** Anonymises what is past the retention period now, and records the run; how many leads. */
export async function runRetention(strapi: Core.Strapi, days: number, now = Date.now()): Promise<number> {
  const anonymised = await personalData(strapi).anonymiseOlderThan(days, now);
  await personalDataAudit(strapi).record('retention', undefined, { older_than_days: days }, anonymised);
  await store(strapi).set({ key: LAST_RUN_KEY, value: { at: new Date(now).toISOString(), anonymised } satisfies RetentionRun });
  if (anonymised > 0) strapi.log.info(`personal data: ${anonymised} lead(s) older than ${days} days anonymised (retention)`);
  return anonymised;
}

export async function lastRetentionRun(strapi: Core.Strapi): Promise<RetentionRun | null> {
  return ((await store(strapi).get({ key: LAST_RUN_KEY })) as RetentionRun | null) ?? null;
}

const holderRunKey = (holder: PersonalDataHolder) => `${holder.key}-retention-last-run`;

/** A holder's retention run (its records untouched for `days` days erased), recorded as the leads' is; how many. */
export async function runHolderRetention(strapi: Core.Strapi, holder: PersonalDataHolder, days: number, now = Date.now()): Promise<number> {
  const erased = (await holder.retention?.run(days, now)) ?? 0;
  await personalDataAudit(strapi).record('retention', undefined, { older_than_days: days, holder: holder.key }, erased);
  await store(strapi).set({ key: holderRunKey(holder), value: { at: new Date(now).toISOString(), erased } });
  if (erased > 0) strapi.log.info(`personal data: ${erased} ${holder.key} record(s) unused for ${days} days erased (retention)`);
  return erased;
}

/** Each holder with a retention of its own: its period and last run. */
export async function holderRetention(strapi: Core.Strapi): Promise<Record<string, { retention_days: number; last_run: { at: string; erased: number } | null }>> {
  const parts = await Promise.all(
    personalDataHolders(strapi)
      .all()
      .filter((holder) => holder.retention)
      .map(async (holder) => [holder.key, { retention_days: holder.retention!.days(), last_run: ((await store(strapi).get({ key: holderRunKey(holder) })) as { at: string; erased: number } | null) ?? null }] as const)
  );
  return Object.fromEntries(parts);
}

/** The holders whose retention is on, with its days. */
const holderPeriods = (strapi: Core.Strapi) =>
  personalDataHolders(strapi)
    .all()
    .map((holder) => ({ holder, days: holder.retention?.days() ?? 0 }))
    .filter(({ days }) => days > 0);

/** Today's runs, when this instance is the first to claim the day. */
async function runToday(strapi: Core.Strapi): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  if (!(await leases(strapi).claim(`lead-retention:${day}`, DAY_CLAIM_MS))) return;
  const { retentionDays } = personalDataSettings(strapi);
  if (retentionDays > 0) await runRetention(strapi, retentionDays);
  for (const { holder, days } of holderPeriods(strapi)) await runHolderRetention(strapi, holder, days);
}

let timer: NodeJS.Timeout | undefined;

export function startRetention(strapi: Core.Strapi): void {
  if (personalDataSettings(strapi).retentionDays <= 0 && holderPeriods(strapi).length === 0) return;
  const check = () => runToday(strapi).catch((error) => strapi.log.warn(`personal data: retention run failed: ${errorMessage(error)}`));
  void check();
  timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
}

export function stopRetention(): void {
  clearInterval(timer);
  timer = undefined;
}
