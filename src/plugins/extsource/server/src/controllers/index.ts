/**
 * Thin controllers, answering in Strapi's own shape, `{ data }` or `{ data, meta }` (the hosting app's
 * API edge puts the content API's answers in its envelope). Content API (API token): read handlers are
 * named `find`, which Strapi lets read-only tokens call; the sync handlers are not, so read-only tokens
 * get 403 there. Admin (the plugin page): the same operations, with the sync started in the background.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { extsourceConfig } from '../config';
import { notFound } from '../errors';
import { catalogueService, parsePropertyQuery } from '../services/catalogue';
import { connectionService } from '../services/connection';
import { nextScheduledRun } from '../schedule';
import { RUN_TYPES, syncService, type RunType } from '../services/sync';

const isRunType = (value: unknown): value is RunType => typeof value === 'string' && Object.hasOwn(RUN_TYPES, value);

export default {
  connection: ({ strapi }: { strapi: Core.Strapi }) => ({
    async find(ctx: Context) {
      ctx.body = { data: await connectionService(strapi).test() };
    },
  }),

  properties: ({ strapi }: { strapi: Core.Strapi }) => ({
    async find(ctx: Context) {
      ctx.body = await catalogueService(strapi).listProperties(parsePropertyQuery(ctx.query));
    },
  }),

  stats: ({ strapi }: { strapi: Core.Strapi }) => ({
    async find(ctx: Context) {
      ctx.body = { data: await catalogueService(strapi).stats() };
    },
  }),

  sync: ({ strapi }: { strapi: Core.Strapi }) => {
    const run = (type: RunType) => async (ctx: Context) => {
      ctx.body = { data: await syncService(strapi).run(type, 'api') };
    };
    return { all: run('all'), sales: run('sales'), rentals: run('rentals') };
  },

  admin: ({ strapi }: { strapi: Core.Strapi }) => ({
    async overview(ctx: Context) {
      const config = extsourceConfig(strapi);
      const sync = syncService(strapi);
      await sync.failStaleRuns();
      const [stats, runs, running] = await Promise.all([catalogueService(strapi).stats(), sync.recentRuns(20), sync.running()]);
      ctx.body = {
        data: {
          feeds: { listings: config.listingsDriver, projects: config.projectsDriver },
          stats,
          runs,
          running,
        },
      };
    },

    async test(ctx: Context) {
      ctx.body = { data: await connectionService(strapi).test() };
    },

    /** The synced listings, paginated and searchable, each with its last sighting. */
    async properties(ctx: Context) {
      ctx.body = await catalogueService(strapi).listingSummaries(parsePropertyQuery(ctx.query));
    },

    /** The dashboard widget: the last run of each type, the run going now, the next scheduled run. */
    async dashboard(ctx: Context) {
      const sync = syncService(strapi);
      await sync.failStaleRuns();
      const [lastRuns, running] = await Promise.all([catalogueService(strapi).lastRunPerType(), sync.running()]);
      const next = nextScheduledRun(strapi);
      ctx.body = { data: { last_runs: lastRuns, running, next_run_at: next ? next.toISOString() : null } };
    },

    async sync(ctx: Context) {
      const type: unknown = ctx.params.type;
      if (!isRunType(type)) throw notFound(`Unknown sync type "${String(type)}" (all, sales, rentals)`);
      const { run, finished } = await syncService(strapi).start(type, 'admin');
      finished.catch((error: unknown) => strapi.log.error(`extsource: admin sync ${run.run_id} crashed: ${String(error)}`));
      ctx.status = 202;
      ctx.body = { data: run };
    },
  }),
};
