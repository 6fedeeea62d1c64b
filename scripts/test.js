#!/usr/bin/env node
// `npm test`: lint docs/openapi.yaml (Redocly, Spectral), check types/api.d.ts against it, type-check, compile, run unit
// and integration tests on SQLite, the tools tests (the shipped alert rules through promtool, the entry
// points rebuilding a native addon; each skipped, and said so, where its program is missing), then, when
// TEST_DATABASE_URL is set, the integration suite again on PostgreSQL (a fresh database per run) and the
// multi-process suite (several instances of the compiled app on one PostgreSQL database, with redis-server
// and haproxy). Ends with one plain line over every pass: "Tests: N passed, N failed", below the tests
// skipped on this machine.
// The admin panel in a browser is `npm run test:e2e` (scripts/e2e.js), which builds the panel.
// On a Node the project does not support it re-runs itself on Node 22 (scripts/lib/supported-node.js).
'use strict';

const path = require('path');

require('./lib/supported-node').runOnSupportedNode(__filename, main);

function main() {
  const { createRunner } = require('./lib/test-runner');
  const { skippedHere } = require('./lib/system-tools');
  const { bin, step, tests, skipped, summary } = createRunner('Tests');
  const extraArgs = process.argv.slice(2);
  step('environment', process.execPath, [path.join(__dirname, 'setup-env.js')]);
  // Without the variable Redocly's CLI asks the registry for a newer version of itself on every run.
  step('lint docs/openapi.yaml (redocly.yaml)', bin('redocly'), ['lint', 'docs/openapi.yaml'], { REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' });
  step('lint docs/openapi.yaml (.spectral.yaml)', bin('spectral'), ['lint', 'docs/openapi.yaml', '--fail-severity=warn']);
  step('types/api.d.ts generated from docs/openapi.yaml', process.execPath, [path.join(__dirname, 'api-types.js'), '--check']);
  step('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  step('type-check plugin server', bin('tsc'), ['--noEmit', '-p', 'src/plugins/extsource/server/tsconfig.json']);
  step('type-check tests', bin('tsc'), ['--noEmit', '-p', 'tests/tsconfig.json']);
  step('type-check admin', bin('tsc'), ['--noEmit', '-p', 'src/plugins/extsource/admin/tsconfig.json']);
  step('type-check admin customisations', bin('tsc'), ['--noEmit', '-p', 'src/admin/tsconfig.json']);
  step('compile (TypeScript into dist/, the plugin into its own)', process.execPath, [path.join(__dirname, 'compile.js')]);
  tests('tests (SQLite)', ['--project', 'unit', '--project', 'integration', ...extraArgs], { TEST_DB_CLIENT: 'sqlite' });
  // Each tools test needs a program besides Node: skipped where it is missing (said in the summary), except in CI.
  skipped(skippedHere());
  // A file filter for the other passes (`npm test -- tests/unit/x.test.ts`) leaves this one nothing to run.
  tests('tools tests (promtool, a C++ compiler)', ['--project', 'tools', ...extraArgs, ...(extraArgs.length ? ['--passWithNoTests'] : [])], {});
  if (process.env.TEST_DATABASE_URL) {
    tests('integration tests (PostgreSQL)', ['--project', 'integration', ...extraArgs], { TEST_DB_CLIENT: 'postgres' });
    tests('multi-process tests (PostgreSQL, Redis, haproxy)', ['--project', 'cluster', ...extraArgs], {});
  } else {
    console.log('\n== PostgreSQL and multi-process passes skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them');
  }
  summary();
}
