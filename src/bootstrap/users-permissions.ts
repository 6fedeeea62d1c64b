/**
 * The site has no end-user accounts: Strapi's users-permissions plugin stays installed (Strapi's
 * admin expects it) but serves nobody. On every start, registration is switched off and the Public and
 * Authenticated roles lose every permission on the plugin's own routes (register, login, OAuth
 * connect, password reset, e-mail confirmation, /users/me...), so each of them answers 403, and a
 * JWT of a user who registered before this grants nothing. Our routes do not use these roles.
 */
import type { Core } from '@strapi/strapi';

const ROLE_UID = 'plugin::users-permissions.role';
const PERMISSION_UID = 'plugin::users-permissions.permission';

export async function closeUsersPermissions(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = ((await store.get({ key: 'advanced' })) ?? {}) as Record<string, unknown>;
  if (advanced.allow_register !== false) await store.set({ key: 'advanced', value: { ...advanced, allow_register: false } });

  const roles = (await strapi.db.query(ROLE_UID).findMany({ where: { type: { $in: ['public', 'authenticated'] } } })) as Array<{ id: number }>;
  if (roles.length === 0) return;
  await strapi.db.query(PERMISSION_UID).deleteMany({
    where: { role: { id: { $in: roles.map((role) => role.id) } }, action: { $startsWith: 'plugin::users-permissions.' } },
  });
}
