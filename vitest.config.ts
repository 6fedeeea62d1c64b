import { defineConfig } from 'vitest/config';

/**
 * Two projects. `unit`: pure code, no Strapi. `integration`: one Strapi per run (a process
 * singleton), so every file shares one fork and one module graph (isolate: false) and runs in turn.
 * The database is SQLite unless TEST_DB_CLIENT=postgres (see scripts/test.js).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          pool: 'forks',
          isolate: false,
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
