/**
 * Start-up on a shared PostgreSQL database, one process at a time. Strapi's schema sync, the first
 * admin and the demo seeding are not safe to run twice at once (two instances starting together on an
 * empty database collide on `CREATE TABLE`, then on the first admin, then seed twice). Each process
 * takes a PostgreSQL advisory lock on a session of its own before Strapi touches the database (the
 * app's `register`) and lets it go when its `bootstrap` is done; a process that dies while holding it
 * releases it with its session. On SQLite (one process) there is nothing to take.
 */
import type { Core } from '@strapi/strapi';
import { Client } from 'pg';
import { isPostgres, sessionConfig } from './postgres';

/** Advisory lock key: any constant, the same in every instance ("lux-boot" in ASCII). */
const STARTUP_LOCK_KEY = 0x6c75782d626f6f74n;
export const STARTUP_LOCK_APPLICATION_NAME = 'startup-lock';

let session: Client | undefined;

/** Waits until no other process is starting on this database, then holds the lock. */
export async function takeStartupLock(strapi: Core.Strapi): Promise<void> {
  if (!isPostgres(strapi)) return;
  const client = new Client(sessionConfig(strapi, STARTUP_LOCK_APPLICATION_NAME));
  client.on('error', (error) => strapi.log.warn(`start-up lock: session error: ${error.message}`));
  await client.connect();
  const { rows } = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1) as taken', [STARTUP_LOCK_KEY.toString()]);
  if (!rows[0].taken) {
    strapi.log.info('start-up: another instance is starting on this database; waiting for it to finish (schema, first admin, demo content)');
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
  }
  session = client;
}

export async function releaseStartupLock(): Promise<void> {
  const client = session;
  session = undefined;
  await client?.end().catch(() => undefined);
}
