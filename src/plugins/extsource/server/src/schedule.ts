/** The scheduled full sync: its cron job (whether there is one, adding it, when it runs next) and its tick. */
import type { Core } from '@strapi/strapi';
import { errorMessage } from './errors';
import { hostOf } from './host';
import { syncService } from './services/sync';

export const SYNC_JOB_NAME = 'extsourceSync';

interface CronJobSpec {
  name: string | null;
  job: { nextInvocation(): Date | null };
}

/**
 * CRON_ENABLED=false (`server.cron.enabled`) turns every schedule off. Strapi itself only skips its
 * configured tasks then and still runs jobs added with `strapi.cron.add`, so the plugin checks it.
 */
const schedulesEnabled = (strapi: Core.Strapi) => strapi.config.get('server.cron.enabled') !== false;

/** Adds the sync job on `rule` (a cron expression; empty: no schedule). `task` gets the tick's scheduled time. */
export function scheduleSync(strapi: Core.Strapi, rule: string, task: (tick: Date) => Promise<void>): void {
  if (!rule || !schedulesEnabled(strapi)) return;
  strapi.cron.add({
    [SYNC_JOB_NAME]: {
      // Strapi passes the tick's scheduled time (not the moment it fired) after the context.
      task: (_context: unknown, ...args: unknown[]) => task(args[0] instanceof Date ? args[0] : new Date()),
      options: { rule },
    },
  });
}

/** The next scheduled sync, or null when there is no schedule (EXTSOURCE_CRON empty or CRON_ENABLED=false). */
export function nextScheduledRun(strapi: Core.Strapi): Date | null {
  if (!schedulesEnabled(strapi)) return null;
  const spec = (strapi.cron.jobs as unknown as CronJobSpec[]).find((job) => job.name === SYNC_JOB_NAME);
  return spec?.job.nextInvocation() ?? null;
}

/** A tick's claim outlives any clock difference between instances, and is then cleared. */
const TICK_CLAIM_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled full sync of one tick, once across instances: every instance's cron fires, the first
 * to claim the tick (its scheduled time, the same everywhere) runs it, the others skip it, even after
 * it finished.
 */
export async function scheduledSync(strapi: Core.Strapi, tick: Date): Promise<void> {
  try {
    if (!(await hostOf(strapi).leases.claim(`extsource:cron:${tick.toISOString()}`, TICK_CLAIM_MS))) return;
    await syncService(strapi).run('all', 'cron');
  } catch (error) {
    strapi.log.warn(`extsource: scheduled sync skipped: ${errorMessage(error)}`);
  }
}

/** The configured schedule (`plugin::extsource.cron`), each tick a `scheduledSync`. */
export function startScheduledSync(strapi: Core.Strapi): void {
  scheduleSync(strapi, String(strapi.config.get('plugin::extsource.cron', '')), (tick) => scheduledSync(strapi, tick));
}
