/**
 * What Strapi's Editor and Author roles may do here, set once per database (later changes under
 * Settings > Roles are an administrator's and are kept):
 * - leads come from the website only, so neither role may create one in the Content Manager (reading,
 *   correcting and deleting stay);
 * - editors run the property sync and read its results (the Property sync page and dashboard widget).
 * Super admins keep every permission, as Strapi gives them.
 *
 * Strapi internals used, checked against @strapi/admin 5.54.0: the `admin::role` service's
 * findOne({ code }) and addPermissions(roleId, permissions), the `admin::permission` service's
 * findMany({ where }) and deleteByIds(ids).
 */
import type { Core } from '@strapi/strapi';
import { CONTACT_UID } from '../api/contact/lib/lead-type';

const EDITOR = 'strapi-editor';
const AUTHOR = 'strapi-author';
const FLAG = 'editor-roles-v1';

interface Permission {
  id: number;
}

interface PermissionService {
  findMany(params: { where: Record<string, unknown> }): Promise<Permission[]>;
  deleteByIds(ids: number[]): Promise<void>;
}

interface RoleService {
  findOne(params: { code: string }): Promise<{ id: number } | null>;
  addPermissions(roleId: number, permissions: Array<{ action: string; subject?: string | null }>): Promise<unknown>;
}

const EDITOR_SYNC_ACTIONS = ['plugin::extsource.read', 'plugin::extsource.sync'];

async function removeLeadCreation(strapi: Core.Strapi, roleIds: number[]): Promise<void> {
  const permissions = strapi.service('admin::permission') as unknown as PermissionService;
  const found = await permissions.findMany({
    where: { action: 'plugin::content-manager.explorer.create', subject: CONTACT_UID, role: { id: { $in: roleIds } } },
  });
  if (found.length) await permissions.deleteByIds(found.map((permission) => permission.id));
}

export async function configureEditorRoles(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'core', name: 'admin-roles' });
  if (await store.get({ key: FLAG })) return;
  const roles = strapi.service('admin::role') as unknown as RoleService;
  const [editor, author] = await Promise.all([roles.findOne({ code: EDITOR }), roles.findOne({ code: AUTHOR })]);
  await removeLeadCreation(strapi, [editor?.id, author?.id].filter((id): id is number => id !== undefined));
  if (editor) await roles.addPermissions(editor.id, EDITOR_SYNC_ACTIONS.map((action) => ({ action, subject: null })));
  await store.set({ key: FLAG, value: { appliedAt: new Date().toISOString() } });
}
