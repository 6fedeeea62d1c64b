/**
 * The upsert keys, unique in the database itself: two instances never store one listing (provider,
 * listing type, reference), or one project's detail (driver, project id), twice.
 */
import type { Core } from '@strapi/strapi';
import { DETAIL_UID } from './services/detail-rows';
import { PROPERTY_UID } from './services/sync';

async function ensureUniqueIndex(strapi: Core.Strapi, uid: string, name: string, columns: string): Promise<void> {
  const table = strapi.db.metadata.get(uid).tableName;
  await strapi.db.connection.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ${name} ON ${table} (${columns})`);
}

export async function ensureUniqueKeys(strapi: Core.Strapi): Promise<void> {
  await ensureUniqueIndex(strapi, PROPERTY_UID, 'extsource_properties_source_key', 'provider, listing_type, reference');
  await ensureUniqueIndex(strapi, DETAIL_UID, 'extsource_project_details_key', 'driver, project_id');
}
