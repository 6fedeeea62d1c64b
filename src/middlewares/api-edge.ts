/**
 * The edge of every contract path (/api/v1, /api/extsource): the request id, body admission (before
 * Strapi's body parser reads anything), the locale of the website's paths, then the one envelope
 * around whatever comes back or goes wrong below, including unknown paths. Other paths pass straight
 * through.
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { admitBody } from '../lib/body-admission';
import { isContractPath, requestIdFor } from '../lib/contract-paths';
import { answerThrown, envelopeAnswer } from '../lib/edge-envelope';
import { readLocale } from '../lib/locale-reading';

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async function apiEdge(ctx: Context, next: Next): Promise<void> {
    if (!isContractPath(ctx.path)) return next();

    const requestId = requestIdFor(ctx.get('x-request-id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);

    try {
      admitBody(ctx);
      readLocale(ctx);
      await next();
    } catch (thrown) {
      answerThrown(strapi.log, ctx, requestId, thrown);
      return;
    }
    envelopeAnswer(ctx);
  };
