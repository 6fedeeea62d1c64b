/**
 * Strapi applies this file to the users-permissions plugin at load time (src/extensions/<plugin>/
 * strapi-server); each change is a module of its own, applied in one line. The User type holds the
 * website's buyers and stays in the Content Manager, where editors read them without secrets
 * (`src/api/account/admin/permissions.ts`); roles and settings stay under Settings > Users & Permissions.
 */
import { applyAccountRules } from './account-routes';
import { addBuyerFields } from './buyer-fields';

type Plugin = Parameters<typeof addBuyerFields>[0] & Parameters<typeof applyAccountRules>[0];

export default (plugin: Plugin): Plugin => {
  addBuyerFields(plugin);
  applyAccountRules(plugin);
  return plugin;
};
