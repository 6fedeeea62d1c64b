/**
 * Strapi's users-permissions plugin, set at every start: open for buyers' accounts (src/api/account/auth/
 * access.ts), or, with ACCOUNTS_ENABLED=false, serving nobody: registration switched off and the Public and
 * Authenticated roles without any permission on the plugin's own routes (register, login, OAuth connect,
 * password reset, e-mail confirmation, /users/me...), so each of them answers 401/403, and the token of a
 * user who registered before grants nothing.
 */
import type { Core } from '@strapi/strapi';
import { followAccountWrites, openAccountsForBuyers } from '../api/account/auth/access';
import { markSessionFamilies } from '../api/account/auth/replay';

const ROLE_UID = 'plugin::users-permissions.role';
const PERMISSION_UID = 'plugin::users-permissions.permission';

async function closeUsersPermissions(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = ((await store.get({ key: 'advanced' })) ?? {}) as Record<string, unknown>;
  if (advanced.allow_register !== false) await store.set({ key: 'advanced', value: { ...advanced, allow_register: false } });

  const roles = (await strapi.db.query(ROLE_UID).findMany({ where: { type: { $in: ['public', 'authenticated', 'buyer'] } } })) as Array<{ id: number }>;
  if (roles.length === 0) return;
  await strapi.db.query(PERMISSION_UID).deleteMany({
    where: { role: { id: { $in: roles.map((role) => role.id) } }, action: { $startsWith: 'plugin::users-permissions.' } },
  });
}

export async function configureUsersPermissions(strapi: Core.Strapi): Promise<void> {
  followAccountWrites(strapi);
  markSessionFamilies(strapi);
  if (strapi.config.get('accounts.enabled') === false) await closeUsersPermissions(strapi);
  else await openAccountsForBuyers(strapi);
}
