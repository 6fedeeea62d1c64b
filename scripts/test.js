#!/usr/bin/env node
// `npm test`: type-check, build (dist/ and the admin panel), run unit and integration tests on SQLite, then the
// integration suite again on PostgreSQL when TEST_DATABASE_URL is set (a fresh database per run).
'use strict';

const { spawnSync } = require('child_process');
const path = require('path');

const root = path.resolve(__dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n== ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const extraArgs = process.argv.slice(2);
run('environment', process.execPath, [path.join(__dirname, 'setup-env.js')]);
run('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
run('type-check tests', bin('tsc'), ['--noEmit', '-p', 'tests/tsconfig.json']);
run('type-check admin', bin('tsc'), ['--noEmit', '-p', 'src/plugins/extsource/admin/tsconfig.json']);
// strapi build compiles the TypeScript into dist/ and builds the admin panel the browser tests use.
run('build (TypeScript and admin panel)', bin('strapi'), ['build']);
run('tests (SQLite)', bin('vitest'), ['run', ...extraArgs], { TEST_DB_CLIENT: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  run('integration tests (PostgreSQL)', bin('vitest'), ['run', '--project', 'integration', ...extraArgs], { TEST_DB_CLIENT: 'postgres' });
} else {
  console.log('\n== PostgreSQL pass skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it');
}
