/**
 * The users-permissions "User" type holds the website's buyer accounts (issue 33): it gets the buyer
 * fields (`buyer-fields.ts`) and stays in the Content Manager, where editors read buyers (their role
 * reads them without secrets: `src/api/account/admin/permissions.ts`). Its roles and settings stay
 * under Settings > Users & Permissions. Strapi applies this file to the plugin at load time
 * (src/extensions/<plugin>/strapi-server).
 */
import { addBuyerFields } from './buyer-fields';

interface PluginDefinition {
  contentTypes: Record<string, { schema: { attributes: Record<string, unknown> } }>;
}

export default (plugin: PluginDefinition): PluginDefinition => {
  addBuyerFields(plugin.contentTypes.user.schema);
  return plugin;
};
