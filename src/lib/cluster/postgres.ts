/** Dedicated PostgreSQL sessions beside Strapi's pool (a LISTEN or a session lock needs a session of its own). */
import type { Core } from '@strapi/strapi';
import type { ClientConfig } from 'pg';

export function isPostgres(strapi: Core.Strapi): boolean {
  return strapi.config.get('database.connection.client') === 'postgres';
}

/** Strapi's connection settings for a `pg` client, named so it can be told apart in pg_stat_activity. */
export function sessionConfig(strapi: Core.Strapi, applicationName: string): ClientConfig {
  const { schema: _schema, ...connection } = strapi.config.get('database.connection.connection') as ClientConfig & { schema?: string };
  return { ...connection, application_name: applicationName };
}
