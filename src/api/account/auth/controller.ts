/**
 * The plugin's auth controller with the buyer's rules on top: registration makes a buyer (server-owned
 * fields refused, username optional, the password policy), login costs the same time whether the account
 * exists or not, refresh ends with the account (blocked, deleted, unconfirmed), change-password follows
 * the policy, and the routes with e-mailed codes are replaced (./code-routes.ts). Strapi's answers and
 * error shapes are kept.
 */
import { randomBytes } from 'crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { passwordProblem } from '../lib/password-policy';
import { registerBodyProblem, usernameBase, withLanguage } from '../lib/register-body';
import { codeRoutes } from './code-routes';
import { USER_UID } from './settings';
import { endFamilyOnReplay } from './replay';
import { endAllSessions, sessions } from './tokens';

type Action = (ctx: Context, next?: () => Promise<unknown>) => Promise<unknown>;
type AuthController = Record<string, Action>;
export type AuthControllerFactory = (deps: { strapi: Core.Strapi }) => AuthController;

type Body = Record<string, unknown>;
const objectBody = (ctx: Context): Body | undefined => {
  const body = ctx.request.body as unknown;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : undefined;
};

function refuseWeakPassword(password: unknown, email: unknown): void {
  if (typeof password !== 'string') return;
  const problem = passwordProblem(password, typeof email === 'string' ? email : undefined);
  if (problem) throw new errors.ValidationError(problem);
}

/** The e-mail's name part, or with a random suffix when another account has it. */
async function freeUsername(strapi: Core.Strapi, email: string): Promise<string> {
  const base = usernameBase(email);
  let candidate = base;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if ((await strapi.db.query(USER_UID).count({ where: { username: candidate } })) === 0) return candidate;
    candidate = `${base}-${randomBytes(3).toString('hex')}`;
  }
  return `${base}-${randomBytes(8).toString('hex')}`;
}

/** A hash no password matches, compared against when the login names nobody (the same bcrypt work). */
let decoyHash: Promise<string> | undefined;
function decoy(strapi: Core.Strapi): Promise<string> {
  const hashing: Promise<string> =
    decoyHash ??
    strapi
      .plugin('users-permissions')
      .service('user')
      .ensureHashedPasswords({ password: randomBytes(24).toString('hex') })
      .then((values: { password: string }) => values.password);
  decoyHash = hashing;
  return hashing;
}

async function requiresConfirmation(strapi: Core.Strapi): Promise<boolean> {
  const advanced = (await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' })) as { email_confirmation?: boolean };
  return advanced?.email_confirmation === true;
}

export function accountAuthController(original: AuthControllerFactory): AuthControllerFactory {
  return ({ strapi }) => {
    const base = original({ strapi });
    const userService = () => strapi.plugin('users-permissions').service('user');

    return {
      ...base,
      ...codeRoutes(strapi),

      async register(ctx) {
        const body = objectBody(ctx);
        if (body) {
          const problem = registerBodyProblem(body);
          if (problem) throw new errors.ValidationError(problem);
          refuseWeakPassword(body.password, body.email);
          withLanguage(body);
          if ((body.username === undefined || body.username === null || body.username === '') && typeof body.email === 'string') {
            body.username = await freeUsername(strapi, body.email);
          }
        }
        return base.register(ctx);
      },

      async callback(ctx, next) {
        const body = objectBody(ctx);
        const local = (ctx.params?.provider ?? 'local') === 'local';
        if (local && body && typeof body.identifier === 'string' && typeof body.password === 'string') {
          const known = await strapi.db.query(USER_UID).count({
            where: { provider: 'local', $or: [{ email: body.identifier.toLowerCase() }, { username: body.identifier }] },
          });
          if (known === 0) {
            await userService().validatePassword(body.password, await decoy(strapi));
            throw new errors.ValidationError('Invalid identifier or password');
          }
        }
        return base.callback(ctx, next);
      },

      async changePassword(ctx) {
        const body = objectBody(ctx);
        if (ctx.state.user && body) refuseWeakPassword(body.password, (ctx.state.user as { email?: string }).email);
        return base.changePassword(ctx);
      },

      /**
       * Strapi's refresh, which does not look at the account: a blocked, deleted or unconfirmed one ends
       * here; a token already rotated ends its whole sign-in first (replay.ts), then Strapi refuses it.
       */
      async refresh(ctx) {
        const cookieName = (strapi.config.get('plugin::users-permissions.sessions') as { cookie?: { name?: string } })?.cookie?.name || 'strapi_up_refresh';
        const token = ctx.cookies.get(cookieName) ?? objectBody(ctx)?.refreshToken;
        if (typeof token === 'string') {
          const validation = await sessions(strapi).validateRefreshToken(token);
          if (validation.isValid && validation.userId) {
            const user = await strapi.db.query(USER_UID).findOne({ where: { id: Number(validation.userId) } });
            if (!user || user.blocked || (!user.confirmed && (await requiresConfirmation(strapi)))) {
              await endAllSessions(strapi, validation.userId);
              throw new errors.UnauthorizedError('Invalid refresh token');
            }
          } else {
            await endFamilyOnReplay(strapi, token);
          }
        }
        return base.refresh(ctx);
      },
    };
  };
}
