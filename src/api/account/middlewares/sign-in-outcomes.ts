/**
 * What came of the website's sign-ups and sign-ins, read from the answers of the users-permissions
 * plugin's own routes (their controllers stay Strapi's; opened by issue 33's part A): a registration
 * answered 200 counts a sign-up; a sign-in answered 200 marks the account used (`last_active_at`, what
 * ACCOUNT_RETENTION_DAYS counts from), one answered 400 (the plugin's answer to every refused sign-in)
 * counts a failure. A 429 (rate limited) or 403 (route closed) checked no password and counts nothing.
 * A global middleware (config/middlewares.ts), outside strapi::errors, so it sees the status as sent.
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { buyerSigninsFailed, buyerSignups } from '../lib/metrics';
import { buyerService } from '../services/buyer';

const SIGN_IN = '/api/auth/local';
const REGISTER = '/api/auth/local/register';

/** The signed-in user's id in the plugin's answer (`{ jwt, user }`). */
function signedInUser(ctx: Context): number | undefined {
  const id = Number((ctx.body as { user?: { id?: unknown } } | undefined)?.user?.id);
  return Number.isSafeInteger(id) ? id : undefined;
}

async function recordOutcome(strapi: Core.Strapi, ctx: Context): Promise<void> {
  if (ctx.path === REGISTER && ctx.status === 200) buyerSignups.inc();
  if (ctx.path !== SIGN_IN) return;
  if (ctx.status === 400) buyerSigninsFailed.inc();
  const user = ctx.status === 200 ? signedInUser(ctx) : undefined;
  if (user !== undefined) await buyerService(strapi).markActive(user);
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async function signInOutcomes(ctx: Context, next: Next): Promise<void> {
    if (ctx.method !== 'POST' || (ctx.path !== SIGN_IN && ctx.path !== REGISTER)) return next();
    await next();
    await recordOutcome(strapi, ctx);
  };
