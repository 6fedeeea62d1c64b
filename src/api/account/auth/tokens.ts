/**
 * The plugin's sessions (Strapi 5 `jwtManagement: 'refresh'`) as the account routes use them: a fresh
 * pair after a password reset, every session of a user ended at once.
 */
import { randomUUID } from 'crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { SESSION_ORIGIN, USER_UID } from './settings';

type Failure = { error: string };

interface OriginSessions {
  generateRefreshToken(userId: string, deviceId: string | undefined, options: { type: 'refresh' }): Promise<{ token: string }>;
  generateAccessToken(refreshToken: string): Promise<{ token: string } | Failure>;
  validateRefreshToken(token: string): Promise<{ isValid: boolean; userId?: string }>;
  invalidateRefreshToken(userId: string, deviceId?: string): Promise<void>;
}

export function sessions(strapi: Core.Strapi): OriginSessions {
  return (strapi.sessionManager as unknown as (origin: string) => OriginSessions)(SESSION_ORIGIN);
}

export async function endAllSessions(strapi: Core.Strapi, userId: number | string): Promise<void> {
  await sessions(strapi).invalidateRefreshToken(String(userId));
}

/** The user as the content API shows it (no password, no codes), as Strapi's own auth answers do. */
export async function sanitizedUser(strapi: Core.Strapi, ctx: Context, userId: number): Promise<unknown> {
  const user = await strapi.db.query(USER_UID).findOne({ where: { id: userId } });
  return strapi.contentAPI.sanitize.output(user, strapi.getModel(USER_UID), { auth: ctx.state.auth });
}

/** Ends every session of the user and answers with a new one, in Strapi's shape ({ jwt, refreshToken, user }). */
export async function answerWithFreshSession(strapi: Core.Strapi, ctx: Context, userId: number): Promise<void> {
  await endAllSessions(strapi, userId);
  const body = (ctx.request.body ?? {}) as { deviceId?: unknown };
  const deviceId = typeof body.deviceId === 'string' && body.deviceId ? body.deviceId : randomUUID();
  const refresh = await sessions(strapi).generateRefreshToken(String(userId), deviceId, { type: 'refresh' });
  const access = await sessions(strapi).generateAccessToken(refresh.token);
  if ('error' in access) throw new errors.ApplicationError('Invalid credentials');
  ctx.body = { jwt: access.token, refreshToken: refresh.token, user: await sanitizedUser(strapi, ctx, userId) };
}
