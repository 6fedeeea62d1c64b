/**
 * Who the buyer of a request is: the one place that reads a buyer's access token, for the full path and
 * the fast lane alike. The token is checked by the users-permissions plugin's own jwt service, in either
 * of its modes (`jwtManagement`): 'legacy-support' (a JWT signed with the plugin's secret, naming the
 * user `id`) and 'refresh' (an access token of Strapi's session manager; its session must still be
 * active, so a logout, or a refresh token revoked when the buyer is blocked or deleted, ends it). The
 * account must be confirmed, not blocked and of the Buyer role.
 *
 * All of it is held per instance, so that a signed-in page costs no database read (issue 33): a token's
 * claims once its signature is checked, until it expires; the account and session as read, until the
 * session expires, under the buyer's cache tag (`buyerCacheTag`), which every write to the account, its
 * sessions or its favourites invalidates here and, through the bus, on every other instance (decision 107);
 * a lost message is bounded by the cache's content lifetime (seconds while the bus is down).
 * A buyer's request marks the account used (`last_active_at`, at most once a day), as a sign-in does
 * (`middlewares/sign-in-outcomes.ts`).
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import LRUCache from 'lru-cache';
import { bearerToken } from '../../../lib/bearer';
import { cache, declareCacheTagFamily } from '../../../lib/cache';
import { activityDueAt } from '../lib/account-record';

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

const SESSION_UID = 'admin::session';
const SESSION_ORIGIN = 'users-permissions';

/** Every write to a buyer's account, sessions or favourites clears this tag, here and on every instance. */
const BUYER_TAG = 'account.buyer:';
declareCacheTagFamily(BUYER_TAG);
export const buyerCacheTag = (userId: number | string) => `${BUYER_TAG}${userId}`;

/** What a token says once its signature was checked. */
interface Claims {
  userId: number;
  sessionId: string | undefined;
  /** Epoch ms; Infinity for a token without `exp`. */
  expiresAt: number;
  /** Where the state of its account and session is cached (made once: the fast lane reads it per request). */
  stateKey: string;
}

/** The account and session a token names, as read: `buyer` null when they may not act as a buyer. */
interface BuyerState {
  buyer: BuyerAccount | null;
  /** Epoch ms after which the state is no longer true (the session's expiry). */
  until: number;
  /** What a request with the token is: the buyer, or refused. */
  check: BuyerCheck;
  /** From when a request must mark the account active (epoch ms; Infinity for no buyer). */
  activityDueAt: number;
}

/** Tokens checked lately (null: refused whatever happens later; a token's claims never change). */
const TOKENS_KEPT = 10_000;

const NONE: BuyerCheck = { status: 'none' };
const REFUSED: BuyerCheck = { status: 'refused' };
/** The state of a token whose session or account may not act as a buyer (until the session's expiry, else for good). */
const NO_BUYER: BuyerState = { buyer: null, until: Infinity, check: REFUSED, activityDueAt: Infinity };

/** The JWT's payload (its signature already checked). */
function payloadOf(token: string): { exp?: unknown } {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
  } catch {
    return {};
  }
}

const stateKeyOf = (userId: number, sessionId: string | undefined) => `account.buyer-session:${userId}:${sessionId ?? ''}`;

/** Whether the user may act as a buyer now. */
export const isActiveBuyer = (user: BuyerAccount | null | undefined): user is BuyerAccount =>
  Boolean(user && user.confirmed === true && user.blocked !== true && user.role?.type === BUYER_ROLE_TYPE);

const createBuyerService = ({ strapi }: { strapi: Core.Strapi }) => {
  const plugin = () => strapi.plugin('users-permissions');
  const refreshMode = () => strapi.config.get('plugin::users-permissions.jwtManagement') === 'refresh';
  // One per mode: a token one mode accepts, the other refuses.
  const checkedTokens = { refresh: new LRUCache<string, Claims | null>({ max: TOKENS_KEPT }), legacy: new LRUCache<string, Claims | null>({ max: TOKENS_KEPT }) };
  const claimsByToken = () => (refreshMode() ? checkedTokens.refresh : checkedTokens.legacy);

  /** What the token says, or null when the plugin does not accept it. */
  async function claimsOf(token: string): Promise<Claims | null> {
    let payload: { id?: number | string; sessionId?: string };
    try {
      payload = await (plugin().service('jwt') as JwtService).verify(token);
    } catch {
      return null;
    }
    const userId = Number(payload.id);
    if (!Number.isSafeInteger(userId) || (refreshMode() && !payload.sessionId)) return null;
    const { exp } = payloadOf(token);
    return { userId, sessionId: payload.sessionId, expiresAt: typeof exp === 'number' ? exp * 1000 : Infinity, stateKey: stateKeyOf(userId, payload.sessionId) };
  }

  async function claimsKept(token: string): Promise<Claims | null> {
    const kept = claimsByToken();
    let claims = kept.get(token);
    if (claims === undefined) {
      claims = await claimsOf(token);
      kept.set(token, claims);
    }
    return claims && claims.expiresAt > Date.now() ? claims : null;
  }

  /**
   * The session's expiry (epoch ms) while it is the current one: a refresh leaves the session it replaced
   * in place, marked `rotated`, and its access tokens end with it (as the plugin's jwt service judges them).
   */
  async function sessionUntil(sessionId: string | undefined): Promise<number | undefined> {
    if (!refreshMode()) return Infinity;
    const session = (await strapi.db.query(SESSION_UID).findOne({ where: { sessionId }, select: ['origin', 'status', 'expiresAt'] })) as { origin: string; status: string; expiresAt: string } | null;
    const until = session?.origin === SESSION_ORIGIN && session.status === 'active' ? new Date(session.expiresAt).getTime() : NaN;
    return until > Date.now() ? until : undefined;
  }

  async function stateOf(claims: Claims): Promise<BuyerState> {
    const until = await sessionUntil(claims.sessionId);
    if (until === undefined) return NO_BUYER;
    const user = (await strapi.db.query(USER_UID).findOne({ where: { id: claims.userId }, populate: ['role'] })) as BuyerAccount | null;
    if (!isActiveBuyer(user)) return { ...NO_BUYER, until };
    const buyer = Object.freeze(user);
    return { buyer, until, check: { status: 'buyer', buyer }, activityDueAt: activityDueAt(buyer.last_active_at) };
  }

  async function stateKept(claims: Claims): Promise<BuyerState> {
    const options = { tags: [buyerCacheTag(claims.userId)] };
    const kept = (await cache.get(claims.stateKey, () => stateOf(claims), options)).value;
    return kept.until > Date.now() ? kept : cache.set(claims.stateKey, await stateOf(claims), options).value;
  }

  return {
    /** The buyer an Authorization header names. */
    async check(authorization: string | undefined): Promise<BuyerCheck> {
      const token = bearerToken(authorization);
      if (!token) return authorization ? REFUSED : NONE;
      const claims = await claimsKept(token);
      if (!claims) return REFUSED;
      const state = await stateKept(claims);
      if (state.buyer && Date.now() >= state.activityDueAt) await this.markActive(state.buyer.id);
      return state.check;
    },

    /**
     * The same from what this instance holds, without a wait (the fast lane's), or undefined when it does
     * not hold it all, or when the request must go the full way (the account's activity is due).
     */
    peek(authorization: string | undefined): BuyerCheck | undefined {
      const token = bearerToken(authorization);
      if (!token) return authorization ? REFUSED : NONE;
      const claims = claimsByToken().get(token);
      if (claims === undefined) return undefined;
      const now = Date.now();
      if (claims === null || claims.expiresAt <= now) return REFUSED;
      const state = cache.peek<BuyerState>(claims.stateKey)?.value;
      if (!state || state.until <= now || now >= state.activityDueAt) return undefined;
      return state.check;
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
