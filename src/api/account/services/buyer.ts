/**
 * Who the buyer of a request is: the one place that reads a buyer's access token. The token is checked
 * by the users-permissions plugin's own jwt service, in either of its modes (`jwtManagement`):
 * 'legacy-support' (a JWT signed with the plugin's secret, naming the user `id`) and 'refresh' (an
 * access token of Strapi's session manager; its session must still be active, so a logout, or a
 * refresh token revoked when the buyer is blocked or deleted, ends it at once, on every instance, as
 * sessions live in the database). The user is read on every request, so a blocked, unconfirmed or
 * deleted account, or one without the Buyer role, is refused at once too. A buyer's request marks the
 * account used (`last_active_at`, at most once a day), as a sign-in does (`middlewares/sign-in-outcomes.ts`).
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { bearerToken } from '../../../lib/bearer';
import { activityDue } from '../lib/account-record';

export const USER_UID = 'plugin::users-permissions.user';
export const ROLE_UID = 'plugin::users-permissions.role';
/** The role of website buyers, found by its type (the name is for editors). */
export const BUYER_ROLE_TYPE = 'buyer';

export interface BuyerAccount {
  id: number;
  documentId: string;
  username: string;
  email: string;
  password?: string | null;
  confirmed: boolean | null;
  blocked: boolean | null;
  name: string | null;
  phone: string | null;
  language: string | null;
  marketing_consent: boolean | null;
  marketing_consent_version: string | null;
  marketing_consent_at: string | null;
  last_active_at: string | null;
  createdAt: string;
  role?: { type?: string } | null;
}

/** none: no bearer token; refused: a token that names no buyer who may sign in now. */
export type BuyerCheck = { status: 'none' } | { status: 'refused' } | { status: 'buyer'; buyer: BuyerAccount };

interface JwtService {
  verify(token: string): Promise<{ id?: number | string; sessionId?: string }>;
}

interface OriginSessions {
  isSessionActive(sessionId: string): Promise<boolean>;
}

const NONE: BuyerCheck = { status: 'none' };
const REFUSED: BuyerCheck = { status: 'refused' };

/** Whether the user may act as a buyer now. */
export const isActiveBuyer = (user: BuyerAccount | null | undefined): user is BuyerAccount =>
  Boolean(user && user.confirmed === true && user.blocked !== true && user.role?.type === BUYER_ROLE_TYPE);

const createBuyerService = ({ strapi }: { strapi: Core.Strapi }) => {
  const plugin = () => strapi.plugin('users-permissions');

  /** The user id the token names, or undefined when the plugin does not accept it. */
  async function userIdOf(token: string): Promise<number | undefined> {
    let payload: { id?: number | string; sessionId?: string };
    try {
      payload = await (plugin().service('jwt') as JwtService).verify(token);
    } catch {
      return undefined;
    }
    const id = Number(payload.id);
    if (!Number.isSafeInteger(id)) return undefined;
    if (strapi.config.get('plugin::users-permissions.jwtManagement') === 'refresh') {
      const sessions = (strapi as unknown as { sessionManager(origin: string): OriginSessions }).sessionManager('users-permissions');
      if (!payload.sessionId || !(await sessions.isSessionActive(payload.sessionId))) return undefined;
    }
    return id;
  }

  return {
    /** The buyer an Authorization header names. */
    async check(authorization: string | undefined): Promise<BuyerCheck> {
      const token = bearerToken(authorization);
      if (!token) return authorization ? REFUSED : NONE;
      const id = await userIdOf(token);
      if (id === undefined) return REFUSED;
      const user = (await strapi.db.query(USER_UID).findOne({ where: { id }, populate: ['role'] })) as BuyerAccount | null;
      if (!isActiveBuyer(user)) return REFUSED;
      if (activityDue(user.last_active_at, Date.now())) await this.markActive(user.id);
      return { status: 'buyer', buyer: user };
    },

    /** The account was used now (a sign-in, a request): what ACCOUNT_RETENTION_DAYS counts from. */
    async markActive(userId: number): Promise<void> {
      await strapi.db.query(USER_UID).update({ where: { id: userId }, data: { last_active_at: new Date() } });
    },

    /** The same for a request. */
    of(ctx: Context): Promise<BuyerCheck> {
      return this.check(ctx.get('authorization') || undefined);
    },
  };
};

export default createBuyerService;
export type BuyerService = ReturnType<typeof createBuyerService>;
export const buyerService = (strapi: Core.Strapi) => strapi.service('api::account.buyer') as BuyerService;

/** The Buyer role, created once (by its type, whoever creates it first): it grants no route of the plugin. */
export async function ensureBuyerRole(strapi: Core.Strapi): Promise<{ id: number }> {
  const roles = strapi.db.query(ROLE_UID);
  const existing = (await roles.findOne({ where: { type: BUYER_ROLE_TYPE } })) as { id: number } | null;
  if (existing) return existing;
  return (await roles.create({ data: { name: 'Buyer', type: BUYER_ROLE_TYPE, description: 'Website buyers: their account, favourites and saved searches (/api/v1/me).' } })) as { id: number };
}
