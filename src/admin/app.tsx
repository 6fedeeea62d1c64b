/** Admin panel customisations of the app (plugins customise their own pages). */
import { ExportContactsButton } from './ExportContactsButton';

interface ContentManagerPlugin {
  injectComponent(view: 'listView', zone: 'actions', component: { name: string; Component: () => JSX.Element | null }): void;
}

interface AdminApp {
  getPlugin(id: 'content-manager'): ContentManagerPlugin;
}

export default {
  config: { locales: [] },
  bootstrap(app: AdminApp) {
    app.getPlugin('content-manager').injectComponent('listView', 'actions', { name: 'export-contacts-csv', Component: ExportContactsButton });
  },
};
