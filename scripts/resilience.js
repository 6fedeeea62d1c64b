#!/usr/bin/env node
// `npm run test:resilience`: what hostile clients and crashes can do, measured (docs/security.md).
// Compiles the app (and builds the admin panel if it never was), runs the resilience suites on SQLite
// (load, fuzzing, kill -9, slow clients, the access matrix, scheduling dates, the admin's CSP in Chromium), then the
// fuzzing again on PostgreSQL when TEST_DATABASE_URL is set, and prints every suite's figures.
// Ends with one line: "Resilience: N passed, N failed".
// On a Node the project does not support it re-runs itself on Node 22 (scripts/lib/supported-node.js).
'use strict';

const fs = require('fs');
const path = require('path');

require('./lib/supported-node').runOnSupportedNode(__filename, main);

function main() {
  const { createRunner } = require('./lib/test-runner');
  const { root, bin, step, tests, summary } = createRunner('Resilience');
  const figuresFile = path.join(root, '.tmp', 'resilience', 'figures.json');

  fs.rmSync(figuresFile, { force: true });
  step('environment', process.execPath, [path.join(__dirname, 'setup-env.js')]);
  step('compile (TypeScript into dist/)', process.execPath, [path.join(__dirname, 'compile.js')]);
  if (!fs.existsSync(path.join(root, 'dist', 'build', 'index.html'))) step('admin panel build', bin('strapi'), ['build']);
  tests('resilience (SQLite)', ['--project', 'resilience'], { TEST_DB_CLIENT: 'sqlite' });
  if (process.env.TEST_DATABASE_URL) {
    tests('resilience: fuzzing (PostgreSQL)', ['--project', 'resilience', 'tests/resilience/fuzz.test.ts'], { TEST_DB_CLIENT: 'postgres' });
  } else {
    console.log('\n== PostgreSQL fuzzing skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it');
  }

  const figures = fs.existsSync(figuresFile) ? JSON.parse(fs.readFileSync(figuresFile, 'utf8')) : {};
  console.log('\n== Figures');
  for (const [suite, values] of Object.entries(figures)) console.log(`${suite}: ${JSON.stringify(values)}`);
  summary();
}
