/**
 * Applies the admin layout tables (labels, hints, list columns, entry titles, sorting) to the Content
 * Manager's stored configuration at start-up, never over an admin's own changes (see src/lib/admin-layout.ts).
 * What code set is remembered per type in Strapi's core store (`admin-layout`).
 *
 * Strapi internals used here, checked against @strapi/content-manager 5.54.0: the plugin's
 * `content-types` and `components` services, their findConfiguration(model) / updateConfiguration(model,
 * { settings, metadatas, layouts }), which the Content Manager's own "Configure the view" also uses.
 * The Content Manager creates and syncs these configurations in its bootstrap, which runs before ours.
 */
import type { Core } from '@strapi/strapi';
import { layoutValues, planLayout, type AdminLayout, type LayoutValues, type ViewConfiguration } from '../lib/admin-layout';

interface ConfigurationService {
  findConfiguration(model: unknown): Promise<ViewConfiguration>;
  updateConfiguration(model: unknown, configuration: Pick<ViewConfiguration, 'settings' | 'metadatas' | 'layouts'>): Promise<unknown>;
}

function serviceFor(strapi: Core.Strapi, layout: AdminLayout) {
  const contentManager = strapi.plugin('content-manager');
  if (layout.kind === 'component') {
    return { service: contentManager.service('components') as ConfigurationService, model: strapi.components[layout.uid as keyof typeof strapi.components] };
  }
  return { service: contentManager.service('content-types') as ConfigurationService, model: strapi.contentType(layout.uid as never) };
}

async function applyLayout(strapi: Core.Strapi, layout: AdminLayout, store: ReturnType<Core.Strapi['store']>): Promise<void> {
  const { service, model } = serviceFor(strapi, layout);
  if (!model) throw new Error(`admin layout: unknown ${layout.kind} ${layout.uid}`);
  const current = await service.findConfiguration(model);
  const previouslyApplied = ((await store.get({ key: layout.uid })) ?? undefined) as LayoutValues | undefined;
  const { configuration, applied, changed } = planLayout(current, layoutValues(layout), previouslyApplied);
  if (changed) {
    const { settings, metadatas, layouts } = configuration;
    await service.updateConfiguration(model, { settings, metadatas, layouts });
  }
  if (JSON.stringify(applied) !== JSON.stringify(previouslyApplied)) await store.set({ key: layout.uid, value: applied });
}

export async function applyAdminLayouts(strapi: Core.Strapi, layouts: AdminLayout[]): Promise<void> {
  const store = strapi.store({ type: 'core', name: 'admin-layout' });
  for (const layout of layouts) await applyLayout(strapi, layout, store);
}
