/**
 * The plugin's services with the account rules: a confirmation e-mail is ours (hashed, expiring code,
 * the website's link, the buyer's language, sent after the answer), and an access token works only while
 * its session is active, so logout, a refresh (which replaces the session), a password change, a block or
 * a deletion ends it at once, on every instance (sessions live in the database).
 */
import type { Core } from '@strapi/strapi';
import { storeCodeAndMail } from './mail';
import { SESSION_ORIGIN, SESSION_UID, USER_UID } from './settings';

type Service = Record<string, unknown>;
export type ServiceFactory = (deps: { strapi: Core.Strapi }) => Service;

export function accountUserService(original: ServiceFactory): ServiceFactory {
  return ({ strapi }) => ({
    ...original({ strapi }),
    async sendConfirmationEmail(user: { id: number }) {
      const row = await strapi.db.query(USER_UID).findOne({ where: { id: user.id } });
      if (row) await storeCodeAndMail(strapi, row, 'confirmation');
    },
  });
}

interface TokenPayload {
  id?: unknown;
  sessionId?: string;
}

export function sessionBoundJwtService(original: ServiceFactory): ServiceFactory {
  return ({ strapi }) => {
    const base = original({ strapi }) as Service & { verify(token: string): Promise<TokenPayload> };
    return {
      ...base,
      async verify(token: string): Promise<TokenPayload> {
        const payload = await base.verify(token);
        if (strapi.config.get('plugin::users-permissions.jwtManagement') !== 'refresh') return payload;
        const session = payload.sessionId
          ? await strapi.db.query(SESSION_UID).findOne({ where: { sessionId: payload.sessionId }, select: ['status', 'origin'] })
          : null;
        if (!session || session.status !== 'active' || session.origin !== SESSION_ORIGIN) throw new Error('Invalid token.');
        return payload;
      },
    };
  };
}
