/**
 * Strapi applies this file to the users-permissions plugin at load time (src/extensions/<plugin>/
 * strapi-server); each change is a module of its own, applied in one line.
 */
import { applyAccountRules } from './account-routes';
import { addBuyerFields } from './buyer-fields';
import { hideUserType } from './hidden-user-type';

type Plugin = Parameters<typeof hideUserType>[0] & Parameters<typeof addBuyerFields>[0] & Parameters<typeof applyAccountRules>[0];

export default (plugin: Plugin): Plugin => {
  hideUserType(plugin);
  addBuyerFields(plugin);
  applyAccountRules(plugin);
  return plugin;
};
