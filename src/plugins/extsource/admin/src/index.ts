/** The extsource plugin, admin side: the "Property sync" page in the main menu. */
import { ArrowClockwise } from '@strapi/icons';
import { PLUGIN_ID } from './pluginId';

interface AdminApp {
  addMenuLink(link: {
    to: string;
    icon: React.ElementType;
    intlLabel: { id: string; defaultMessage: string };
    permissions: Array<{ action: string; subject: null }>;
    Component: () => Promise<{ default: React.ComponentType }>;
  }): void;
  registerPlugin(plugin: { id: string; name: string }): void;
}

export default {
  register(app: AdminApp) {
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: ArrowClockwise,
      intlLabel: { id: `${PLUGIN_ID}.menu.label`, defaultMessage: 'Property sync' },
      permissions: [{ action: `plugin::${PLUGIN_ID}.read`, subject: null }],
      Component: () => import('./pages/SyncPage'),
    });
    app.registerPlugin({ id: PLUGIN_ID, name: 'Property sync' });
  },

  async registerTrads() {
    return [];
  },
};
