/** The extsource plugin, admin side: the "Property sync" page in the main menu and its home-page widget. */
import { ArrowClockwise } from '@strapi/icons';
import { PLUGIN_ID } from './pluginId';

type Permission = { action: string; subject: null };
const READ: Permission[] = [{ action: `plugin::${PLUGIN_ID}.read`, subject: null }];

interface AdminApp {
  addMenuLink(link: {
    to: string;
    icon: React.ElementType;
    intlLabel: { id: string; defaultMessage: string };
    permissions: Permission[];
    Component: () => Promise<{ default: React.ComponentType }>;
  }): void;
  registerPlugin(plugin: { id: string; name: string }): void;
  widgets: {
    register(widget: {
      id: string;
      pluginId: string;
      title: { id: string; defaultMessage: string };
      icon: React.ElementType;
      component: () => Promise<React.ComponentType>;
      link: { label: { id: string; defaultMessage: string }; href: string };
      permissions: Permission[];
    }): void;
  };
}

export default {
  register(app: AdminApp) {
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: ArrowClockwise,
      intlLabel: { id: `${PLUGIN_ID}.menu.label`, defaultMessage: 'Property sync' },
      permissions: READ,
      Component: () => import('./pages/SyncPage'),
    });
    app.widgets.register({
      id: 'sync-status',
      pluginId: PLUGIN_ID,
      title: { id: `${PLUGIN_ID}.widget.title`, defaultMessage: 'Property sync' },
      icon: ArrowClockwise,
      component: async () => (await import('./components/SyncWidget')).SyncWidget,
      link: { label: { id: `${PLUGIN_ID}.widget.link`, defaultMessage: 'Open Property sync' }, href: `/plugins/${PLUGIN_ID}` },
      permissions: READ,
    });
    app.registerPlugin({ id: PLUGIN_ID, name: 'Property sync' });
  },

  async registerTrads() {
    return [];
  },
};
