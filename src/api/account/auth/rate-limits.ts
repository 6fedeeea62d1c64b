/**
 * Attempts on the account routes, counted per client IP and per e-mail address (login's identifier), in
 * Redis when REDIS_URL is set so that every instance shares the count (src/lib/rate-limit.ts). They take
 * the place of the plugin's own limiter, which counts per process. The address is hashed in the key: the
 * counters hold no e-mail addresses. Refused attempts answer 429 in Strapi's error shape, with Retry-After.
 */
import { createHash } from 'crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { createRateLimiter, type RateLimitVerdict } from '../../../lib/rate-limit';
import { redisClient } from '../../../lib/redis';
import { accountSettings } from './settings';

export interface AuthRouteLimit {
  action: string;
  /** The body field naming the account, counted on its own. */
  emailField?: 'email' | 'identifier';
}

interface RouteLike {
  method: string;
  path: string;
  config?: { middlewares?: unknown[] } & Record<string, unknown>;
}

const LIMITS: Record<string, AuthRouteLimit> = {
  'POST /auth/local': { action: 'login', emailField: 'identifier' },
  'POST /auth/local/register': { action: 'register', emailField: 'email' },
  'POST /auth/forgot-password': { action: 'forgot-password', emailField: 'email' },
  'POST /auth/reset-password': { action: 'reset-password' },
  'GET /auth/email-confirmation': { action: 'email-confirmation' },
  'POST /auth/send-email-confirmation': { action: 'send-email-confirmation', emailField: 'email' },
  'POST /auth/change-password': { action: 'change-password' },
  'GET /connect/(.*)': { action: 'connect' },
  'GET /auth/:provider/callback': { action: 'provider-sign-in' },
};

export const RATE_LIMIT_MIDDLEWARE = 'account-rate-limit';
const PLUGIN_LIMITER = 'plugin::users-permissions.rateLimit';

/** Puts our limiter in front of each account route, in place of the plugin's. */
export function limitAuthRoutes(routes: RouteLike[]): void {
  for (const route of routes) {
    const limit = LIMITS[`${route.method} ${route.path}`];
    const others = (route.config?.middlewares ?? []).filter((middleware) => middleware !== PLUGIN_LIMITER);
    const ours = limit ? [{ name: `plugin::users-permissions.${RATE_LIMIT_MIDDLEWARE}`, config: limit }] : [];
    route.config = { ...route.config, middlewares: [...ours, ...others] };
  }
}

function emailKey(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32);
}

function refuseWhenSpent(ctx: Context, verdict: RateLimitVerdict): void {
  if (verdict.allowed) return;
  ctx.set('Retry-After', String(verdict.retryAfterSeconds));
  throw new errors.RateLimitError(`Too many attempts. Try again in ${verdict.retryAfterSeconds} seconds.`);
}

export function accountRateLimit(limit: AuthRouteLimit, { strapi }: { strapi: Core.Strapi }) {
  const { ipMax, emailMax, windowSeconds } = accountSettings(strapi).rateLimit;
  const redisUrl = String(strapi.config.get('cache.redisUrl', ''));
  const redis = redisUrl ? redisClient(redisUrl, strapi.log) : undefined;
  const perIp = createRateLimiter({ name: `account-${limit.action}-ip`, max: ipMax, windowSeconds, redis });
  const perEmail = limit.emailField ? createRateLimiter({ name: `account-${limit.action}-email`, max: emailMax, windowSeconds, redis }) : undefined;

  return async (ctx: Context, next: Next) => {
    refuseWhenSpent(ctx, await perIp.consume(ctx.request.ip));
    const body = ctx.request.body as Record<string, unknown> | undefined;
    const email = limit.emailField && body && typeof body === 'object' ? emailKey(body[limit.emailField]) : undefined;
    if (perEmail && email) refuseWhenSpent(ctx, await perEmail.consume(email));
    return next();
  };
}
