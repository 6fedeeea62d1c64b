/**
 * Who may call which users-permissions route, set at every start (docs/contract.md, "Accounts"):
 * anyone may register, sign in, refresh, confirm and reset; a signed-in buyer may also change their
 * password and log out; Google's connect route is open only when GOOGLE_CLIENT_ID and _SECRET are set.
 * Every other route of the plugin (users, roles, permissions, sessions, /users/me) is granted to no role.
 * New accounts get the Buyer role, whatever their body says; the plugin's Authenticated role gets nothing.
 */
import type { Core } from '@strapi/strapi';
import { websiteLink } from '../lib/account-mail';
import { invalidate } from '../../../lib/cache';
import { BUYER_ROLE_TYPE, buyerCacheTag, ensureBuyerRole } from '../services/buyer';
import { endAllSessions } from './tokens';
import { accountSettings, PERMISSION_UID, ROLE_UID, SESSION_UID, USER_UID, websiteBase } from './settings';

const action = (name: string) => `plugin::users-permissions.auth.${name}`;
const SIGN_IN = ['callback', 'refresh', 'emailConfirmation', 'sendEmailConfirmation', 'forgotPassword', 'resetPassword'].map(action);
const PUBLIC_ACTIONS = [...SIGN_IN, action('register')];
const BUYER_ACTIONS = [...SIGN_IN, action('changePassword'), action('logout')];
const GOOGLE_ACTIONS = [action('connect')];

/** Leaves `roleId` with exactly `actions` among the plugin's own. */
async function grantExactly(strapi: Core.Strapi, roleId: number, actions: string[]): Promise<void> {
  const permissions = strapi.db.query(PERMISSION_UID);
  await permissions.deleteMany({ where: { role: { id: roleId }, action: { $startsWith: 'plugin::users-permissions.', $notIn: actions } } });
  const held = (await permissions.findMany({ where: { role: { id: roleId }, action: { $in: actions } }, select: ['action'] })) as Array<{ action: string }>;
  const missing = actions.filter((wanted) => !held.some((permission) => permission.action === wanted));
  for (const wanted of missing) await permissions.create({ data: { action: wanted, role: roleId } });
}

async function roleId(strapi: Core.Strapi, type: string): Promise<number | undefined> {
  return ((await strapi.db.query(ROLE_UID).findOne({ where: { type } })) as { id: number } | null)?.id;
}

export async function openAccountsForBuyers(strapi: Core.Strapi): Promise<void> {
  const settings = accountSettings(strapi);
  const google = Boolean(settings.google.clientId && settings.google.clientSecret);
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });

  const buyer = (await ensureBuyerRole(strapi)).id;
  const advanced = ((await store.get({ key: 'advanced' })) ?? {}) as Record<string, unknown>;
  await store.set({
    key: 'advanced',
    value: {
      ...advanced,
      unique_email: true,
      allow_register: true,
      email_confirmation: settings.emailConfirmation,
      default_role: BUYER_ROLE_TYPE,
      email_reset_password: websiteLink(websiteBase(strapi), settings.paths.reset),
      email_confirmation_redirection: websiteLink(websiteBase(strapi), settings.paths.confirmed),
    },
  });

  const grant = ((await store.get({ key: 'grant' })) ?? {}) as Record<string, Record<string, unknown>>;
  grant.google = {
    ...grant.google,
    enabled: google,
    key: settings.google.clientId,
    secret: settings.google.clientSecret,
    callback: websiteLink(websiteBase(strapi), settings.paths.google),
    scope: ['email'],
  };
  await store.set({ key: 'grant', value: grant });

  const extra = google ? GOOGLE_ACTIONS : [];
  const publicRole = await roleId(strapi, 'public');
  const authenticated = await roleId(strapi, 'authenticated');
  if (publicRole !== undefined) await grantExactly(strapi, publicRole, [...PUBLIC_ACTIONS, ...extra]);
  await grantExactly(strapi, buyer, [...BUYER_ACTIONS, ...extra]);
  if (authenticated !== undefined) await grantExactly(strapi, authenticated, []);
}

interface RowWrite {
  params: { data?: Record<string, unknown>; where?: Record<string, unknown> };
  result?: { id?: number; blocked?: boolean; userId?: string } | null;
  state: { userIds?: number[] };
}

const endSessionsOf = async (strapi: Core.Strapi, ids: readonly number[]) => {
  for (const id of ids) await endAllSessions(strapi, id);
};

/** What this instance and, through the bus, every other one holds of these buyers (services/buyer.ts) is dropped. */
const forgetBuyers = (strapi: Core.Strapi, ids: ReadonlyArray<number | string>) =>
  ids.length ? invalidate(strapi, ids.map((id) => buyerCacheTag(id))) : Promise.resolve();

/**
 * Any write to an account (blocked, confirmed, its role, its last use) drops what every instance holds
 * of it; blocking or deleting it also ends its sessions, whoever writes it (an admin in the Content
 * Manager, a service, a script through the query engine): a query-engine lifecycle sees them all.
 */
export function followAccountWrites(strapi: Core.Strapi): void {
  const idsWhere = async (uid: string, where: Record<string, unknown> | undefined, field: 'id' | 'userId') =>
    ((await strapi.db.query(uid).findMany({ select: [field], where: where ?? {} })) as Array<Record<string, number | string>>).map((row) => row[field]);

  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    async afterUpdate(event) {
      const user = (event as unknown as RowWrite).result;
      if (user?.id === undefined) return;
      await forgetBuyers(strapi, [user.id]);
      if (user.blocked) await endSessionsOf(strapi, [user.id]);
    },
    async beforeUpdateMany(event) {
      const write = event as unknown as RowWrite;
      write.state.userIds = (await idsWhere(USER_UID, write.params.where, 'id')) as number[];
    },
    async afterUpdateMany(event) {
      const write = event as unknown as RowWrite;
      await forgetBuyers(strapi, write.state.userIds ?? []);
      if (write.params.data?.blocked === true) await endSessionsOf(strapi, write.state.userIds ?? []);
    },
    async afterDelete(event) {
      const user = (event as unknown as RowWrite).result;
      if (user?.id === undefined) return;
      await forgetBuyers(strapi, [user.id]);
      await endSessionsOf(strapi, [user.id]);
    },
    async beforeDeleteMany(event) {
      const write = event as unknown as RowWrite;
      write.state.userIds = (await idsWhere(USER_UID, write.params.where, 'id')) as number[];
    },
    async afterDeleteMany(event) {
      await forgetBuyers(strapi, (event as unknown as RowWrite).state.userIds ?? []);
    },
  });

  // Strapi's session manager keeps users-permissions' sessions in admin::session: a logout, a refresh,
  // a revocation or a clean-up of expired sessions ends a token on every instance at once.
  strapi.db.lifecycles.subscribe({
    models: [SESSION_UID],
    async afterUpdate(event) {
      const session = (event as unknown as RowWrite).result;
      if (session?.userId !== undefined) await forgetBuyers(strapi, [session.userId]);
    },
    async afterDelete(event) {
      const session = (event as unknown as RowWrite).result;
      if (session?.userId !== undefined) await forgetBuyers(strapi, [session.userId]);
    },
    async beforeDeleteMany(event) {
      const write = event as unknown as RowWrite;
      write.state.userIds = (await idsWhere(SESSION_UID, write.params.where, 'userId')).map(Number);
    },
    async afterDeleteMany(event) {
      await forgetBuyers(strapi, [...new Set((event as unknown as RowWrite).state.userIds ?? [])]);
    },
  });
}
