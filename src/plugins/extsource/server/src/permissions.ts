/** The plugin's admin permissions: reading its status, and running syncs (the admin routes check them). */
import type { Core } from '@strapi/strapi';

/** The slice of `admin::permission` this uses (Strapi 5.54.0). */
interface ActionProvider {
  registerMany(actions: Array<{ section: string; displayName: string; uid: string; pluginName: string }>): Promise<void>;
}

export async function registerPermissions(strapi: Core.Strapi): Promise<void> {
  const { actionProvider } = strapi.service('admin::permission') as unknown as { actionProvider: ActionProvider };
  await actionProvider.registerMany([
    { section: 'plugins', displayName: 'Read sync status and statistics', uid: 'read', pluginName: 'extsource' },
    { section: 'plugins', displayName: 'Run syncs', uid: 'sync', pluginName: 'extsource' },
  ]);
}
