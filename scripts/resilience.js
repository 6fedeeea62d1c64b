#!/usr/bin/env node
// `npm run test:resilience`: what hostile clients and crashes can do, measured (docs/security.md).
// Compiles the app (and builds the admin panel if it never was), runs the resilience suites on SQLite
// (load, fuzzing, kill -9, slow clients, the access matrix, the admin's CSP in Chromium), then the
// fuzzing again on PostgreSQL when TEST_DATABASE_URL is set, and prints every suite's figures.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const figuresFile = path.join(root, '.tmp', 'resilience', 'figures.json');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n== ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

fs.rmSync(figuresFile, { force: true });
run('environment', process.execPath, [path.join(__dirname, 'setup-env.js')]);
run('compile', process.execPath, [path.join(__dirname, 'compile.js')]);
if (!fs.existsSync(path.join(root, 'dist', 'build', 'index.html'))) run('admin panel build', bin('strapi'), ['build']);
run('resilience (SQLite)', bin('vitest'), ['run', '--project', 'resilience'], { TEST_DB_CLIENT: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  run('resilience: fuzzing (PostgreSQL)', bin('vitest'), ['run', '--project', 'resilience', 'tests/resilience/fuzz.test.ts'], { TEST_DB_CLIENT: 'postgres' });
} else {
  console.log('\n== PostgreSQL fuzzing skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it');
}

const figures = fs.existsSync(figuresFile) ? JSON.parse(fs.readFileSync(figuresFile, 'utf8')) : {};
console.log('\n== Figures');
for (const [suite, values] of Object.entries(figures)) console.log(`${suite}: ${JSON.stringify(values)}`);
