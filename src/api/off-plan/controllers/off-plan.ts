import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { parseListingQuery } from '../lib/query';
import { offPlanService } from '../services/off-plan';

const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async legacy(ctx: Context) {
    ctx.body = success(await offPlanService(strapi).legacyPage());
  },

  async projects(ctx: Context) {
    const parsed = parseListingQuery(ctx.query);
    if (!parsed.ok) throw ApiError.validation(parsed.errors);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = await offPlanService(strapi).listing(parsed.query);
  },

  async filters(ctx: Context) {
    ctx.body = success(await offPlanService(strapi).filters());
  },

  async project(ctx: Context) {
    const id = String(ctx.params.projectId);
    const project = PROJECT_ID.test(id) ? await offPlanService(strapi).project(id) : null;
    if (!project) throw ApiError.notFound(`No off-plan project with id "${id.slice(0, 64)}"`);
    ctx.body = success(project, 200, 'Project retrieved successfully');
  },
});
