/**
 * What Strapi's Editor and Author roles may do here, set once per database (later changes under
 * Settings > Roles are an administrator's and are kept):
 * - leads come from the website only, so neither role may create one in the Content Manager (reading,
 *   correcting and deleting stay);
 * - editors run the property sync and read its results (the Property sync page and dashboard widget);
 * - both write every language of the translated types (Strapi gives a role the locales that existed
 *   when its permissions were made, English alone; Arabic is added once, flagged apart), and editors
 *   keep deleting and publishing them (Strapi drops those two permissions of a type that becomes
 *   translated: they carry no locales).
 * - editors read buyers (accounts without their secrets, favourites, saved searches), authors nothing of
 *   them: on a new database Strapi gives both roles every action on each type the Content Manager shows.
 * - a type the app adds later (issue 34's SEO types and robots.txt) reaches both roles as Strapi would
 *   have given it on a new database, once: each type granted is remembered, so an administrator who later
 *   takes one away keeps it away.
 * Super admins keep every permission, as Strapi gives them (i18n adds each new locale to theirs).
 *
 * Strapi internals used, checked against @strapi/admin 5.54.0: the `admin::role` service's
 * findOne({ code }) and addPermissions(roleId, permissions), the `admin::permission` service's
 * findMany({ where }) and deleteByIds(ids).
 */
import type { Core } from '@strapi/strapi';
import { BUYER_TYPES, EDITOR_BUYER_PERMISSIONS } from '../api/account/admin/permissions';
import { CONTACT_UID } from '../api/contact/lib/lead-type';
import { LOCALES } from '../lib/locale';

const EDITOR = 'strapi-editor';
const AUTHOR = 'strapi-author';
const FLAG = 'editor-roles-v1';
const LOCALES_FLAG = 'editor-roles-locales-v1';
const BUYERS_FLAG = 'editor-roles-buyers-v1';
const PERMISSION_UID = 'admin::permission';
const GRANTED_TYPES_KEY = 'editor-roles-types';

interface Permission {
  id: number;
}

interface LocalizedPermission extends Permission {
  subject: string | null;
  properties: { locales?: string[] } | null;
}

interface PermissionService {
  findMany(params: { where: Record<string, unknown> }): Promise<Permission[]>;
  deleteByIds(ids: number[]): Promise<void>;
}

interface RoleService {
  findOne(params: { code: string }): Promise<{ id: number } | null>;
  addPermissions(roleId: number, permissions: Array<{ action: string; subject?: string | null; properties?: Record<string, unknown> }>): Promise<unknown>;
}

const EDITOR_LOCALIZED_ACTIONS = ['plugin::content-manager.explorer.delete', 'plugin::content-manager.explorer.publish'];

const EDITOR_SYNC_ACTIONS = ['plugin::extsource.read', 'plugin::extsource.sync'];

async function removeLeadCreation(strapi: Core.Strapi, roleIds: number[]): Promise<void> {
  const permissions = strapi.service('admin::permission') as unknown as PermissionService;
  const found = await permissions.findMany({
    where: { action: 'plugin::content-manager.explorer.create', subject: CONTACT_UID, role: { id: { $in: roleIds } } },
  });
  if (found.length) await permissions.deleteByIds(found.map((permission) => permission.id));
}

const isTranslated = (strapi: Core.Strapi, uid: string | null) =>
  uid !== null && (strapi.contentTypes[uid as keyof typeof strapi.contentTypes]?.pluginOptions as { i18n?: { localized?: boolean } } | undefined)?.i18n?.localized === true;

/** Every permission of the roles on a translated type covers every locale. */
async function grantEveryLocale(strapi: Core.Strapi, roleIds: number[]): Promise<void> {
  const permissions = (await strapi.db.query(PERMISSION_UID).findMany({ where: { role: { id: { $in: roleIds } } } })) as LocalizedPermission[];
  for (const permission of permissions.filter((candidate) => isTranslated(strapi, candidate.subject))) {
    await strapi.db.query(PERMISSION_UID).update({ where: { id: permission.id }, data: { properties: { ...permission.properties, locales: [...LOCALES] } } });
  }
}

/** The editor deletes and publishes every translated type, in every locale. */
async function letEditorPublish(strapi: Core.Strapi, roles: RoleService, editorId: number): Promise<void> {
  const held = (await strapi.db.query(PERMISSION_UID).findMany({ where: { role: { id: editorId }, action: { $in: EDITOR_LOCALIZED_ACTIONS } } })) as Array<LocalizedPermission & { action: string }>;
  const has = new Set(held.map((permission) => `${permission.action} ${permission.subject}`));
  const missing = Object.keys(strapi.contentTypes)
    .filter((uid) => isTranslated(strapi, uid))
    .flatMap((subject) => EDITOR_LOCALIZED_ACTIONS.filter((action) => !has.has(`${action} ${subject}`)).map((action) => ({ action, subject, properties: { locales: [...LOCALES] } })));
  if (missing.length) await roles.addPermissions(editorId, missing);
}

/** Editors read buyers, without their secrets; authors see nothing of them. */
async function limitBuyerAccess(strapi: Core.Strapi, roles: RoleService, roleIds: number[], editorId: number | undefined): Promise<void> {
  const permissions = strapi.service('admin::permission') as unknown as PermissionService;
  const granted = await permissions.findMany({ where: { subject: { $in: [...BUYER_TYPES] }, role: { id: { $in: roleIds } } } });
  if (granted.length) await permissions.deleteByIds(granted.map((permission) => permission.id));
  if (editorId !== undefined) await roles.addPermissions(editorId, EDITOR_BUYER_PERMISSIONS);
}

interface ContentTypeService {
  getPermissionsWithNestedFields(actions: unknown[], options?: { restrictedSubjects?: string[] }): Array<{ action: string; subject: string; properties: Record<string, unknown> }>;
}

/** The app's editorial types, as the Content Manager shows them. */
const editorialTypes = (strapi: Core.Strapi) =>
  Object.entries(strapi.contentTypes)
    .filter(([uid, type]) => uid.startsWith('api::') && (type.pluginOptions as { 'content-manager'?: { visible?: boolean } } | undefined)?.['content-manager']?.visible !== false)
    .map(([uid]) => uid);

/**
 * Types neither role was given yet (added to the app after the roles were made) get what Strapi gives a
 * new database's roles: every content action for editors, the same but publishing on their own entries
 * for authors, in every locale. A type either role already holds anything of is left as it is.
 */
async function grantNewTypes(strapi: Core.Strapi, store: ReturnType<Core.Strapi['store']>, roles: RoleService, editorId?: number, authorId?: number): Promise<void> {
  const granted = new Set(((await store.get({ key: GRANTED_TYPES_KEY })) as string[] | null) ?? []);
  const candidates = editorialTypes(strapi).filter((uid) => !granted.has(uid));
  if (!candidates.length) return;
  const roleIds = [editorId, authorId].filter((id): id is number => id !== undefined);
  const held = new Set(((await strapi.db.query(PERMISSION_UID).findMany({ where: { role: { id: { $in: roleIds } }, subject: { $in: candidates } } })) as LocalizedPermission[]).map((permission) => permission.subject));
  const fresh = candidates.filter((uid) => !held.has(uid));
  if (fresh.length) {
    const actions = (strapi.service('admin::permission') as unknown as { actionProvider: { values(): Array<{ section: string }> } }).actionProvider.values().filter((action) => action.section === 'contentTypes');
    const all = (strapi.service('admin::content-type') as unknown as ContentTypeService)
      .getPermissionsWithNestedFields(actions)
      .filter((permission) => fresh.includes(permission.subject))
      .map((permission) => ({ ...permission, properties: { ...permission.properties, ...(isTranslated(strapi, permission.subject) ? { locales: [...LOCALES] } : {}) } }));
    if (editorId !== undefined) await roles.addPermissions(editorId, all);
    const authors = all.filter((permission) => permission.action !== 'plugin::content-manager.explorer.publish').map((permission) => ({ ...permission, conditions: ['admin::is-creator'] }));
    if (authorId !== undefined) await roles.addPermissions(authorId, authors);
  }
  await store.set({ key: GRANTED_TYPES_KEY, value: [...granted, ...candidates] });
}

async function once(store: ReturnType<Core.Strapi['store']>, flag: string, apply: () => Promise<void>): Promise<void> {
  if (await store.get({ key: flag })) return;
  await apply();
  await store.set({ key: flag, value: { appliedAt: new Date().toISOString() } });
}

export async function configureEditorRoles(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'core', name: 'admin-roles' });
  const roles = strapi.service('admin::role') as unknown as RoleService;
  const [editor, author] = await Promise.all([roles.findOne({ code: EDITOR }), roles.findOne({ code: AUTHOR })]);
  const roleIds = [editor?.id, author?.id].filter((id): id is number => id !== undefined);
  await once(store, FLAG, async () => {
    await removeLeadCreation(strapi, roleIds);
    if (editor) await roles.addPermissions(editor.id, EDITOR_SYNC_ACTIONS.map((action) => ({ action, subject: null })));
  });
  await once(store, LOCALES_FLAG, async () => {
    await grantEveryLocale(strapi, roleIds);
    if (editor) await letEditorPublish(strapi, roles, editor.id);
  });
  await once(store, BUYERS_FLAG, () => limitBuyerAccess(strapi, roles, roleIds, editor?.id));
  await grantNewTypes(strapi, store, roles, editor?.id, author?.id);
}
