/**
 * The Content Manager's stored view configuration of a content type or component ("Configure the
 * view"): read and written as the Content Manager itself does.
 *
 * Strapi internals, checked against @strapi/content-manager 5.54.0: the plugin's `content-types` and
 * `components` services, their findConfiguration(model) and updateConfiguration(model, { settings,
 * metadatas, layouts }). The Content Manager creates and syncs these configurations in its bootstrap,
 * which runs before the app's. After a Strapi upgrade, check these two methods here and nowhere else.
 */
import type { Core } from '@strapi/strapi';
import type { ViewConfiguration } from '../admin-layout';

interface ConfigurationService {
  findConfiguration(model: unknown): Promise<ViewConfiguration>;
  updateConfiguration(model: unknown, configuration: Pick<ViewConfiguration, 'settings' | 'metadatas' | 'layouts'>): Promise<unknown>;
}

export interface ViewConfigurations {
  find(): Promise<ViewConfiguration>;
  update(configuration: Pick<ViewConfiguration, 'settings' | 'metadatas' | 'layouts'>): Promise<void>;
}

/** The view configuration of `uid` (a content type or a component); throws for an unknown uid. */
export function viewConfiguration(strapi: Core.Strapi, kind: 'contentType' | 'component', uid: string): ViewConfigurations {
  const contentManager = strapi.plugin('content-manager');
  const service = contentManager.service(kind === 'component' ? 'components' : 'content-types') as ConfigurationService;
  const model = kind === 'component' ? strapi.components[uid as keyof typeof strapi.components] : strapi.contentType(uid as never);
  if (!model) throw new Error(`admin layout: unknown ${kind} ${uid}`);
  return {
    find: () => service.findConfiguration(model),
    async update(configuration) {
      await service.updateConfiguration(model, configuration);
    },
  };
}
