#!/usr/bin/env node
// `npm run develop`: the extsource plugin's server built (and rebuilt on every change, see
// build-plugin.js) beside `strapi develop`, which restarts on each new build. Ends with strapi develop.
// On a Node the project does not support it re-runs itself on Node 22 (scripts/lib/supported-node.js).
'use strict';

const { execFileSync, spawn } = require('child_process');
const path = require('path');

require('./lib/supported-node').runOnSupportedNode(__filename, main);

function main() {
  const buildPlugin = path.join(__dirname, 'build-plugin.js');
  execFileSync(process.execPath, [buildPlugin], { stdio: 'inherit' });
  const watcher = spawn(process.execPath, [buildPlugin, '--watch'], { stdio: 'inherit' });
  const strapiBin = path.resolve(__dirname, '..', 'node_modules', '.bin', 'strapi');
  const develop = spawn(strapiBin, ['develop', ...process.argv.slice(2)], { stdio: 'inherit' });
  develop.on('exit', (code, signal) => {
    watcher.kill();
    process.exitCode = signal ? 1 : code ?? 0;
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => develop.kill(signal));
}
