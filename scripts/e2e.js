#!/usr/bin/env node
// `npm run test:e2e`: build the app and its admin panel (strapi build), then drive Debian's Chromium
// through the editors' workflows against the app on a throw-away SQLite database (tests/e2e), checking
// what the editor sees and what the public API then serves. Screenshots of each screen go to
// .tmp/screenshots/e2e (git-ignored). Ends with one line: "E2E: N passed, N failed".
// On a Node the project does not support it re-runs itself on Node 22 (scripts/lib/supported-node.js).
'use strict';

const path = require('path');

require('./lib/supported-node').runOnSupportedNode(__filename, main);

function main() {
  const { createRunner } = require('./lib/test-runner');
  const { bin, step, tests, summary } = createRunner('E2E');
  step('environment', process.execPath, [path.join(__dirname, 'setup-env.js')]);
  step('build the extsource plugin (its own dist/)', process.execPath, [path.join(__dirname, 'build-plugin.js')]);
  step('build (TypeScript and admin panel)', bin('strapi'), ['build']);
  tests('e2e (Chromium, SQLite)', ['--project', 'e2e', ...process.argv.slice(2)], { TEST_DB_CLIENT: 'sqlite' });
  summary();
}
