#!/usr/bin/env node
// `npm test`: type-check, build (dist/ and the admin panel), run unit and integration tests on SQLite,
// then the integration suite again on PostgreSQL when TEST_DATABASE_URL is set (a fresh database per run).
// Ends with one plain line over every pass: "Tests: N passed, N failed".
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };

function summary() {
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
}

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function step(label, command, args) {
  if (run(label, command, args) !== 0) {
    console.error(`\n== ${label} failed`);
    process.exit(1);
  }
}

/** Runs vitest with a JSON report beside the console one, and adds its counts to the totals. */
function tests(label, args, env) {
  const report = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  fs.rmSync(report, { force: true });
  const status = run(label, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  if (fs.existsSync(report)) {
    const counts = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += counts.numPassedTests;
    totals.failed += counts.numFailedTests;
    totals.skipped += counts.numPendingTests + counts.numTodoTests;
  }
  if (status !== 0) {
    console.error(`\n== ${label} failed`);
    summary();
    process.exit(status);
  }
}

fs.mkdirSync(reports, { recursive: true });
const extraArgs = process.argv.slice(2);
step('environment', process.execPath, [path.join(__dirname, 'setup-env.js')]);
step('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('type-check tests', bin('tsc'), ['--noEmit', '-p', 'tests/tsconfig.json']);
step('type-check admin', bin('tsc'), ['--noEmit', '-p', 'src/plugins/extsource/admin/tsconfig.json']);
step('type-check admin customisations', bin('tsc'), ['--noEmit', '-p', 'src/admin/tsconfig.json']);
// strapi build compiles the TypeScript into dist/ and builds the admin panel the browser tests use.
step('build (TypeScript and admin panel)', bin('strapi'), ['build']);
tests('tests (SQLite)', extraArgs, { TEST_DB_CLIENT: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  tests('integration tests (PostgreSQL)', ['--project', 'integration', ...extraArgs], { TEST_DB_CLIENT: 'postgres' });
} else {
  console.log('\n== PostgreSQL pass skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it');
}
summary();
