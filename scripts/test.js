#!/usr/bin/env node
// `npm test`: type-check, compile, run unit and integration tests on SQLite, then the integration
// suite again on PostgreSQL when TEST_DATABASE_URL is set (a fresh database per run).
// Ends with one plain line over every pass: "Tests: N passed, N failed".
// The admin panel in a browser is `npm run test:e2e` (scripts/e2e.js), which builds the panel.
'use strict';

const path = require('path');
const { createRunner } = require('./lib/test-runner');

const { bin, step, tests, summary } = createRunner('Tests');
const extraArgs = process.argv.slice(2);
step('environment', process.execPath, [path.join(__dirname, 'setup-env.js')]);
step('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('type-check tests', bin('tsc'), ['--noEmit', '-p', 'tests/tsconfig.json']);
step('type-check admin', bin('tsc'), ['--noEmit', '-p', 'src/plugins/extsource/admin/tsconfig.json']);
step('type-check admin customisations', bin('tsc'), ['--noEmit', '-p', 'src/admin/tsconfig.json']);
step('compile (TypeScript into dist/)', process.execPath, [path.join(__dirname, 'compile.js')]);
tests('tests (SQLite)', ['--project', 'unit', '--project', 'integration', ...extraArgs], { TEST_DB_CLIENT: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  tests('integration tests (PostgreSQL)', ['--project', 'integration', ...extraArgs], { TEST_DB_CLIENT: 'postgres' });
} else {
  console.log('\n== PostgreSQL pass skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it');
}
summary();
