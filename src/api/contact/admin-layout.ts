/**
 * How editors see contact submissions in the Content Manager: contact_type shown read-only, newest
 * first, the useful columns in the list. Applied once (while contact_type is still editable), so an
 * editor's later changes to the layout are kept.
 */
import type { Core } from '@strapi/strapi';
import { CONTACT_TYPE, CONTACT_UID } from './services/contact';

interface FieldMetadata {
  edit: Record<string, unknown>;
  list: Record<string, unknown>;
}

interface ContentManagerConfiguration {
  settings: Record<string, unknown>;
  metadatas: Record<string, FieldMetadata>;
  layouts: { list: string[]; edit: unknown };
}

interface ContentTypesService {
  findConfiguration(contentType: unknown): Promise<ContentManagerConfiguration>;
  updateConfiguration(contentType: unknown, configuration: ContentManagerConfiguration): Promise<unknown>;
}

const LIST_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'mobile', 'method_of_contact', 'createdAt'];

export async function configureContactAdminLayout(strapi: Core.Strapi): Promise<void> {
  const contentTypes = strapi.plugin('content-manager').service('content-types') as ContentTypesService;
  const contentType = strapi.contentType(CONTACT_UID);
  const configuration = await contentTypes.findConfiguration(contentType);
  const contactType = configuration.metadatas.contact_type;
  if (!contactType || contactType.edit.editable === false) return;

  contactType.edit = { ...contactType.edit, editable: false, description: `Always "${CONTACT_TYPE}"` };
  await contentTypes.updateConfiguration(contentType, {
    settings: { ...configuration.settings, defaultSortBy: 'createdAt', defaultSortOrder: 'DESC', mainField: 'first_name' },
    metadatas: configuration.metadatas,
    layouts: { ...configuration.layouts, list: LIST_COLUMNS },
  });
}
