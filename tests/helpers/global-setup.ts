/**
 * Creates the throw-away database of one integration run and hands its settings to the worker:
 * a fresh SQLite file, or (TEST_DB_CLIENT=postgres) a fresh database on TEST_DATABASE_URL's server,
 * dropped again at the end.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export type TestDatabaseEnv = Record<string, string>;

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseEnv: TestDatabaseEnv;
  }
}

function databaseUrlWithName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createPostgresDatabase(): Promise<{ env: TestDatabaseEnv; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const name = `strapi_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: databaseUrlWithName(serverUrl, name) },
    drop: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

function createSqliteFile(): { env: TestDatabaseEnv; drop: () => Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strapi-test-'));
  return {
    env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'test.db') },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

const UPLOADS = path.resolve(__dirname, '..', '..', 'public', 'uploads');

/** The files the run uploads (demo images, test uploads) are removed at its end, like its database. */
export function uploadsOfThisRun(): { remove: () => void } {
  const before = new Set(fs.existsSync(UPLOADS) ? fs.readdirSync(UPLOADS) : []);
  return {
    remove: () => {
      for (const name of fs.existsSync(UPLOADS) ? fs.readdirSync(UPLOADS) : []) {
        if (!before.has(name)) fs.rmSync(path.join(UPLOADS, name), { recursive: true, force: true });
      }
    },
  };
}

export default async function setup(project: TestProject) {
  const database = process.env.TEST_DB_CLIENT === 'postgres' ? await createPostgresDatabase() : createSqliteFile();
  const uploads = uploadsOfThisRun();
  project.provide('testDatabaseEnv', database.env);
  return async () => {
    await database.drop();
    uploads.remove();
  };
}
