/**
 * Strict-Transport-Security only on answers that travel over HTTPS (directly, or behind a proxy trusted
 * with TRUST_PROXY that says so in X-Forwarded-Proto): over plain HTTP it means nothing.
 */
import type { Context, Next } from 'koa';

const ONE_YEAR_S = 365 * 24 * 3600;

export default () =>
  async function hsts(ctx: Context, next: Next) {
    if (ctx.secure) ctx.set('Strict-Transport-Security', `max-age=${ONE_YEAR_S}; includeSubDomains`);
    return next();
  };
