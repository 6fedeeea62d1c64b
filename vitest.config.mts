import { defineConfig } from 'vitest/config';

/** One Strapi per run (a process singleton): every file shares one fork and one module graph, in turn. */
const oneStrapi = {
  environment: 'node' as const,
  globalSetup: ['tests/helpers/global-setup.ts'],
  pool: 'forks' as const,
  isolate: false,
  fileParallelism: false,
  maxWorkers: 1,
  hookTimeout: 180_000,
};

/**
 * Six projects. `unit`: pure code, no Strapi, nothing but Node. `tools`: what needs a program besides Node
 * (scripts/lib/system-tools.js: the alert rules through Debian's promtool, the entry points rebuilding a
 * native addon with a C++ compiler), no app. `integration`: the compiled app over HTTP. `e2e`
 * (npm run test:e2e): the built admin panel in Chromium, as editors use it, and what the public API
 * then serves. The database is SQLite unless TEST_DB_CLIENT=postgres (see scripts/test.js).
 * `cluster`: several instances of the compiled app (dist/, no admin panel needed) as child processes
 * on one PostgreSQL database, with redis-server and haproxy; scripts/test.js runs it after the
 * PostgreSQL pass. `resilience` (npm run test:resilience): load, fuzzing, kill -9, slow clients, the
 * access matrix, the admin under the production CSP, with apps in child processes besides the shared one.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // The catalogues, registered as the app's start registers them (decision 204).
          setupFiles: ['tests/unit/setup/catalogues.ts'],
        },
      },
      {
        test: { name: 'tools', include: ['tests/tools/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], testTimeout: 30_000, ...oneStrapi },
      },
      {
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], testTimeout: 90_000, ...oneStrapi },
      },
      {
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 90_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: { name: 'resilience', include: ['tests/resilience/**/*.test.ts'], testTimeout: 300_000, ...oneStrapi },
      },
    ],
  },
});
