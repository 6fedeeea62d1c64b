/**
 * Boots the compiled app (dist/) once per integration run and serves it on an ephemeral port.
 * Strapi is a process singleton, so the instance lives on globalThis and every test file shares it.
 */
import { createRequire } from 'module';
import path from 'path';
import supertest from 'supertest';
import { inject } from 'vitest';
import type { Core } from '@strapi/strapi';

const appDir = path.resolve(__dirname, '..', '..');
// Strapi's ESM build trips over lodash/fp under vitest; its CommonJS build does not.
const requireCjs = createRequire(__filename);

export const TEST_ADMIN = { email: 'admin@test.local', password: 'Test-Admin-Passw0rd' };

/** Settings every integration run uses, whatever the developer's own .env says. */
function testEnvironment(): Record<string, string> {
  return {
    ...inject('testDatabaseEnv'),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://cms.test.local',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'error',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: 'true',
  };
}

async function boot(): Promise<Core.Strapi> {
  Object.assign(process.env, testEnvironment());
  const { createStrapi } = requireCjs('@strapi/strapi') as typeof import('@strapi/strapi');
  const strapi = await createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).load();
  strapi.server.mount();
  await new Promise<void>((resolve) => strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  return strapi;
}

const holder = globalThis as typeof globalThis & { __testStrapi?: Promise<Core.Strapi> };

export function getStrapi(): Promise<Core.Strapi> {
  holder.__testStrapi ??= boot();
  return holder.__testStrapi;
}

/** A supertest agent on the running app. */
export async function http() {
  return supertest((await getStrapi()).server.httpServer);
}
