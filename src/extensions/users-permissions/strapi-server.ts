/**
 * The website has no end-user accounts (it reads the public API without logging in; integrations use
 * Strapi API tokens), so the users-permissions "User" type is hidden from the Content Manager, where
 * editors look for site content. Its roles and settings stay under Settings > Users & Permissions.
 * Strapi applies this file to the plugin at load time (src/extensions/<plugin>/strapi-server).
 */
import { addBuyerFields } from './buyer-fields';

interface PluginDefinition {
  contentTypes: Record<string, { schema: { pluginOptions?: Record<string, unknown>; attributes: Record<string, unknown> } }>;
}

export default (plugin: PluginDefinition): PluginDefinition => {
  const user = plugin.contentTypes.user.schema;
  user.pluginOptions = { ...user.pluginOptions, 'content-manager': { visible: false } };
  addBuyerFields(user);
  return plugin;
};
