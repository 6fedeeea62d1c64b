/** The scheduled full sync's cron job, by name, and when it runs next. */
import type { Core } from '@strapi/strapi';

export const SYNC_JOB_NAME = 'extsourceSync';

interface CronJobSpec {
  name: string | null;
  job: { nextInvocation(): Date | null };
}

/** The next scheduled sync, or null when there is no schedule (EXTSOURCE_CRON empty or CRON_ENABLED=false). */
export function nextScheduledRun(strapi: Core.Strapi): Date | null {
  if (strapi.config.get('server.cron.enabled') === false) return null;
  const spec = (strapi.cron.jobs as unknown as CronJobSpec[]).find((job) => job.name === SYNC_JOB_NAME);
  return spec?.job.nextInvocation() ?? null;
}
