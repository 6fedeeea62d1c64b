/** The extsource plugin, admin side: the "Property sync" page in the main menu and its home-page widget. */
import type { StrapiApp } from '@strapi/strapi/admin';
import { ArrowClockwise } from '@strapi/icons';
import { PLUGIN_ID } from './pluginId';

const READ = [{ action: `plugin::${PLUGIN_ID}.read`, subject: null }];

export default {
  register(app: StrapiApp) {
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
