/**
 * Admin panel customisations of the app (plugins customise their own pages): the editors' custom fields
 * (decision 227), the Buyers list titled so, the Leads widget first on
 * the home page (Property sync, then Buyers after it), the Content Manager's menu in site order, the leads list's columns and Export CSV button,
 * each lead's Deliveries panel, the Personal data page, the Schedule panel of every entry with Draft & Publish, and
 * Strapi's developer prompts switched off where Strapi 5.54.0 allows (see docs/editors.md for what
 * cannot be).
 */
import type { ComponentType } from 'react';
import type { StrapiApp, WidgetArgs } from '@strapi/strapi/admin';
import { Mail, Shield, User } from '@strapi/icons';
import { inSiteOrder, MENU_TRANSLATIONS } from './content-manager-order';
import { ExportContactsButton } from './ExportContactsButton';
import { BuyerAlertsPanel } from './BuyerAlertsPanel';
import { LeadDeliveriesPanel } from './LeadDeliveriesPanel';
import { PublicationSchedulePanel } from './PublicationSchedulePanel';
import { leadsListColumns } from './leads-list';
import { LEADS_LIST_PATH } from './LeadsWidget';
import { BUYERS_LIST_PATH } from './BuyersWidget';
import { EDITOR_FIELDS, PICKER_FIELDS } from '../api/editor-fields/lib/fields';
import { EDITOR_FIELD_TRANSLATIONS } from './editor-fields/messages';
import type { FieldProps } from './editor-fields/edited-entry';

interface MenuLink {
  uid: string;
  title: string;
}

/** What Strapi hands an admin entry point's `bootstrap` (a part of StrapiApp, as its plugin type says). */
type StrapiAppAtBootstrap = Pick<StrapiApp, 'getPlugin' | 'registerHook'>;

const CONTACT_UID = 'api::contact.contact';
/** The Property sync widget (registered by the extsource plugin) comes right after Leads. */
const SYNC_WIDGET_ID = 'sync-status';

const leadsWidget: WidgetArgs = {
  id: 'leads',
  title: { id: 'app.widget.leads.title', defaultMessage: 'Leads' },
  icon: Mail,
  component: async () => (await import('./LeadsWidget')).LeadsWidget,
  link: { label: { id: 'app.widget.leads.link', defaultMessage: 'Open the leads' }, href: LEADS_LIST_PATH },
  permissions: [{ action: 'plugin::content-manager.explorer.read', subject: CONTACT_UID }],
};

const buyersWidget: WidgetArgs = {
  id: 'buyers',
  title: { id: 'app.widget.buyers.title', defaultMessage: 'Buyers' },
  icon: User,
  component: async () => (await import('./BuyersWidget')).BuyersWidget,
  link: { label: { id: 'app.widget.buyers.link', defaultMessage: 'Open the buyers' }, href: BUYERS_LIST_PATH },
  permissions: [{ action: 'plugin::content-manager.explorer.read', subject: 'plugin::users-permissions.user' }],
};

/** Leads and Property sync first: they are what editors and the sales team open the admin for; Buyers next. */
function withOursFirst(widgets: WidgetArgs[]): WidgetArgs[] {
  const sync = widgets.filter((widget) => widget.id === SYNC_WIDGET_ID);
  return [leadsWidget, ...sync, buyersWidget, ...widgets.filter((widget) => widget.id !== SYNC_WIDGET_ID)];
}

function readStored(key: string): Record<string, unknown> {
  try {
    return JSON.parse(window.localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Strapi's prompts for developers that no setting switches off (Strapi 5.54.0) keep their state in the
 * browser's local storage; this stores what their own close buttons store, before the panel renders:
 * - the guided tour (a popup over the first edit form, and "Create your schema / Copy an API token /
 *   Deploy to Strapi Cloud" tasks on the home page, in development): `enabled: false`, as "Skip" stores;
 * - the "Introducing the new Media Library" banner: dismissed. Its key ends with the project's uuid,
 *   which this project does not set (`false`).
 */
function dismissDeveloperPrompts(): void {
  const tour = 'STRAPI_GUIDED_TOUR';
  window.localStorage.setItem(tour, JSON.stringify({ ...readStored(tour), enabled: false }));
  for (const legacy of [true, false]) window.localStorage.setItem(`STRAPI_MEDIA_LIBRARY_BANNER_DISMISSED_FOR_${legacy}:false`, 'true');
}

/** Yes / No instead of TRUE / FALSE on switches such as "Show on the website". */
const SWITCH_LABELS = { 'app.components.ToggleCheckbox.on-label': 'Yes', 'app.components.ToggleCheckbox.off-label': 'No' };

/** A custom field's Input as Strapi 5.54.0 types it: without the props it passes (those of `FieldProps`). */
const fieldInput = (load: () => Promise<{ default: ComponentType<FieldProps> }>) => load as unknown as () => Promise<{ default?: ComponentType }>;

/** The users-permissions User type's own name, which its list and entries are titled by: its entries are the website's buyers. */
const BUYERS_TITLE = { en: { User: 'Buyers' }, ar: { User: 'المشترون' } };

export default {
  config: {
    // Arabic beside English: an editor may read the admin, and the fields' words, in either.
    locales: ['ar'],
    // No "new Strapi version" notifications for editors (the server's update check is off too).
    notifications: { releases: false },
    translations: {
      en: { ...MENU_TRANSLATIONS, ...SWITCH_LABELS, ...BUYERS_TITLE.en, ...EDITOR_FIELD_TRANSLATIONS.en },
      ar: { ...BUYERS_TITLE.ar, ...EDITOR_FIELD_TRANSLATIONS.ar },
    },
  },

  register(app: StrapiApp) {
    dismissDeveloperPrompts();
    app.widgets.register(withOursFirst);
    app.customFields.register({
      name: EDITOR_FIELDS.listingQuery.name,
      type: EDITOR_FIELDS.listingQuery.type,
      intlLabel: { id: 'editor-fields.listing-query.label', defaultMessage: 'Listing query' },
      intlDescription: { id: 'editor-fields.listing-query.description', defaultMessage: 'The projects or homes a live section shows, picked with controls.' },
      components: { Input: fieldInput(() => import('./editor-fields/ListingQueryInput')) },
    });
    for (const picker of PICKER_FIELDS) {
      app.customFields.register({
        name: picker.name,
        type: picker.type,
        intlLabel: { id: `editor-fields.${picker.name}.label`, defaultMessage: picker.label },
        intlDescription: { id: `editor-fields.${picker.name}.description`, defaultMessage: `A ${picker.label.toLowerCase()} picked from the feed as the search box suggests it.` },
        components: { Input: fieldInput(() => import('./editor-fields/PickerField')) },
      });
    }
    app.addMenuLink({
      to: 'personal-data',
      icon: Shield,
      intlLabel: { id: 'app.personal-data.menu', defaultMessage: 'Personal data' },
      permissions: [{ action: 'api::personal-data.manage', subject: null }],
      Component: () => import('./PersonalDataPage'),
    });
  },

  bootstrap(app: StrapiAppAtBootstrap) {
    app.getPlugin('content-manager').injectComponent('listView', 'actions', { name: 'export-contacts-csv', Component: ExportContactsButton });
    app.getPlugin('content-manager').injectComponent('editView', 'right-links', { name: 'lead-deliveries', Component: LeadDeliveriesPanel });
    app.getPlugin('content-manager').injectComponent('editView', 'right-links', { name: 'buyer-alerts', Component: BuyerAlertsPanel });
    app.getPlugin('content-manager').injectComponent('editView', 'right-links', { name: 'publication-schedule', Component: PublicationSchedulePanel });
    app.registerHook('Admin/CM/pages/App/mutate-collection-types-links', (value: { ctLinks: MenuLink[] }) => ({ ...value, ctLinks: inSiteOrder(value.ctLinks) }));
    app.registerHook('Admin/CM/pages/App/mutate-single-types-links', (value: { stLinks: MenuLink[] }) => ({ ...value, stLinks: inSiteOrder(value.stLinks) }));
    app.registerHook('Admin/CM/pages/ListView/inject-column-in-table', leadsListColumns);
  },
};
