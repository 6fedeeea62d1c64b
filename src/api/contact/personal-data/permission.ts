/** The permission that opens the "Personal data" page (decisions 64-65). */
import type { Core } from '@strapi/strapi';

export const PERSONAL_DATA_ACTION = 'api::personal-data.manage';

interface ActionProvider {
  registerMany(actions: Array<{ section: string; category: string; displayName: string; uid: string }>): Promise<void>;
}

/** The permission, in the roles editor under Settings (its own, so reading leads does not imply it). */
export async function registerPersonalDataPermission(strapi: Core.Strapi): Promise<void> {
  const { actionProvider } = strapi.service('admin::permission') as unknown as { actionProvider: ActionProvider };
  await actionProvider.registerMany([
    { section: 'settings', category: 'personal data', displayName: "Find, export and erase a person's leads", uid: 'personal-data.manage' },
  ]);
}
