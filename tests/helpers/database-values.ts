/** Every value in the database, to look for what an erasure must have left nowhere. */
import type { Core } from '@strapi/strapi';

export interface StoredValue {
  table: string;
  column: string;
  value: string;
}

/** Every value of every column of every table, as text. */
export async function everyValue(strapi: Core.Strapi): Promise<StoredValue[]> {
  const knex = strapi.db.connection;
  const postgres = strapi.config.get('database.connection.client') === 'postgres';
  const tables: string[] = postgres
    ? (await knex.raw("select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'")).rows.map((row: { table_name: string }) => row.table_name)
    : ((await knex.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")) as Array<{ name: string }>).map((row) => row.name);
  const values: StoredValue[] = [];
  for (const table of tables) {
    for (const row of (await knex(table).select('*')) as Array<Record<string, unknown>>) {
      for (const [column, value] of Object.entries(row)) {
        if (value !== null && value !== undefined) values.push({ table, column, value: value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value) });
      }
    }
  }
  return values;
}
