/**
 * The retention period (LEAD_RETENTION_DAYS, off by default): once a day, across all instances, leads
 * older than it are anonymised. Every instance checks hourly (and at start); the day's lease lets one
 * of them run it. The last run (when, how many) is kept in Strapi's core store for the admin, and each
 * run is in the personal-data audit.
 */
import type { Core } from '@strapi/strapi';
import { leases } from '../../../lib/cluster/leases';
import { errorMessage } from '../../../lib/errors';
import { personalDataAudit } from './audit';
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

/** Today's run, when this instance is the first to claim the day. */
async function runToday(strapi: Core.Strapi, days: number): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  if (!(await leases(strapi).claim(`lead-retention:${day}`, DAY_CLAIM_MS))) return;
  await runRetention(strapi, days);
}

let timer: NodeJS.Timeout | undefined;

export function startRetention(strapi: Core.Strapi): void {
  const { retentionDays } = personalDataSettings(strapi);
  if (retentionDays <= 0) return;
  const check = () =>
    runToday(strapi, retentionDays).catch((error) => strapi.log.warn(`personal data: retention run failed: ${errorMessage(error)}`));
  void check();
  timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
}

export function stopRetention(): void {
  clearInterval(timer);
  timer = undefined;
}
