/**
 * Applies the admin layout tables (labels, hints, list columns, entry titles, sorting) to the Content
 * Manager's stored configuration at start-up, never over an admin's own changes (see src/lib/admin-layout.ts).
 * What code set is remembered per type in Strapi's core store (`admin-layout`).
 * The Content Manager's own configuration service is reached through src/lib/strapi/content-manager-configuration.ts.
 */
import type { Core } from '@strapi/strapi';
import { layoutValues, planLayout, withLanguageNotes, type AdminLayout, type LayoutValues } from '../lib/admin-layout';
import { viewConfiguration } from '../lib/strapi/content-manager-configuration';

interface I18nOptions {
  pluginOptions?: { i18n?: { localized?: boolean } };
}

/** Whether a field of a translated content type is written per language (undefined: the type is not translated). */
function localizedField(strapi: Core.Strapi, layout: AdminLayout): (field: string) => boolean | undefined {
  const contentType = layout.kind === 'contentType' ? (strapi.contentTypes[layout.uid as keyof typeof strapi.contentTypes] as I18nOptions & { attributes: Record<string, I18nOptions> }) : undefined;
  if (contentType?.pluginOptions?.i18n?.localized !== true) return () => undefined;
  return (field) => {
    const attribute = contentType.attributes[field];
    return attribute ? attribute.pluginOptions?.i18n?.localized === true : undefined;
  };
}

async function applyLayout(strapi: Core.Strapi, table: AdminLayout, store: ReturnType<Core.Strapi['store']>): Promise<void> {
  const layout = withLanguageNotes(table, localizedField(strapi, table));
  const view = viewConfiguration(strapi, layout.kind, layout.uid);
  const current = await view.find();
  const previouslyApplied = ((await store.get({ key: layout.uid })) ?? undefined) as LayoutValues | undefined;
  const { configuration, applied, changed } = planLayout(current, layoutValues(layout), previouslyApplied);
  if (changed) {
    const { settings, metadatas, layouts } = configuration;
    await view.update({ settings, metadatas, layouts });
  }
  if (JSON.stringify(applied) !== JSON.stringify(previouslyApplied)) await store.set({ key: layout.uid, value: applied });
}

export async function applyAdminLayouts(strapi: Core.Strapi, layouts: AdminLayout[]): Promise<void> {
  const store = strapi.store({ type: 'core', name: 'admin-layout' });
  for (const layout of layouts) await applyLayout(strapi, layout, store);
}
