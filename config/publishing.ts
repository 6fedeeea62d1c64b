import type { Core } from '@strapi/strapi';

/** Scheduled publishing (src/lib/publication-schedule, docs/editors.md). */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  schedule: {
    /** How often each instance looks for due publications: an entry goes live at most this late. */
    pollMs: Math.max(200, env.int('PUBLISH_SCHEDULE_POLL_MS', 5_000)),
  },
});
