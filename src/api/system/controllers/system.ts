import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { systemService } from '../services/system';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const system = () => systemService(strapi);

  return {
    async health(ctx: Context) {
      if (!(await system().databaseIsUp())) {
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      ctx.body = success({ status: 'ok', database: 'ok' });
    },

    openapi(ctx: Context) {
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = system().openApiDocument();
    },
  };
};
