import path from 'path';
import type { Core } from '@strapi/strapi';

type Env = Core.Config.Shared.ConfigParams['env'];

function postgresConnection(env: Env) {
  const connectionString = env('DATABASE_URL', '');
  const ssl = env.bool('DATABASE_SSL', false)
    ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
    : false;
  return {
    ...(connectionString
      ? { connectionString }
      : {
          host: env('DATABASE_HOST', '127.0.0.1'),
          port: env.int('DATABASE_PORT', 5432),
          database: env('DATABASE_NAME', 'strapi'),
          user: env('DATABASE_USERNAME', 'strapi'),
          password: env('DATABASE_PASSWORD', ''),
        }),
    ssl,
    schema: env('DATABASE_SCHEMA', 'public'),
  };
}

interface SqliteConnection {
  pragma(source: string): unknown;
}

/**
 * WAL journal: one fsync per commit instead of several, and readers never wait for the writer.
 * synchronous=FULL keeps every committed transaction durable across a power cut (no lost leads).
 * secure_delete overwrites what a delete or an update frees with zeros, so an erased person's address
 * does not linger in free space of the file (docs/security.md).
 */
function configureConnection(connection: SqliteConnection, done: (error: Error | null, connection: SqliteConnection) => void) {
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('secure_delete = ON');
  done(null, connection);
}

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  // Strapi loads TypeScript config compiled into dist/config, so the app root is two levels up.
  const appRoot = path.resolve(__dirname, '..', '..');

  if (client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: postgresConnection(env),
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }
  if (client !== 'sqlite') {
    throw new Error(`DATABASE_CLIENT must be "sqlite" or "postgres", got "${client}"`);
  }
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.resolve(appRoot, env('DATABASE_FILENAME', '.tmp/data.db')) },
      useNullAsDefault: true,
      pool: { afterCreate: configureConnection },
    },
  };
};
